import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { coproprietaires, coproprietes, lots, repartitions } from './copro.js';

/** Exercice comptable; couple is the display label ("2025" or "2024-2025"). */
export const financialYears = pgTable(
  'financial_years',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    copropriete_id: uuid('copropriete_id')
      .notNull()
      .references(() => coproprietes.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    couple: text('couple').notNull(),
    start_date: date('start_date').notNull(),
    end_date: date('end_date').notNull(),
    closed: boolean('closed').notNull().default(false),
  },
  (t) => [uniqueIndex('financial_years_copro_year').on(t.copropriete_id, t.year)],
);

/** A charge account within a repartition (e.g. 601 Eau froide); charge_type 1/2/3 of SPEC §3. */
export const charges = pgTable(
  'charges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    copropriete_id: uuid('copropriete_id')
      .notNull()
      .references(() => coproprietes.id, { onDelete: 'cascade' }),
    repartition_id: uuid('repartition_id')
      .notNull()
      .references(() => repartitions.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    charge_type: integer('charge_type').notNull().default(1),
  },
  // The dashboard reads a building's charges and, through them, its invoices (docs/performance.md).
  (t) => [index('charges_copro').on(t.copropriete_id)],
);

/** Voted budget per year and charge (cents). */
export const budgets = pgTable(
  'budgets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    financial_year_id: uuid('financial_year_id')
      .notNull()
      .references(() => financialYears.id, { onDelete: 'cascade' }),
    charge_id: uuid('charge_id')
      .notNull()
      .references(() => charges.id, { onDelete: 'cascade' }),
    amount_cents: integer('amount_cents').notNull(),
  },
  (t) => [uniqueIndex('budgets_year_charge').on(t.financial_year_id, t.charge_id)],
);

/** Expense invoices booked on a charge for a year (SPEC §3 Invoice (finance)), with verification marks. */
export const chargeInvoices = pgTable(
  'charge_invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    charge_id: uuid('charge_id')
      .notNull()
      .references(() => charges.id, { onDelete: 'cascade' }),
    financial_year_id: uuid('financial_year_id')
      .notNull()
      .references(() => financialYears.id, { onDelete: 'cascade' }),
    supplier_invoice_id: uuid('supplier_invoice_id'),
    ecriture_description: text('ecriture_description').notNull(),
    description: text('description'),
    amount_cents: integer('amount_cents').notNull(),
    date: date('date').notNull(),
    verification_syndic: integer('verification_syndic').notNull().default(0),
    verification_syndicat: integer('verification_syndicat').notNull().default(0),
    created_date: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('charge_invoices_charge').on(t.charge_id),
    // The year's spending of a building ('Budget de fonctionnement'): without it, every invoice
    // of every building was read.
    index('charge_invoices_year').on(t.financial_year_id),
    index('charge_invoices_supplier_invoice').on(t.supplier_invoice_id),
  ],
);

/** Verification of accounts status per copropriété (SPEC §3). */
export const verificationStatus = pgTable('verification_status', {
  copropriete_id: uuid('copropriete_id')
    .primaryKey()
    .references(() => coproprietes.id, { onDelete: 'cascade' }),
  syndic_submit: integer('syndic_submit').notNull().default(0),
  syndicat_finish: integer('syndicat_finish').notNull().default(0),
});

/** Appel de fonds (provision bill) or other bill of a copropriété. */
export const bills = pgTable('bills', {
  id: uuid('id').primaryKey().defaultRandom(),
  copropriete_id: uuid('copropriete_id')
    .notNull()
    .references(() => coproprietes.id, { onDelete: 'cascade' }),
  financial_year_id: uuid('financial_year_id').references(() => financialYears.id, { onDelete: 'set null' }),
  name: text('name').notNull(),
  date: date('date').notNull(),
  bill_type: text('bill_type').notNull(), // fonctionnement | fond_travaux | travaux | other
  total_cents: integer('total_cents').notNull(),
});

/** A bill's share per lot, repartition and charge: the source of "Bill detail per lot". */
export const billLotLines = pgTable(
  'bill_lot_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bill_id: uuid('bill_id')
      .notNull()
      .references(() => bills.id, { onDelete: 'cascade' }),
    lot_id: uuid('lot_id')
      .notNull()
      .references(() => lots.id, { onDelete: 'cascade' }),
    repartition_id: uuid('repartition_id')
      .notNull()
      .references(() => repartitions.id, { onDelete: 'cascade' }),
    charge_id: uuid('charge_id').references(() => charges.id, { onDelete: 'set null' }),
    amount_cents: integer('amount_cents').notNull(),
  },
  // A bill's lines of the caller's lots, not the whole building's (a breakdown read the bill's
  // every line, one per lot, repartition and charge, then dropped all but the caller's).
  (t) => [index('bill_lot_lines_bill_lot').on(t.bill_id, t.lot_id)],
);

/**
 * The co-owner's ledger: debits (bills) and credits (payments). remaining_cents is what is
 * still owed on a debit or still available on a credit; 0 means settled ('soldée').
 */
