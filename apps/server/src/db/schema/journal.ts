import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { coproprietaires, coproprietes } from './copro.js';
import { financialYears } from './finances.js';

/** The journal of one exercice: the last number given (the next écriture takes the one after). */
export const journalExercices = pgTable('journal_exercices', {
  financial_year_id: uuid('financial_year_id')
    .primaryKey()
    .references(() => financialYears.id),
  copropriete_id: uuid('copropriete_id')
    .notNull()
    .references(() => coproprietes.id),
  last_number: integer('last_number').notNull().default(0),
});

/** An écriture: numbered without a gap per exercice, never updated nor deleted (DB trigger). */
export const journalEcritures = pgTable(
  'journal_ecritures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    copropriete_id: uuid('copropriete_id')
      .notNull()
      .references(() => coproprietes.id),
    financial_year_id: uuid('financial_year_id')
      .notNull()
      .references(() => journalExercices.financial_year_id),
    number: integer('number').notNull(),
    date: date('date').notNull(),
    libelle: text('libelle').notNull(),
    piece: text('piece'),
    source: text('source').notNull(),
    /** On a contre-passation: the écriture it cancels (once). */
    reverses_id: uuid('reverses_id'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('journal_ecritures_number').on(t.financial_year_id, t.number),
    uniqueIndex('journal_ecritures_reverses').on(t.reverses_id).where(sql`${t.reverses_id} is not null`),
  ],
);

/** A line of an écriture: one account, debit or credit in cents; on 450x, the co-owner. */
export const journalLignes = pgTable(
  'journal_lignes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ecriture_id: uuid('ecriture_id')
      .notNull()
      .references(() => journalEcritures.id),
    copropriete_id: uuid('copropriete_id')
      .notNull()
      .references(() => coproprietes.id),
    account: text('account').notNull(),
    coproprietaire_id: uuid('coproprietaire_id').references(() => coproprietaires.id),
    debit_cents: bigint('debit_cents', { mode: 'number' }).notNull().default(0),
    credit_cents: bigint('credit_cents', { mode: 'number' }).notNull().default(0),
    /** The co-owner statement's line this 450 line is (no key: the statement's lines belong to the syndic's sync). */
    ledger_line_id: uuid('ledger_line_id'),
  },
  (t) => [
    index('journal_lignes_ecriture').on(t.ecriture_id),
    index('journal_lignes_account').on(t.copropriete_id, t.account, t.coproprietaire_id),
    index('journal_lignes_owner').on(t.coproprietaire_id).where(sql`${t.coproprietaire_id} is not null`),
    check(
      'journal_lignes_one_side',
      sql`(${t.debit_cents} > 0) <> (${t.credit_cents} > 0) AND ${t.debit_cents} >= 0 AND ${t.credit_cents} >= 0`,
    ),
  ],
);
