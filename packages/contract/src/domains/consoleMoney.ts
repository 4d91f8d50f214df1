import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { okEnvelope } from '../envelope.js';
import { idField, moneyCents, moneyDate } from '../fields.js';
import { bankView, csvMappingBody, matchBody, statementBody, statementImported } from './consoleBank.js';
import { coproParams } from './console.js';

/**
 * A building's money in the console: the budget prévisionnel per exercice and key (linked to the
 * resolution that voted it), the appels of a period (previewed, then generated), the journal
 * and its balances, the bank statements and their matching. Reading is every role's
 * (building.read); writing is finances.write (rules/console.ts).
 */

export const appelKind = z.enum(['budget', 'travaux', 'fonds_travaux']);

const exercice = z.object({
  id: z.string(),
  couple: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  closed: z.boolean(),
});
const budgetLine = z.object({
  id: z.string(),
  repartition_id: z.string(),
  repartition_name: z.string(),
  kind: appelKind,
  amount_cents: z.number().int(),
  periods: z.number().int(),
  resolution_id: z.string().nullable(),
  resolution_title: z.string().nullable(),
});
const run = z.object({
  kind: appelKind,
  period: z.number().int(),
  due_date: z.string(),
  bill_id: z.string().nullable(),
  ecriture_id: z.string(),
  total_cents: z.number().int(),
});

export const moneyOverview = z.object({
  exercices: z.array(exercice),
  /** The exercice shown (the one asked, else the latest open one); null: none yet. */
  exercice: exercice.nullable(),
  budgets: z.array(budgetLine),
  runs: z.array(run),
  keys: z.array(z.object({ id: z.string(), name: z.string() })),
  /** The building's resolutions a budget can name (the one that voted it). */
  resolutions: z.array(
    z.object({ id: z.string(), title: z.string(), assemblee_date: z.string().nullable() }),
  ),
});
export type MoneyOverview = z.output<typeof moneyOverview>;

export const budgetBody = z.object({
  financial_year_id: idField,
  repartition_id: idField,
  kind: appelKind.default('budget'),
  amount_cents: moneyCents,
  periods: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(6), z.literal(12)], {
    error: "Le nombre de périodes divise l'année\u202f: 1, 2, 3, 4, 6 ou 12.",
  }),
  resolution_id: idField.nullable().default(null),
});
export type BudgetBody = z.output<typeof budgetBody>;

export const appelsBody = z.object({
  financial_year_id: idField,
  kind: appelKind.default('budget'),
  period: z.number({ error: 'Un numéro de période.' }).int().min(1).max(12),
});
export type AppelsBody = z.output<typeof appelsBody>;

export const appelsPreview = z.object({
  due_date: z.string(),
  name: z.string(),
  total_cents: z.number().int(),
  /** Already generated: nothing more would be written. */
  already: z.boolean(),
  coproprietaires: z.array(z.object({ id: z.string(), name: z.string(), amount_cents: z.number().int() })),
});
export type AppelsPreview = z.output<typeof appelsPreview>;

export const appelsGenerated = z.object({
  created: z.boolean(),
  bill_id: z.string().nullable(),
  ecriture_id: z.string(),
  due_date: z.string(),
  total_cents: z.number().int(),
  coproprietaires: z.number().int(),
});

export const journalQuery = z.object({
  exercice: idField.optional(),
  /** An account or its prefix: 512, 450, 4501… */
  compte: z
    .string()
    .regex(/^\d{1,8}$/, { error: 'Un numéro de compte.' })
    .optional(),
  source: z.enum(['appel', 'banque', 'paiement', 'contre-passation', 'manuel', 'facture']).optional(),
  /** The page starts after this écriture number. */
  after: z.coerce.number().int().min(0).optional(),
});
const journalLine = z.object({
  account: z.string(),
  coproprietaire: z.object({ id: z.string(), name: z.string() }).nullable(),
  debit_cents: z.number().int(),
  credit_cents: z.number().int(),
});
export const journalEntry = z.object({
  id: z.string(),
  number: z.number().int(),
  date: z.string(),
  libelle: z.string(),
  piece: z.string().nullable(),
  source: z.string(),
  reverses_id: z.string().nullable(),
  reversed_by: z.string().nullable(),
  lines: z.array(journalLine),
});
export type JournalEntry = z.output<typeof journalEntry>;
export const journalPage = z.object({
  exercice: exercice.nullable(),
  ecritures: z.array(journalEntry),
  /** The next page's `after`; null on the last page. */
  next_after: z.number().int().nullable(),
});

