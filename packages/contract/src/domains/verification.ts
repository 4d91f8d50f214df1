import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { okEnvelope } from '../envelope.js';
import { uuidParam } from '../fields.js';
import { verificationStatusSchema } from './synthese.js';

/**
 * Verification of accounts by the council (SPEC §2.6, §4, §7 prefix
 * /syndicat-verifications/coproprietes/{id}/, id = copropriété). Council members only (decision 7);
 * anyone else gets 404.
 */

/** The two tabs: 'Charges de fonctionnement' (type 1) and 'Charges travaux' (types 2 and 3). */
export const verificationChargeType = z.enum(['fonc', 'travaux']);
export type VerificationChargeType = z.infer<typeof verificationChargeType>;

export const verificationInvoiceSchema = z.object({
  id: z.string(),
  ecriture_description: z.string(),
  description: z.string().nullable(),
  invoice_amount: z.number().int(),
  date: z.string(),
  created_date: z.string(),
  /** The supplier invoice document, opened in the file preview. */
  invoice_infos: z.array(
    z.object({
      id: z.string(),
      invoice_name: z.string(),
      invoice_url: z.string().nullable(),
      invoice_content_type: z.string().nullable(),
    }),
  ),
  verifications: z.object({
    SYNDIC: z.object({ value: z.number().int() }),
    SYNDICAT: z.object({ value: z.number().int() }),
  }),
});
export type VerificationInvoice = z.infer<typeof verificationInvoiceSchema>;

export const verificationChargeSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  /** Whole building, cents. */
  amount: z.number().int(),
  invoices: z.array(verificationInvoiceSchema),
});

export const verificationYearSchema = z.object({
  id: z.string(),
  year: z.number().int(),
  couple: z.string(),
  charges: z.array(verificationChargeSchema),
});

export const verificationCostsSchema = z.object({
  status: verificationStatusSchema,
  years: z.array(verificationYearSchema),
});
export type VerificationCosts = z.infer<typeof verificationCostsSchema>;

const flag = z.union([z.literal(0), z.literal(1)]);
const coproParam = z.object({ id: uuidParam });

export const verificationEndpoints = {
  costs: defineEndpoint({
    method: 'GET',
    path: '/syndicat-verifications/coproprietes/:id/current-financial-year-costs',
    summary: "The submitted year's invoices per year and charge, with the syndic's and the council's marks",
    tags: ['verification'],
    params: coproParam,
    query: z.object({ charge_type: verificationChargeType.default('fonc') }),
    response: okEnvelope(verificationCostsSchema),
  }),
  verifyOne: defineEndpoint({
    method: 'PUT',
    path: '/syndicat-verifications/coproprietes/:id/charges/:chargeId/change-verify-charge',
    summary: "Check or uncheck one invoice of the charge (the council's box)",
    tags: ['verification'],
    params: coproParam.extend({ chargeId: uuidParam }),
    body: z.object({ invoice_id: uuidParam, value: flag }),
    response: okEnvelope(z.object({ id: z.string(), value: z.number().int() })),
  }),
  verifyAll: defineEndpoint({
    method: 'PUT',
    path: '/syndicat-verifications/coproprietes/:id/change-verify-multi-charges',
    summary: "The header checkbox: check or uncheck every invoice of the tab's submitted years",
    tags: ['verification'],
    params: coproParam,
    body: z.object({ value: flag, charge_type: verificationChargeType.default('fonc') }),
    response: okEnvelope(z.object({ updated: z.number().int() })),
  }),
  finish: defineEndpoint({
    method: 'PUT',
    path: '/syndicat-verifications/coproprietes/:id/change-finish-status',
    summary: "'Terminer' (status 1) or 'Modifier' (status 0)",
    tags: ['verification'],
    params: coproParam,
    body: z.object({ status: flag }),
    response: okEnvelope(verificationStatusSchema),
  }),
};

/** SPEC §7 Real-time: the event and its two types. */
export const VERIFICATION_EVENT = 'copro-update-charge-verification-status';
export type VerificationEvent =
  | { type: 'UPDATE_SYNDIC_SUBMIT'; copropriete_id: string; syndic_submit: number; syndicat_finish: number }
  | {
      type: 'UPDATE_CHARGE_VERIFY';
      copropriete_id: string;
      charge_type: VerificationChargeType;
      invoices: { id: string; value: number }[];
    };

export const verificationFr = {
  finished: 'La vérification est terminée : cliquez sur « Modifier » pour la reprendre.',
  notSubmitted: "Le syndic n'a pas encore soumis les comptes de l'exercice à la vérification.",
  /** The council members' notification when the syndic submits the accounts (syndic API). */
  submittedTitle: 'Comptes à vérifier',
  submittedBody: (couple: string) =>
    `Le syndic a soumis les comptes de l'exercice ${couple} à la vérification du conseil syndical.`,
} as const;
