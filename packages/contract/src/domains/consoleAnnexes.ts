import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { okEnvelope } from '../envelope.js';
import { idField } from '../fields.js';
import { coproParams } from './console.js';

/**
 * The year's close in the console: the annexes of the arrêté du 14 mars 2005 computed from the
 * journal (rules/annexes.ts), each as a PDF for the assembly that approves the accounts, and the
 * journal and its balances as CSV files. Reading is building.read: every role, the comptable
 * included.
 */

const line = z.object({ account: z.string(), label: z.string(), cents: z.number().int() });
const gestionLine = line.extend({ previous: z.number().int().nullable() });
const exerciceRef = z.object({
  id: z.string(),
  couple: z.string(),
  start_date: z.string(),
  end_date: z.string(),
});

export const annexesView = z.object({
  exercice: exerciceRef.nullable(),
  /** The exercice before it, whose figures annexes 2 and 3 show beside; null: the first one. */
  previous: exerciceRef.nullable(),
  etat_financier: z
    .object({
      tresorerie: z.array(line),
      fonds: z.array(line),
      creances: z.array(line),
      dettes: z.array(line),
      solde_exercice: z.number().int(),
      total_actif: z.number().int(),
      total_passif: z.number().int(),
    })
    .nullable(),
  compte_de_gestion: z
    .object({
      courantes: z.object({ charges: z.array(gestionLine), produits: z.array(gestionLine) }),
      travaux: z.object({ charges: z.array(gestionLine), produits: z.array(gestionLine) }),
      budget_vote: z.number().int(),
      totals: z.object({
        charges_courantes: z.number().int(),
        produits_courantes: z.number().int(),
        charges_travaux: z.number().int(),
        produits_travaux: z.number().int(),
        solde_courantes: z.number().int(),
        solde_travaux: z.number().int(),
        ecart_budget: z.number().int(),
      }),
    })
    .nullable(),
});
export type AnnexesView = z.output<typeof annexesView>;

const exerciceQuery = z.object({ exercice: idField.optional() });
export const annexPdfQuery = exerciceQuery.extend({
  annexe: z.enum(['1', '2', '3', '4'], { error: "L'annexe 1, 2, 3 ou 4." }),
});
export const closeExportQuery = exerciceQuery.extend({
  /** `passation`: the handover file for a next syndic (a ZIP of the CSVs and the annexes). */
  fichier: z.enum(['journal', 'balances', 'passation'], {
    error: 'Le journal, les balances ou la passation.',
  }),
});
const fileLink = z.object({ url: z.string(), name: z.string() });

export const consoleAnnexesEndpoints = {
  annexes: defineEndpoint({
    method: 'GET',
    path: '/gestion/coproprietes/:coproId/annexes',
    summary: 'Annexes 1 to 4 of the arrêté du 14 mars 2005 for an exercice, from the journal',
    tags: ['gestion'],
    params: coproParams,
    query: exerciceQuery,
    response: okEnvelope(annexesView),
  }),
  annexPdf: defineEndpoint({
    method: 'GET',
    path: '/gestion/coproprietes/:coproId/annexes/pdf',
    summary: 'One annex as a PDF for the assembly, behind a short-lived signed URL',
    tags: ['gestion'],
    params: coproParams,
    query: annexPdfQuery,
    response: okEnvelope(fileLink),
  }),
  export: defineEndpoint({
    method: 'GET',
    path: '/gestion/coproprietes/:coproId/exports',
    summary: "The exercice's journal or balances as CSV (; separated, UTF-8 with BOM), or the handover ZIP",
    tags: ['gestion'],
    params: coproParams,
    query: closeExportQuery,
    response: okEnvelope(fileLink),
  }),
};