export const ledgerLines = pgTable(
  'ledger_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    coproprietaire_id: uuid('coproprietaire_id')
      .notNull()
      .references(() => coproprietaires.id, { onDelete: 'cascade' }),
    copropriete_id: uuid('copropriete_id')
      .notNull()
      .references(() => coproprietes.id, { onDelete: 'cascade' }),
    bill_id: uuid('bill_id').references(() => bills.id, { onDelete: 'set null' }),
    payment_transaction_id: uuid('payment_transaction_id'),
    name: text('name').notNull(),
    date: date('date').notNull(),
    amount_cents: integer('amount_cents').notNull(),
    remaining_cents: integer('remaining_cents').notNull(),
    amount_type: text('amount_type').notNull(), // debit | credit
    bill_type: text('bill_type').notNull().default('other'),
    compte_id: text('compte_id'),
    /**
     * The back office's own remaining figure (null on the lines the product made): what the
     * product shows is derived from it and the product payments (rules/lettrage.ts).
     */
    office_remaining_cents: integer('office_remaining_cents'),
    /** On a back-office credit: the product payment it books (which acknowledges it). */
    books_payment_id: uuid('books_payment_id'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_lines_owner').on(t.coproprietaire_id, t.date),
    // The open lines by building (the console's balances over a threshold); INCLUDE is in the SQL.
    index('ledger_lines_open')
      .on(t.copropriete_id, t.coproprietaire_id)
      .where(sql`${t.remaining_cents} <> 0`),
  ],
);

/** One checkout attempt: what the co-owner chose and what the server computed. */
export const paymentRequests = pgTable(
  'payment_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    coproprietaire_id: uuid('coproprietaire_id')
      .notNull()
      .references(() => coproprietaires.id, { onDelete: 'cascade' }),
    user_id: uuid('user_id'),
    debits: jsonb('debits').$type<{ id: string; amount: number }[]>().notNull(),
    credits: jsonb('credits').$type<{ id: string; amount: number }[]>().notNull(),
    pay_amount_cents: integer('pay_amount_cents').notNull(),
    currency: text('currency').notNull().default('eur'),
    provider: text('provider').notNull(), // stripe | sandbox
    session_id: text('session_id').unique(),
    account_id: text('account_id'),
    /** open | scheduled (a mandate debit announced) | processing (a SEPA debit under way) | paid | failed | cancelled */
    status: text('status').notNull().default('open'),
    /** card | sepa_debit, once the checkout completed. */
    payment_method: text('payment_method'),
    /** A debit on a saved mandate, and the date its pre-notification announced. */
    mandate_id: uuid('mandate_id'),
    collect_on: date('collect_on'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completed_at: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('payment_requests_owner_status').on(t.coproprietaire_id, t.status)],
);

/**
 * A SEPA direct debit mandate saved for the next appels de fonds. The IBAN stays with the
 * provider; its first four characters (country, check digits) and last four are kept to show it masked.
 */
export const sepaMandates = pgTable(
  'sepa_mandates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    coproprietaire_id: uuid('coproprietaire_id')
      .notNull()
      .references(() => coproprietaires.id, { onDelete: 'cascade' }),
    user_id: uuid('user_id'),
    /** Référence unique du mandat (RUM). */
    reference: text('reference').notNull().unique(),
    account_holder: text('account_holder').notNull(),
    iban_prefix: text('iban_prefix').notNull(),
    iban_last4: text('iban_last4').notNull(),
    /** Days between the pre-notification and the debit (decision 122). */
    notice_days: integer('notice_days').notNull().default(5),
    provider_payment_method_id: text('provider_payment_method_id'),
    /** Who takes the debits: the sandbox's bank, or Stripe (off-session PaymentIntents). */
    provider: text('provider').notNull().default('sandbox'),
    provider_customer_id: text('provider_customer_id'),
    provider_mandate_id: text('provider_mandate_id'),
    signed_at: timestamp('signed_at', { withTimezone: true }).notNull().defaultNow(),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sepa_mandates_active').on(t.coproprietaire_id).where(sql`${t.revoked_at} is null`)],
);

/** SPEC §3 Payment transaction. */
export const paymentTransactions = pgTable(
  'payment_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    coproprietaire_id: uuid('coproprietaire_id')
      .notNull()
      .references(() => coproprietaires.id, { onDelete: 'cascade' }),
    payment_request_id: uuid('payment_request_id').references(() => paymentRequests.id),
    amount_cents: integer('amount_cents').notNull(),
    fee_cents: integer('fee_cents').notNull().default(0),
    net_cents: integer('net_cents').notNull(),
    currency: text('currency').notNull().default('eur'),
    date: timestamp('date', { withTimezone: true }).notNull(),
    payment_method: text('payment_method').notNull().default('card'),
    transfer_destination_name: text('transfer_destination_name'),
    description: text('description'),
    /** The back office has booked this product payment (its figures include it from then on). */
    acknowledged_at: timestamp('acknowledged_at', { withTimezone: true }),
    /** The provider's payment (Stripe payment intent), to match its refunds. */
    provider_payment_id: text('provider_payment_id'),
    refunded_cents: integer('refunded_cents').notNull().default(0),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_transactions_owner').on(t.coproprietaire_id, t.date),
    uniqueIndex('payment_transactions_request').on(t.payment_request_id),
    index('payment_transactions_provider').on(t.provider_payment_id),
  ],
);

/** Lettrage: the share of a product payment that settled a debit or used a credit. */
export const paymentAllocations = pgTable(
  'payment_allocations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    payment_transaction_id: uuid('payment_transaction_id')
      .notNull()
      .references(() => paymentTransactions.id, { onDelete: 'cascade' }),
    ledger_line_id: uuid('ledger_line_id')
      .notNull()
      .references(() => ledgerLines.id, { onDelete: 'cascade' }),
    amount_cents: integer('amount_cents').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_allocations_line').on(t.ledger_line_id),
    index('payment_allocations_payment').on(t.payment_transaction_id),
  ],
);

/** Webhook events seen, so a replayed event is processed once. */
export const webhookEvents = pgTable('webhook_events', {
  event_id: text('event_id').primaryKey(),
  type: text('type').notNull(),
  received_at: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
