import { z } from 'zod';
import { okEnvelope } from '../envelope.js';
import { idField } from '../fields.js';
import { named } from '../openapi.js';
import { debtorsPage, sentStep, stepName } from './consoleCollections.js';
import {
  appelKind,
  appelsGenerated,
  balancesView,
  budgetBody,
  journalPage,
  journalQuery,
  moneyOverview,
} from './consoleMoney.js';
import { bankView, statementBody, statementImported } from './consoleBank.js';
import { moneyCents, moneyDate } from '../fields.js';
import { defineSyndicEndpoint, externalIdField, upsertResult } from './syndicApi.js';

/**
 * A building's money on the syndic API, beside the console's screens and on the same services
 * (decisions 212 and 226): the budget per exercice and key, the appels of a period, the journal
 * and its balances, the bank statements and their matching. The exercice, the building, the key
 * and the co-owners are named by the syndic's external ids; an écriture and a bank line by the
 * product's id, which the lists answer. Amounts in integer cents.
 */

const yearParams = z.object({ external_id: externalIdField });
const buildingParams = z.object({ external_id: externalIdField });

export const syndicBudgetBody = named(
  'SyndicBudgetBody',
  z.object({
    repartition: externalIdField.meta({ description: 'La clé de répartition (son external_id).' }),
    kind: budgetBody.shape.kind,
    amount_cents: moneyCents,
    periods: budgetBody.shape.periods,
    resolution_id: idField
      .nullable()
      .default(null)
      .meta({ description: "La résolution qui a voté ce budget (son id, lu sur l'assemblée)." }),
  }),
  {
    example: {
      repartition: 'IMM-001-GEN',
      kind: 'budget',
      amount_cents: 2_400_000,
      periods: 4,
      resolution_id: null,
    },
  },
);
export type SyndicBudgetBody = z.output<typeof syndicBudgetBody>;

export const syndicAppelsBody = named(
  'SyndicAppelsBody',
  z.object({
    kind: appelKind.default('budget'),
    period: z.number({ error: 'Un numéro de période.' }).int().min(1).max(12),
  }),
  { example: { kind: 'budget', period: 1 } },
);

export const syndicJournalQuery = journalQuery.omit({ exercice: true }).extend({
  limit: z.coerce.number().int().min(1).max(200).default(100),
  updated_since: z.iso
    .datetime({ offset: true, error: 'Date ISO 8601 attendue (ex. 2026-11-27T18:00:00Z).' })
    .optional(),
});

export const syndicReverseBody = named('SyndicReversalBody', z.object({ date: moneyDate }), {
  example: { date: '2026-01-31' },
});

export const syndicMatchBody = named(
  'SyndicBankMatchBody',
  z.object({
    parts: z
      .array(
        z.object({
          coproprietaire: externalIdField,
          amount_cents: moneyCents.min(1, { error: 'Au moins 1 centime.' }),
        }),
      )
      .min(1, { error: 'Au moins un copropriétaire.' })
      .max(20),
  }),
  { example: { parts: [{ coproprietaire: 'CP-0042', amount_cents: 32_401 }] } },
);
export type SyndicMatchBody = z.output<typeof syndicMatchBody>;

named('MoneyOverview', moneyOverview, {
  description:
    "Le budget prévisionnel de l'exercice par clé et par nature (loi n° 65-557 art. 14-1, 14-2, 14-2-1), les périodes déjà appelées, les clés et les résolutions qu'un budget peut nommer.",
});
named('AppelsGenerated', appelsGenerated, {
  description: "`created` faux\u202f: la période était déjà appelée, rien n'a été écrit.",
});
named('JournalPage', journalPage);
named('BalancesView', balancesView);
named('BankView', bankView);
named('StatementBody', statementBody, {
  example: {
    format: 'csv',
    content: 'Date;Libellé;Montant\n05/01/2026;VIR MARTIN T1;3204,01\n',
    mapping: { date: 'Date', label: 'Libellé', amount: 'Montant' },
    bank_name: 'Crédit Mutuel',
  },
});
named('StatementImported', statementImported, {
  description: 'Importer deux fois le même relevé ne change rien\u202f: `known` compte les lignes déjà là.',
});

named('DebtorsPage', debtorsPage, {
  description:
    "Les débiteurs de l'immeuble par ancienneté de la dette, les relances et mises en demeure envoyées, et l'étape que les délais appellent (loi n° 65-557 art. 10-1, 19-2).",
});
named('RecouvrementStep', sentStep);
export const syndicStepBody = named('SyndicRecouvrementBody', z.object({ step: stepName }), {
  example: { step: 'relance' },
});

