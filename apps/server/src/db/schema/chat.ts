import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { coproprietes } from './copro.js';

/**
 * A conversation between two participants of one copropriété. Participants are co-owner
 * records ('coproprietaire') or the syndic ('syndic': any of its staff answers, the message's
 * created_by is the staff member's administrator id); key is the sorted pair.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    copropriete_id: uuid('copropriete_id')
      .notNull()
      .references(() => coproprietes.id, { onDelete: 'cascade' }),
    key: text('key').notNull().unique(),
    last_message_at: timestamp('last_message_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('conversations_copro').on(t.copropriete_id)],
);

export const conversationMembers = pgTable(
  'conversation_members',
  {
    conversation_id: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    participant_id: uuid('participant_id').notNull(),
    participant_type: text('participant_type').notNull(), // coproprietaire | syndic
    un_seen: integer('un_seen').notNull().default(0),
    /** When this member last opened the conversation: the other side's messages up to it are read. */
    last_seen_at: timestamp('last_seen_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.conversation_id, t.participant_id] }),
    index('conversation_members_participant').on(t.participant_id),
  ],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversation_id: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    created_by: uuid('created_by').notNull(),
    text: text('text').notNull().default(''),
    files: jsonb('files')
      .$type<{ id: string; name: string; size: number; content_type: string; index: number }[]>()
      .notNull()
      .default([]),
    status: integer('status').notNull().default(1),
    created_date: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_messages_conv').on(t.conversation_id, t.created_date)],
);
