import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { assemblees } from './assemblees.js';

/** The chain heads signed when the vote closed and when the assembly ended (sent to the participants). */
export const assembleeHeads = pgTable(
  'assemblee_heads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    assemblee_id: uuid('assemblee_id')
      .notNull()
      .references(() => assemblees.id, { onDelete: 'cascade' }),
    event: text('event').notNull(), // vote_closed | ended
    count: integer('count').notNull(),
    digest: text('digest').notNull(),
    signed_at: timestamp('signed_at', { withTimezone: true }).notNull(),
    /** Ed25519, base64, over the contract's headMessage. */
    signature: text('signature').notNull(),
    key_fingerprint: text('key_fingerprint').notNull(),
  },
  (t) => [index('assemblee_heads_assemblee').on(t.assemblee_id, t.signed_at)],
);
