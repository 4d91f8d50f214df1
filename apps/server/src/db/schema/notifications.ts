import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { coproprietaires } from './copro.js';
import { users } from './identity.js';
import { syndics } from './syndic.js';

export type SenderJson = { id?: string; name?: string; avatar?: string | null; type?: string };

/**
 * One send of the syndic API (or of a domain) to one record, a list or a copropriété: the
 * idempotency key (`external_id` per syndic) and what was asked, so a replay answers the same.
 */
export const notificationSends = pgTable(
  'notification_sends',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    syndic_id: uuid('syndic_id').references(() => syndics.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(), // notification | message
    external_id: text('external_id'),
    target: jsonb('target').$type<Record<string, unknown>>().notNull(),
    request_hash: text('request_hash').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('notification_sends_external').on(t.syndic_id, t.kind, t.external_id)],
);

/**
 * Notifications (SPEC §3 Notification). One about a co-owner record is that record's
 * (whoever holds it now sees it); `user_id` without a record is a notification to the user.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    coproprietaire_id: uuid('coproprietaire_id').references(() => coproprietaires.id, {
      onDelete: 'cascade',
    }),
    category: text('category').notNull().default('all'),
    type: text('type').notNull().default('INFO'),
    sub_type: text('sub_type').notNull().default('CREATE'),
    title: text('title').notNull(),
    body: text('body').notNull(),
    sender: jsonb('sender').$type<SenderJson>(),
    data: jsonb('data').$type<Record<string, unknown>>(),
    status: text('status').notNull().default('active'),
    is_read: boolean('is_read').notNull().default(false),
    event_action_date: timestamp('event_action_date', { withTimezone: true }),
    created_date: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
    send_id: uuid('send_id').references(() => notificationSends.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('notifications_user').on(t.user_id, t.created_date),
    index('notifications_owner').on(t.coproprietaire_id, t.created_date),
    index('notifications_send').on(t.send_id),
    // The unread counts (every page's badge, the records list) read the unread rows only: with
    // the owner index alone they read a record's whole history, read rows included.
    index('notifications_unread').on(t.coproprietaire_id).where(sql`${t.is_read} = false`),
    index('notifications_own_unread')
      .on(t.user_id)
      .where(sql`${t.is_read} = false and ${t.coproprietaire_id} is null`),
  ],
);

/** Messages from the syndic to a co-owner record (SPEC §3 Message). */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    coproprietaire_id: uuid('coproprietaire_id')
      .notNull()
      .references(() => coproprietaires.id, { onDelete: 'cascade' }),
    category: text('category').notNull().default('all'),
    title: text('title').notNull(),
    body: text('body').notNull(),
    sender: jsonb('sender').$type<SenderJson>(),
    attachments: jsonb('attachments')
      .$type<{ id: string; name: string; content_type: string; size: number }[]>()
      .notNull()
      .default([]),
    sub_type: text('sub_type').notNull().default('CREATE'),
    status: text('status').notNull().default('active'),
    is_read: boolean('is_read').notNull().default(false),
    event_action_date: timestamp('event_action_date', { withTimezone: true }),
    created_date: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
    send_id: uuid('send_id').references(() => notificationSends.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('messages_owner').on(t.coproprietaire_id, t.created_date),
    index('messages_send').on(t.send_id),
    index('messages_unread').on(t.coproprietaire_id).where(sql`${t.is_read} = false`),
  ],
);

/**
 * A co-owner record's choice of channel (email, sms, push) per kind of event (NOTIFICATION_KINDS
 * of the contract); a missing row is the default. Fund calls by e-mail stay the SPEC §3 setting.
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    coproprietaire_id: uuid('coproprietaire_id')
      .notNull()
      .references(() => coproprietaires.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    channel: text('channel').notNull(),
    enabled: boolean('enabled').notNull(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'notification_preferences_pk', columns: [t.coproprietaire_id, t.kind, t.channel] }),
  ],
);

/**
 * "Unread", written as the partial indexes' own predicate (`is_read = false`, a literal): a
 * parameter (`eq(t.is_read, false)` sends `$n`) does not prove it in a prepared statement's
 * generic plan, and PostgreSQL would read the owner index instead.
 */
export const unread = (t: typeof notifications | typeof messages) => sql`${t.is_read} = false`;
