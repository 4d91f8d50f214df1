import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Outgoing e-mail / SMS / push, written in the same transaction as the change that causes
 * it; the worker delivers it. In development it is also what /dev/outbox shows.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel').notNull(), // email | sms | push
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    html: text('html'),
    /** Dev aid only: the plain code of a verification message (null in production). */
    code: text('code'),
    meta: jsonb('meta').$type<Record<string, unknown>>(),
    status: text('status').notNull().default('pending'), // pending | sending | sent | failed
    attempts: integer('attempts').notNull().default(0),
    /** The notification or message this delivery is for (delivery state of the syndic API). */
    ref_id: uuid('ref_id'),
    /** Retries wait until then (exponential backoff); null = at once. */
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true }),
    /** When a worker claimed it; a claim older than the lease is taken again (worker died). */
    claimed_at: timestamp('claimed_at', { withTimezone: true }),
    last_error: text('last_error'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sent_at: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('outbox_status').on(t.status, t.created_at), index('outbox_ref').on(t.ref_id)],
);
