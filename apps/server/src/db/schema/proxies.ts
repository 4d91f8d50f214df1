import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { assemblees, signatureTokens } from './assemblees.js';
import { coproprietaires } from './copro.js';
import { files } from './files.js';

/**
 * A proxy a co-owner gives online (loi du 10 juillet 1965, art. 22 I): pending until the mandant signs
 * its PDF, then active, until withdrawn before the meeting. The chained attendance records are the
 * proof and what the tally reads; this row holds what they point to (the document, the tokens).
 */
export const assembleeProxies = pgTable(
  'assemblee_proxies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    assemblee_id: uuid('assemblee_id')
      .notNull()
      .references(() => assemblees.id, { onDelete: 'cascade' }),
    mandant_id: uuid('mandant_id')
      .notNull()
      .references(() => coproprietaires.id, { onDelete: 'cascade' }),
    /** A co-owner of the building, or null for a named person. */
    mandataire_id: uuid('mandataire_id').references(() => coproprietaires.id, { onDelete: 'set null' }),
    mandataire_name: text('mandataire_name').notNull(),
    mandataire_email: text('mandataire_email'),
    /** Voting instructions by resolution id; a resolution absent is left to the mandataire. */
    instructions: jsonb('instructions').$type<Record<string, 'agree' | 'disagree' | 'abstain'>>().notNull(),
    status: text('status').notNull().default('pending'), // pending | active | withdrawn
    file_id: uuid('file_id')
      .notNull()
      .references(() => files.id),
    document_sha256: text('document_sha256').notNull(),
    sign_token_id: uuid('sign_token_id').references(() => signatureTokens.id, { onDelete: 'set null' }),
    accept_token_id: uuid('accept_token_id').references(() => signatureTokens.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    signed_at: timestamp('signed_at', { withTimezone: true }),
    accepted_at: timestamp('accepted_at', { withTimezone: true }),
    withdrawn_at: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (t) => [
    index('assemblee_proxies_assemblee').on(t.assemblee_id),
    index('assemblee_proxies_mandataire').on(t.mandataire_id),
  ],
);