const budgetAnswer = named('SyndicBudgetResult', z.object({ result: upsertResult, budget: moneyOverview }));
const reversed = named('Reversal', z.object({ id: z.string(), number: z.number().int() }));

export const syndicMoneyEndpoints = {
  budget: defineSyndicEndpoint({
    method: 'GET',
    path: '/syndic/v1/financial-years/:external_id/budget',
    summary: "The exercice's budget per key, the periods called, the keys and resolutions to name",
    scope: 'read',
    params: yearParams,
    response: okEnvelope(moneyOverview),
  }),
  setBudget: defineSyndicEndpoint({
    method: 'PUT',
    path: '/syndic/v1/financial-years/:external_id/budget',
    summary:
      "Set a key's voted amount for the exercice (idempotent: the same values answer unchanged); 409 once that kind was called",
    scope: 'write',
    params: yearParams,
    body: syndicBudgetBody,
    response: okEnvelope(budgetAnswer),
  }),
  generateAppels: defineSyndicEndpoint({
    method: 'POST',
    path: '/syndic/v1/financial-years/:external_id/appels',
    summary: "Generate a period's appels: bill, statements, journal; a second call writes nothing",
    scope: 'write',
    params: yearParams,
    body: syndicAppelsBody,
    response: okEnvelope(appelsGenerated),
  }),
  journal: defineSyndicEndpoint({
    method: 'GET',
    path: '/syndic/v1/financial-years/:external_id/journal',
    summary:
      "The exercice's écritures in number order (`after` = the last number seen, `next_after` null on the last page); `updated_since`: those recorded since (an écriture is never changed, a correction is a new one)",
    scope: 'read',
    params: yearParams,
    query: syndicJournalQuery,
    response: okEnvelope(journalPage),
  }),
  reverse: defineSyndicEndpoint({
    method: 'POST',
    path: '/syndic/v1/financial-years/:external_id/journal/:ecriture_id/contre-passation',
    summary: 'Reverse an écriture of the exercice, dated the day given; once (409 the second time)',
    scope: 'write',
    params: yearParams.extend({ ecriture_id: idField }),
    body: syndicReverseBody,
    response: okEnvelope(reversed),
  }),
  balances: defineSyndicEndpoint({
    method: 'GET',
    path: '/syndic/v1/financial-years/:external_id/balances',
    summary: 'Balance of each account of the exercice, and the budget against what was called and spent',
    scope: 'read',
    params: yearParams,
    response: okEnvelope(balancesView),
  }),
  bank: defineSyndicEndpoint({
    method: 'GET',
    path: '/syndic/v1/coproprietes/:external_id/bank',
    summary: "The building's statements with their rapprochement, the unmatched queue, the matched credits",
    scope: 'read',
    params: buildingParams,
    response: okEnvelope(bankView),
  }),
  importStatement: defineSyndicEndpoint({
    method: 'POST',
    path: '/syndic/v1/coproprietes/:external_id/bank/statements',
    summary:
      'Import a bank statement (camt.053, CSV with its columns, OFX) into 512; credits matched to co-owners; the same file twice changes nothing',
    scope: 'write',
    params: buildingParams,
    body: statementBody,
    response: okEnvelope(statementImported),
  }),
  match: defineSyndicEndpoint({
    method: 'POST',
    path: '/syndic/v1/coproprietes/:external_id/bank/lines/:line_id/match',
    summary:
      'Match a credit waiting in 471 by hand to one co-owner, or split it among several whose amounts make it to the cent',
    scope: 'write',
    params: buildingParams.extend({ line_id: idField }),
    body: syndicMatchBody,
    response: okEnvelope(z.object({ payments: z.number().int() })),
  }),
  debtors: defineSyndicEndpoint({
    method: 'GET',
    path: '/syndic/v1/coproprietes/:external_id/debtors',
    summary: "The building's debtors by age of debt, with the reminders and formal notices sent",
    scope: 'read',
    params: buildingParams,
    response: okEnvelope(debtorsPage),
  }),
  sendStep: defineSyndicEndpoint({
    method: 'POST',
    path: '/syndic/v1/coproprietes/:external_id/debtors/:coproprietaire/steps',
    summary:
      'Send a debtor a reminder, the mise en demeure (art. 42-1 channel) or the art. 19-2 acceleration; each step once per debt (409 the second time)',
    scope: 'write',
    params: buildingParams.extend({ coproprietaire: externalIdField }),
    body: syndicStepBody,
    response: okEnvelope(sentStep),
  }),
};
