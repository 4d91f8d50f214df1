import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { CollectionItemStatus, RecouvrementStep } from '@tantieme/contract';
import { coproprietaires, coproprietes } from './copro.js';
import { financialYears, paymentRequests, sepaMandates } from './finances.js';

/** A building's SEPA creditor settings: collecting by file is on when they are set. */
export const sepaCreditors = pgTable('sepa_creditors', {
  copropriete_id: uuid('copropriete_id')
    .primaryKey()
    .references(() => coproprietes.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  ics: text('ics').notNull(),
  iban: text('iban').notNull(),
  bic: text('bic'),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The debtor's account of a mandate collected by file (the remise names it in full). */
export const sepaMandateAccounts = pgTable('sepa_mandate_accounts', {
  mandate_id: uuid('mandate_id')
    .primaryKey()
    .references(() => sepaMandates.id, { onDelete: 'cascade' }),
  iban: text('iban').notNull(),
  bic: text('bic'),
});

/** One remise (pain.008) for a due date. */
export const sepaCollections = pgTable(
  'sepa_collections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    copropriete_id: uuid('copropriete_id')
      .notNull()
      .references(() => coproprietes.id, { onDelete: 'cascade' }),
    financial_year_id: uuid('financial_year_id')
      .notNull()
      .references(() => financialYears.id),
    due_date: date('due_date').notNull(),
    message_id: text('message_id').notNull().unique(),
    total_cents: bigint('total_cents', { mode: 'number' }).notNull(),
    items: integer('items').notNull(),
    status: text('status').$type<'generated' | 'settled'>().notNull().default('generated'),
    created_by: uuid('created_by'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settled_at: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [index('sepa_collections_building').on(t.copropriete_id, t.due_date)],
);

/** One co-owner's debit in a remise, and what the bank said of it. */
export const sepaCollectionItems = pgTable(
  'sepa_collection_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    collection_id: uuid('collection_id')
      .notNull()
      .references(() => sepaCollections.id, { onDelete: 'cascade' }),
    copropriete_id: uuid('copropriete_id')
      .notNull()
      .references(() => coproprietes.id, { onDelete: 'cascade' }),
    coproprietaire_id: uuid('coproprietaire_id')
      .notNull()
      .references(() => coproprietaires.id, { onDelete: 'cascade' }),
    mandate_id: uuid('mandate_id')
      .notNull()
      .references(() => sepaMandates.id),
    payment_request_id: uuid('payment_request_id')
      .notNull()
      .unique()
      .references(() => paymentRequests.id),
    end_to_end_id: text('end_to_end_id').notNull().unique(),
    amount_cents: integer('amount_cents').notNull(),
    status: text('status').$type<CollectionItemStatus>().notNull().default('submitted'),
    payment_transaction_id: uuid('payment_transaction_id'),
    ecriture_id: uuid('ecriture_id'),
    return_ecriture_id: uuid('return_ecriture_id'),
    reason: text('reason'),
    answered_at: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [index('sepa_collection_items_collection').on(t.collection_id)],
);

/** A file of answers of the bank, imported once. */
export const sepaAnswers = pgTable(
  'sepa_answers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    copropriete_id: uuid('copropriete_id')
      .notNull()
      .references(() => coproprietes.id, { onDelete: 'cascade' }),
    format: text('format').$type<'pain002' | 'camt054'>().notNull(),
    ref: text('ref').notNull(),
    imported_at: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sepa_answers_ref').on(t.copropriete_id, t.ref)],
);

export const recouvrementSettings = pgTable('recouvrement_settings', {
  copropriete_id: uuid('copropriete_id')
    .primaryKey()
    .references(() => coproprietes.id, { onDelete: 'cascade' }),
  reminder_days: integer('reminder_days').array().notNull().default([15, 30]),
  mise_en_demeure_days: integer('mise_en_demeure_days').notNull().default(45),
  mise_en_demeure_fee_cents: integer('mise_en_demeure_fee_cents').notNull().default(0),
  relance_fee_cents: integer('relance_fee_cents').notNull().default(0),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A step sent to a debtor about a debt (its oldest unpaid due date), once. */
export const relances = pgTable(
  'relances',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    copropriete_id: uuid('copropriete_id')
      .notNull()
      .references(() => coproprietes.id, { onDelete: 'cascade' }),
    coproprietaire_id: uuid('coproprietaire_id')
      .notNull()
      .references(() => coproprietaires.id, { onDelete: 'cascade' }),
    step: text('step').$type<RecouvrementStep>().notNull(),
    grade: integer('grade').notNull(),
    debt_since: date('debt_since').notNull(),
    date: date('date').notNull(),
    amount_due_cents: integer('amount_due_cents').notNull(),
    fee_cents: integer('fee_cents').notNull().default(0),
    fee_ledger_line_id: uuid('fee_ledger_line_id'),
    ecriture_id: uuid('ecriture_id'),
    channel: text('channel').$type<'app' | 'lre' | 'postal'>().notNull(),
    sending_id: text('sending_id'),
    /** A letter's first presentation (LRE provider's proof, or the post's estimate): art. 19-2 runs from the next day. */
    first_presented_at: timestamp('first_presented_at', { withTimezone: true }),
    /** The letter's text as sent (a mise en demeure or the acceleration), kept as proof. */
    letter: text('letter'),
    error: text('error'),
    created_by: uuid('created_by'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('relances_once').on(t.coproprietaire_id, t.debt_since, t.step, t.grade),
    index('relances_building').on(t.copropriete_id, t.created_at),
  ],
);

/** Art. 19-2: a later period's provisions of a co-owner made due at once. */
export const appelsAnticipes = pgTable(
  'appels_anticipes',
  {
    financial_year_id: uuid('financial_year_id')
      .notNull()
      .references(() => financialYears.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    period: integer('period').notNull(),
    coproprietaire_id: uuid('coproprietaire_id')
      .notNull()
      .references(() => coproprietaires.id, { onDelete: 'cascade' }),
    amount_cents: integer('amount_cents').notNull(),
    relance_id: uuid('relance_id')
      .notNull()
      .references(() => relances.id),
  },
  (t) => [primaryKey({ columns: [t.financial_year_id, t.kind, t.period, t.coproprietaire_id] })],
);
