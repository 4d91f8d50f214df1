import { bigint, date, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { resolutions } from './assemblees.js';
import { coproprietaires, coproprietes, lots, repartitions } from './copro.js';
import { charges } from './finances.js';
import { journalEcritures } from './journal.js';
import { syndics } from './syndic.js';

/** Supplier invoice (SPEC §3); status 5/6/7 mean paid. source_urls hold storage keys. */
export const supplierInvoices = pgTable(
  'supplier_invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    syndic_id: uuid('syndic_id')
      .notNull()
      .references(() => syndics.id, { onDelete: 'cascade' }),
    copropriete_id: uuid('copropriete_id')
      .notNull()
      .references(() => coproprietes.id, { onDelete: 'cascade' }),
    invoice_date: date('invoice_date').notNull(),
    amount_cents: integer('amount_cents').notNull(),
    fournisseur_name: text('fournisseur_name').notNull(),
    compte_name: text('compte_name'),
    number: text('number'),
    internal_note: text('internal_note'),
    status: integer('status').notNull().default(1),
    source_urls: jsonb('source_urls').$type<{ path: string; content_type: string }[]>().notNull().default([]),
    /** Captured in the console (migration 0086): the 6xx account and the key it is booked to. */
    account: text('account'),
    repartition_id: uuid('repartition_id').references(() => repartitions.id, { onDelete: 'set null' }),
    /** The conseil syndical's answer (loi art. 21): envoyee, approuvee, refusee; null: never asked. */
    council: text('council').$type<'envoyee' | 'approuvee' | 'refusee'>(),
    council_comment: text('council_comment'),
    council_by: uuid('council_by').references(() => coproprietaires.id, { onDelete: 'set null' }),
    council_at: timestamp('council_at', { withTimezone: true }),
    /** The charge's écriture (6xx / 401) and its payment's (401 / 512). */
    ecriture_id: uuid('ecriture_id').references(() => journalEcritures.id),
    payment_ecriture_id: uuid('payment_ecriture_id').references(() => journalEcritures.id),
    paid_on: date('paid_on'),
  },
  (t) => [index('supplier_invoices_copro').on(t.copropriete_id, t.invoice_date)],
);

export const invoiceDepenses = pgTable('invoice_depenses', {
  id: uuid('id').primaryKey().defaultRandom(),
  invoice_id: uuid('invoice_id')
    .notNull()
    .references(() => supplierInvoices.id, { onDelete: 'cascade' }),
  charge_name: text('charge_name').notNull(),
  description: text('description'),
  amount_ttc_cents: integer('amount_ttc_cents').notNull(),
  repartitions: jsonb('repartitions').$type<{ name: string }[]>().notNull().default([]),
  /** The charge it is booked to: it then counts in the building's spending of the exercice. */
  charge_id: uuid('charge_id').references(() => charges.id, { onDelete: 'set null' }),
});

/** Accounting entries (écritures) of an invoice, with each lot's share. */
export const ecritures = pgTable('ecritures', {
  id: uuid('id').primaryKey().defaultRandom(),
  invoice_id: uuid('invoice_id')
    .notNull()
    .references(() => supplierInvoices.id, { onDelete: 'cascade' }),
  date: date('date').notNull(),
  description: text('description').notNull(),
  amount_cents: integer('amount_cents').notNull(),
});

export const ecritureLotAmounts = pgTable('ecriture_lot_amounts', {
  id: uuid('id').primaryKey().defaultRandom(),
  ecriture_id: uuid('ecriture_id')
    .notNull()
    .references(() => ecritures.id, { onDelete: 'cascade' }),
  lot_id: uuid('lot_id')
    .notNull()
    .references(() => lots.id, { onDelete: 'cascade' }),
  amount_cents: integer('amount_cents').notNull(),
});

/** The amount from which the assembly made the council's consultation compulsory (loi art. 21, al. 2). */
export const councilThresholds = pgTable('council_thresholds', {
  copropriete_id: uuid('copropriete_id')
    .primaryKey()
    .references(() => coproprietes.id, { onDelete: 'cascade' }),
  amount_cents: bigint('amount_cents', { mode: 'number' }).notNull(),
  resolution_id: uuid('resolution_id').references(() => resolutions.id, { onDelete: 'set null' }),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
