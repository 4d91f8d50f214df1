import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A stored object (local disk or S3): documents, attachments, avatars, signatures. */
export const files = pgTable('files', {
  id: uuid('id').primaryKey().defaultRandom(),
  storage_key: text('storage_key').notNull().unique(),
  name: text('name').notNull(),
  content_type: text('content_type').notNull(),
  size: integer('size').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
