import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { okEnvelope } from '../envelope.js';
import { idField, requiredString } from '../fields.js';
import { coproParams } from './console.js';

/**
 * The console's SEPA collections (remises pain.008 and the bank's answers) and recovery of unpaid
 * charges (debtors by age of debt, reminders, mises en demeure, art. 19-2) for one building.
 */

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Une date AAAA-MM-JJ.' });

export const creditorBody = z.object({
  name: requiredString.max(70),
  ics: requiredString.max(35),
  iban: requiredString.max(42),
  bic: z.string().trim().max(11).nullable().default(null),
});

const creditor = z.object({
  name: z.string(),
  ics: z.string(),
  iban: z.string(),
  bic: z.string().nullable(),
});

export const collectionItem = z.object({
  id: z.string(),
  coproprietaire: z.object({ id: z.string(), name: z.string() }),
  amount_cents: z.number().int(),
  end_to_end_id: z.string(),
  status: z.enum(['submitted', 'settled', 'rejected', 'returned']),
  reason: z.string().nullable(),
});

export const collectionSummary = z.object({
  id: z.string(),
  due_date: z.string(),
  message_id: z.string(),
  total_cents: z.number().int(),
  status: z.enum(['generated', 'settled']),
  created_at: z.string(),
  items: z.array(collectionItem),
});

export const collectionsPage = z.object({
  creditor: creditor.nullable(),
  /** Co-owners with a mandate collected by file. */
  mandates: z.number().int(),
  /** The first due date a remise may carry (the mandate's notice). */
  earliest_due_date: z.string(),
  collections: z.array(collectionSummary),
});

const answersResult = z.object({
  format: z.enum(['pain002', 'camt054']),
  known: z.boolean(),
  rejected: z.number().int(),
  returned: z.number().int(),
  unchanged: z.number().int(),
  unknown: z.number().int(),
});

/** A remise of the building (named in the body: an unknown one is a 400 on the field). */
const collectionRef = z.object({ collection_id: idField });

export const consoleCollectionEndpoints = {
  page: defineEndpoint({
    method: 'GET',
    path: '/gestion/coproprietes/:coproId/prelevements',
    summary: "A building's SEPA collections by file: creditor settings, remises and their answers",
    tags: ['gestion'],
    params: coproParams,
    response: okEnvelope(collectionsPage),
  }),
  creditor: defineEndpoint({
    method: 'PUT',
    path: '/gestion/coproprietes/:coproId/prelevements/creancier',
    summary: "The building's SEPA creditor: name, identifiant créancier (ICS), the syndicat's IBAN and BIC",
    tags: ['gestion'],
    params: coproParams,
    body: creditorBody,
    response: okEnvelope(creditor),
  }),
  generate: defineEndpoint({
    method: 'POST',
    path: '/gestion/coproprietes/:coproId/prelevements',
    summary: 'Generate the remise (pain.008.001.02) of a due date; each co-owner is pre-notified',
    tags: ['gestion'],
    params: coproParams,
    body: z.object({ due_date: day }),
    response: okEnvelope(
      z.object({ id: z.string(), items: z.number().int(), total_cents: z.number().int() }),
    ),
  }),
  file: defineEndpoint({
    method: 'POST',
    path: '/gestion/coproprietes/:coproId/prelevements/fichier',
    summary: 'The remise as the bank takes it (pain.008.001.02 XML)',
    tags: ['gestion'],
    params: coproParams,
    body: collectionRef,
    response: okEnvelope(z.object({ filename: z.string(), content: z.string() })),
  }),
  settle: defineEndpoint({
    method: 'POST',
    path: '/gestion/coproprietes/:coproId/prelevements/encaissement',
    summary: 'The bank took the remise: each debit not rejected is credited, with its écriture',
    tags: ['gestion'],
    params: coproParams,
    body: collectionRef,
    response: okEnvelope(z.object({ settled: z.number().int() })),
  }),
  answers: defineEndpoint({
    method: 'POST',
    path: '/gestion/coproprietes/:coproId/prelevements/retours',
    summary: "Import the bank's answers (pain.002 rejections, camt.054 returns), once",
    tags: ['gestion'],
    params: coproParams,
    body: z.object({ content: requiredString.max(5_000_000) }),
    response: okEnvelope(answersResult),
  }),
};

export const recouvrementSettingsBody = z.object({
  reminder_days: z.array(z.number().int()).max(5),
  mise_en_demeure_days: z.number().int(),
  mise_en_demeure_fee_cents: z.number().int(),
  relance_fee_cents: z.number().int(),
});

export const stepName = z.enum(['relance', 'mise_en_demeure', 'exigibilite']);
export const sentStep = z.object({
  id: z.string(),
  step: stepName,
  grade: z.number().int(),
  date: z.string(),
  amount_due_cents: z.number().int(),
  fee_cents: z.number().int(),
  channel: z.enum(['app', 'lre', 'postal']),
  /** A letter's first presentation (YYYY-MM-DD), null while unknown: art. 19-2 runs from the next day. */
  presented: z.string().nullable(),
});
const buckets = z.object({ b30: z.number(), b60: z.number(), b90: z.number(), b90plus: z.number() });

export const debtorsPage = z.object({
  settings: recouvrementSettingsBody,
  totals: buckets,
  debtors: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      due_cents: z.number().int(),
      oldest_due_date: z.string(),
      age_days: z.number().int(),
      buckets,
      steps: z.array(sentStep),
      /** What the delays call for today, if anything. */
      due_step: stepName.nullable(),
    }),
  ),
});

export const consoleRecouvrementEndpoints = {
  debtors: defineEndpoint({
    method: 'GET',
    path: '/gestion/coproprietes/:coproId/impayes',
    summary: "A building's debtors by age of debt, with the reminders and formal notices sent",
    tags: ['gestion'],
    params: coproParams,
    response: okEnvelope(debtorsPage),
  }),
  settings: defineEndpoint({
    method: 'PUT',
    path: '/gestion/coproprietes/:coproId/impayes/reglages',
    summary: 'The delays of the reminders and of the mise en demeure, and the fees of art. 10-1',
    tags: ['gestion'],
    params: coproParams,
    body: recouvrementSettingsBody,
    response: okEnvelope(recouvrementSettingsBody),
  }),
  send: defineEndpoint({
    method: 'POST',
    path: '/gestion/coproprietes/:coproId/impayes/:coproprietaireId/relances',
    summary:
      'Send a debtor a reminder, the mise en demeure (art. 42-1 channel) or the art. 19-2 acceleration',
    tags: ['gestion'],
    params: coproParams.extend({ coproprietaireId: idField }),
    body: z.object({ step: stepName }),
    response: okEnvelope(sentStep),
  }),
  letter: defineEndpoint({
    method: 'POST',
    path: '/gestion/coproprietes/:coproId/impayes/lettre',
    summary:
      'The PDF of a letter sent (mise en demeure, acceleration): to post it as a registered letter, or keep it',
    tags: ['gestion'],
    params: coproParams,
    body: z.object({ relance_id: idField }),
    response: okEnvelope(z.object({ url: z.string(), name: z.string() })),
  }),
};