export const balancesView = z.object({
  exercice: exercice.nullable(),
  accounts: z.array(
    z.object({
      account: z.string(),
      label: z.string(),
      debit_cents: z.number().int(),
      credit_cents: z.number().int(),
    }),
  ),
  /** Budget voted against what was called and the charges recorded (6xx), cents. */
  budget: z.object({
    voted_cents: z.number().int(),
    called_cents: z.number().int(),
    charges_cents: z.number().int(),
  }),
});
export type BalancesView = z.output<typeof balancesView>;

const ecritureParams = coproParams.extend({ ecritureId: idField });
const lineParams = coproParams.extend({ lineId: idField });
const exerciceQuery = z.object({ exercice: idField.optional() });

export const consoleMoneyEndpoints = {
  overview: defineEndpoint({
    method: 'GET',
    path: '/gestion/coproprietes/:coproId/budget',
    summary: "The exercice's budget per key, the periods called, the keys and resolutions to pick",
    tags: ['gestion'],
    params: coproParams,
    query: exerciceQuery,
    response: okEnvelope(moneyOverview),
  }),
  setBudget: defineEndpoint({
    method: 'PUT',
    path: '/gestion/coproprietes/:coproId/budget',
    summary: "Set a key's voted amount for the exercice; refused once that kind was called",
    tags: ['gestion'],
    params: coproParams,
    body: budgetBody,
    response: okEnvelope(moneyOverview),
  }),
  previewAppels: defineEndpoint({
    method: 'POST',
    path: '/gestion/coproprietes/:coproId/appels/apercu',
    summary: "What a period's appels would call of each co-owner (nothing written)",
    tags: ['gestion'],
    params: coproParams,
    body: appelsBody,
    response: okEnvelope(appelsPreview),
  }),
  generateAppels: defineEndpoint({
    method: 'POST',
    path: '/gestion/coproprietes/:coproId/appels',
    summary: "Generate a period's appels: bill, statements, journal; once",
    tags: ['gestion'],
    params: coproParams,
    body: appelsBody,
    response: okEnvelope(appelsGenerated),
  }),
  journal: defineEndpoint({
    method: 'GET',
    path: '/gestion/coproprietes/:coproId/journal',
    summary: "The exercice's écritures in number order, filtered by account or source, 100 a page",
    tags: ['gestion'],
    params: coproParams,
    query: journalQuery,
    response: okEnvelope(journalPage),
  }),
  reverse: defineEndpoint({
    method: 'POST',
    path: '/gestion/coproprietes/:coproId/journal/:ecritureId/contre-passation',
    summary: 'Reverse an écriture (once), dated the day given',
    tags: ['gestion'],
    params: ecritureParams,
    body: z.object({ date: moneyDate }),
    response: okEnvelope(z.object({ id: z.string(), number: z.number().int() })),
  }),
  balances: defineEndpoint({
    method: 'GET',
    path: '/gestion/coproprietes/:coproId/balances',
    summary: 'Balance of each account, and the budget against what was called and spent',
    tags: ['gestion'],
    params: coproParams,
    query: exerciceQuery,
    response: okEnvelope(balancesView),
  }),
  bank: defineEndpoint({
    method: 'GET',
    path: '/gestion/coproprietes/:coproId/banque',
    summary: 'Statements with their rapprochement, the unmatched queue, the matched credits',
    tags: ['gestion'],
    params: coproParams,
    response: okEnvelope(bankView),
  }),
  importStatement: defineEndpoint({
    method: 'POST',
    path: '/gestion/coproprietes/:coproId/banque/releves',
    summary: 'Import a statement (camt.053, CSV with its columns, OFX); the same twice changes nothing',
    tags: ['gestion'],
    params: coproParams,
    body: statementBody,
    response: okEnvelope(statementImported),
  }),
  match: defineEndpoint({
    method: 'POST',
    path: '/gestion/coproprietes/:coproId/banque/lignes/:lineId/rapprochement',
    summary: 'Match a waiting credit by hand to one co-owner or split among several',
    tags: ['gestion'],
    params: lineParams,
    body: matchBody,
    response: okEnvelope(z.object({ payments: z.number().int() })),
  }),
};
