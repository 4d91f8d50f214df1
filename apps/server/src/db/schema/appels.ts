import { bigint, date, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { resolutions } from './assemblees.js';
import { coproprietes, repartitions } from './copro.js';
import { bills, financialYears } from './finances.js';

/** What an appel calls: the budget prévisionnel (art. 14-1), works (art. 14-2 I), the fonds de travaux (art. 14-2 II). */
export type AppelBudgetKind = 'budget' | 'travaux' | 'fonds_travaux';

/** A key's voted amount for the exercice, called in `periods` equal periods. */
export const appelBudgets = pgTable(
  'appel_budgets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    copropriete_id: uuid('copropriete_id')
      .notNull()
      .references(() => coproprietes.id, { onDelete: 'cascade' }),
    financial_year_id: uuid('financial_year_id')
      .notNull()
      .references(() => financialYears.id, { onDelete: 'cascade' }),
    repartition_id: uuid('repartition_id')
      .notNull()
      .references(() => repartitions.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<AppelBudgetKind>().notNull(),
    amount_cents: bigint('amount_cents', { mode: 'number' }).notNull(),
    periods: integer('periods').notNull().default(4),
    /** The assembly resolution that voted it. */
    resolution_id: uuid('resolution_id').references(() => resolutions.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('appel_budgets_year_key_kind').on(t.financial_year_id, t.repartition_id, t.kind)],
);

/** One period's appels of one kind, generated once: its bill and its écriture. */
export const appelRuns = pgTable(
  'appel_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    copropriete_id: uuid('copropriete_id')
      .notNull()
      .references(() => coproprietes.id, { onDelete: 'cascade' }),
    financial_year_id: uuid('financial_year_id')
      .notNull()
      .references(() => financialYears.id),
    kind: text('kind').$type<AppelBudgetKind>().notNull(),
    period: integer('period').notNull(),
    due_date: date('due_date').notNull(),
    bill_id: uuid('bill_id').references(() => bills.id, { onDelete: 'set null' }),
    ecriture_id: uuid('ecriture_id').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('appel_runs_once').on(t.financial_year_id, t.kind, t.period)],
);
