import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { coproprietaires } from './copro.js';
import { users } from './identity.js';

export type SenderJson = { id?: string; name?: string; avatar?: string | null; type?: string };

/** Notifications of a user, optionally about one co-owner record (SPEC §3 Notification). */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
  },
  (t) => [index('notifications_user').on(t.user_id, t.created_date)],
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
  },
  (t) => [index('messages_owner').on(t.coproprietaire_id, t.created_date)],
);
