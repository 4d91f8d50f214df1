import {
  bigint,
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
import { coproprietaires, coproprietes } from './copro.js';

/** A bank statement imported into account 512, once per building (its bank's statement id). */
export const bankStatements = pgTable(
  'bank_statements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    copropriete_id: uuid('copropriete_id')
      .notNull()
      .references(() => coproprietes.id),
    statement_ref: text('statement_ref').notNull(),
    format: text('format').$type<'camt053' | 'csv' | 'ofx'>().notNull(),
    iban: text('iban'),
    imported_at: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('bank_statements_ref').on(t.copropriete_id, t.statement_ref)],
);

export interface BankSuggestion {
  coproprietaireId: string;
  confidence: number;
  reason: string;
}

/** A statement line: a credit matched to a co-owner, waiting (unmatched), or money going out. */
export const bankLines = pgTable(
  'bank_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    statement_id: uuid('statement_id')
      .notNull()
      .references(() => bankStatements.id),
    copropriete_id: uuid('copropriete_id')
      .notNull()
      .references(() => coproprietes.id),
    line_ref: text('line_ref').notNull(),
    date: date('date').notNull(),
    /** Signed: positive = credit (money in), negative = debit. */
    amount_cents: bigint('amount_cents', { mode: 'number' }).notNull(),
    name: text('name').notNull().default(''),
    reference: text('reference').notNull().default(''),
    status: text('status').$type<'matched' | 'unmatched' | 'outgoing'>().notNull(),
    coproprietaire_id: uuid('coproprietaire_id').references(() => coproprietaires.id),
    confidence: integer('confidence'),
    reason: text('reason'),
    suggestions: jsonb('suggestions').$type<BankSuggestion[]>().notNull().default([]),
    payment_transaction_id: uuid('payment_transaction_id'),
    /** The écriture of the line into 512; and, matched by hand, the one out of 471. */
    ecriture_id: uuid('ecriture_id'),
    match_ecriture_id: uuid('match_ecriture_id'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bank_lines_ref').on(t.statement_id, t.line_ref),
    index('bank_lines_queue').on(t.copropriete_id, t.status),
  ],
);
