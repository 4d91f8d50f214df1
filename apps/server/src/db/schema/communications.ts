import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { coproprietaires, coproprietes } from './copro.js';
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
  },
  (t) => [index('communications_owner').on(t.coproprietaire_id, t.sending_method, t.created_date)],
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
