import { date, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { coproprietes, lots } from './copro.js';
import { charges } from './finances.js';
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
