import { jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { assemblees } from './assemblees.js';
import { communications } from './communications.js';
import { type PresentationSource, demandesVoiePostale } from './convocations.js';
import { coproprietaires } from './copro.js';
import { files } from './files.js';

/**
 * The procès-verbal notified to an opposant or défaillant (loi 1965 art. 42, 2e al.; décret 1967
 * art. 18) through their channel of art. 42-1: the proof of the deposit and of the first
 * presentation, from which the two months to contest run. One per co-owner and assembly.
 */
export const pvNotifications = pgTable(
  'pv_notifications',
  {
    assemblee_id: uuid('assemblee_id')
      .notNull()
      .references(() => assemblees.id, { onDelete: 'cascade' }),
    coproprietaire_id: uuid('coproprietaire_id')
      .notNull()
      .references(() => coproprietaires.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<'lre' | 'postal'>().notNull(),
    /** The request for the post the postal channel relied on (loi art. 42-1). */
    demande_postale_id: uuid('demande_postale_id').references(() => demandesVoiePostale.id),
    /** The e-mail address of the LRE. */
    recipient: text('recipient'),
    /** The resolutions opposed, and those on which the co-owner was défaillant. */
    grounds: jsonb('grounds').$type<{ opposant: number[]; defaillant: number[] }>().notNull(),
    /** The sealed PV notified. */
    pv_file_id: uuid('pv_file_id').references(() => files.id),
    /** The letter as the co-owner reads it in their space. */
    communication_id: uuid('communication_id').references(() => communications.id, { onDelete: 'set null' }),
    provider: text('provider'),
    sending_id: text('sending_id'),
    sent_at: timestamp('sent_at', { withTimezone: true }),
    first_presented_at: timestamp('first_presented_at', { withTimezone: true }),
    first_presentation_source: text('first_presentation_source').$type<PresentationSource>(),
    /** The provider's answers, kept as proof. */
    proof: jsonb('proof').$type<Record<string, unknown>>(),
    error: text('error'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.assemblee_id, t.coproprietaire_id] })],
);
