import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { coproprietaires, coproprietes, repartitions } from './copro.js';
import { files } from './files.js';
import { syndics } from './syndic.js';

export type RecipientInfoJson = {
  sending_address?: {
    address_1?: string;
    address_4?: string;
    zip_code?: string;
    city?: string;
    country?: string;
  };
  name?: string;
  to_addresses?: string[];
  sending_phone?: string[];
};

/**
 * A notice (avis) the syndic sends to a building, the lots of one key (a staircase, a bâtiment)
 * or chosen co-owners; each recipient gets a communication row (`notice_id`) they read.
 */
export const communicationNotices = pgTable(
  'communication_notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    syndic_id: uuid('syndic_id')
      .notNull()
      .references(() => syndics.id, { onDelete: 'cascade' }),
    copropriete_id: uuid('copropriete_id')
      .notNull()
      .references(() => coproprietes.id, { onDelete: 'cascade' }),
    audience: text('audience').notNull(), // immeuble | cle | coproprietaires
    repartition_id: uuid('repartition_id').references(() => repartitions.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    html_body: text('html_body').notNull(),
    /** Who sent it: the staff member's name, or the syndic's software. */
    sent_by: text('sent_by').notNull(),
    created_date: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('communication_notices_copro').on(t.copropriete_id, t.created_date)],
);

/** Postal, e-mail and SMS communications sent to a co-owner (SPEC §3). */
export const communications = pgTable(
  'communications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    syndic_id: uuid('syndic_id')
      .notNull()
      .references(() => syndics.id, { onDelete: 'cascade' }),
    copropriete_id: uuid('copropriete_id').references(() => coproprietes.id, { onDelete: 'cascade' }),
    coproprietaire_id: uuid('coproprietaire_id')
      .notNull()
      .references(() => coproprietaires.id, { onDelete: 'cascade' }),
    sending_method: text('sending_method').notNull(), // postal | email | sms
    module: text('module').notNull(), // courrier | adf | global_adf | relance | proces_verbal | convocation | invitation
    recipient_info: jsonb('recipient_info').$type<RecipientInfoJson>().notNull().default({}),
    subject: text('subject'),
    html_body: text('html_body'),
    content: text('content'),
    internal_executed_date: timestamp('internal_executed_date', { withTimezone: true }),
    created_date: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
    /** The notice this row delivers to one of its recipients. */
    notice_id: uuid('notice_id').references(() => communicationNotices.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index('communications_notice').on(t.notice_id),
    index('communications_owner').on(t.coproprietaire_id, t.sending_method, t.created_date),
  ],
);

export const communicationAttachments = pgTable('communication_attachments', {
  id: uuid('id').primaryKey().defaultRandom(),
  communication_id: uuid('communication_id')
    .notNull()
    .references(() => communications.id, { onDelete: 'cascade' }),
  file_id: uuid('file_id')
    .notNull()
    .references(() => files.id),
  name: text('name').notNull(),
});

/** The first time a recipient opened a communication (one row per recipient's row). */
export const communicationReads = pgTable('communication_reads', {
  communication_id: uuid('communication_id')
    .primaryKey()
    .references(() => communications.id, { onDelete: 'cascade' }),
  read_at: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
});
