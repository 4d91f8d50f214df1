import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { idField } from '../fields.js';
import { okEnvelope } from '../envelope.js';
import { coproprietaireSummarySchema } from './coproprietaire.js';

/**
 * The co-owner dashboard 'Ma synthèse' (SPEC §2.4). Every amount is integer cents
 * (decision 15 in docs/decisions/), formatted by `formatCents`.
 */

const id = idField;
const coproParams = z.object({ id });

/** syndic_profile of SPEC §3. `logo` is a URL the browser can load (signed, or the product branding). */
export const syndicProfileSchema = z.object({
  name: z.string(),
  logo: z.string().nullable(),
  use_synple: z.boolean(),
  address: z.object({
    street1: z.string().nullable(),
    zip_code: z.string().nullable(),
    city: z.string().nullable(),
  }),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  contacts: z.array(
    z.object({
      first_name: z.string(),
      last_name: z.string(),
      email: z.string().nullable(),
      tel_fixed: z.string().nullable(),
      tel_mobile: z.string().nullable(),
    }),
  ),
});
export type SyndicProfile = z.infer<typeof syndicProfileSchema>;

/** Administrator of SPEC §3 ('Gestionnaire copropriété'). */
export const administratorSchema = z.object({
  id: z.string(),
  display_name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  contacts: z.object({
    phones: z.array(z.object({ value: z.string(), type: z.enum(['mobile', 'fixed']) })),
    emails: z.array(z.object({ value: z.string() })),
  }),
});
export type Administrator = z.infer<typeof administratorSchema>;

export const verificationStatusSchema = z.object({
  syndic_submit: z.number().int(),
  syndicat_finish: z.number().int(),
});
export type VerificationStatus = z.infer<typeof verificationStatusSchema>;

/** Lot of SPEC §3 (type_name defaults to 'Autre'; lists are sorted by name). */
export const lotSchema = z.object({
  id: z.string(),
  lot_id: z.string(),
  name: z.string(),
  type_name: z.string(),
  agency_info: z
    .object({ name: z.string().optional(), phone: z.string().optional(), email: z.string().optional() })
    .nullable(),
  locataire: z
    .object({
      civility: z.string().optional(),
      first_name: z.string().optional(),
      last_name: z.string().optional(),
      phone: z.string().optional(),
      email: z.string().optional(),
    })
    .nullable(),
});
export type Lot = z.infer<typeof lotSchema>;

/** Lot tantieme of SPEC §3. */
export const lotTantiemeSchema = z.object({
  repartition_name: z.object({ fr: z.string() }),
  tantieme: z.number().int(),
  total_tantieme: z.number().int(),
});
export type LotTantieme = z.infer<typeof lotTantiemeSchema>;

/**
 * Charge of the summary: amount is the member's share, copropriete_amount the building's (sum of
 * the period's invoices). Without the invoices themselves (decision 71): no dashboard screen shows
 * them, and they made the answer 128 KB at scale; the charge with its invoices (SPEC §3) is the
 * verification's (`verification.ts`), where they are shown.
 */
export const financeChargeSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  amount: z.number().int(),
  copropriete_amount: z.number().int(),
});
export type FinanceCharge = z.infer<typeof financeChargeSchema>;

/** Repartition: amount = member's share, copropriete_amount = whole building; budget = member's share of the voted budget. */
export const financeRepartitionSchema = z.object({
  id: z.string(),
  name: z.string(),
  amount: z.number().int(),
  copropriete_amount: z.number().int(),
  budget: z.number().int(),
  tantieme: z.number().int(),
  total_tantieme: z.number().int(),
  charges: z.array(financeChargeSchema),
});
export type FinanceRepartition = z.infer<typeof financeRepartitionSchema>;

/** The member's account over a period: calls for funds (debits), payments (credits) and the balance. */
export const financeSituationSchema = z.object({
  debit: z.number().int(),
  credit: z.number().int(),
  solde: z.number().int(),
});
export type FinanceSituation = z.infer<typeof financeSituationSchema>;

export const financeYearSchema = z.object({
  year: z.number().int(),
  couple: z.string(),
  situation: financeSituationSchema,
  repartitions: z.array(financeRepartitionSchema),
});

export const financeGeneralSchema = z.object({
  /** Account balance: above 0 owed (débiteur), below 0 in credit (créditeur). */
  solde: z.number().int(),
  lots: z.array(lotSchema),
  summary: z.object({
    situation: financeSituationSchema,
    repartitions: z.array(financeRepartitionSchema),
    years: z.array(financeYearSchema),
  }),
});
export type FinanceGeneral = z.infer<typeof financeGeneralSchema>;

/** Transaction of SPEC §3: amount signed (debit > 0, credit < 0), solde = running balance after it. */
export const financeTransactionSchema = z.object({
  id: z.string(),
  date: z.string(),
  description: z.string(),
  amount: z.number().int(),
  solde: z.number().int(),
});
export type FinanceTransaction = z.infer<typeof financeTransactionSchema>;

export const financeTransactionsSchema = z.object({
  transactions: z.array(financeTransactionSchema),
  years: z.array(
    z.object({ year: z.number().int(), couple: z.string(), transactions: z.array(financeTransactionSchema) }),
  ),
});
export type FinanceTransactions = z.infer<typeof financeTransactionsSchema>;

/** Budget of SPEC §3 for the current year's operating charges (charge type FONCTIONNEMENT). */
export const budgetFonctionnementSchema = z.object({
  totalFixed: z.number().int(),
  totalReality: z.number().int(),
  year_couple: z.string().nullable(),
});
export type BudgetFonctionnement = z.infer<typeof budgetFonctionnementSchema>;

export const budgetAlurAvanceSchema = z.object({
  alur: z.number().int(),
  avance: z.number().int(),
});
export type BudgetAlurAvance = z.infer<typeof budgetAlurAvanceSchema>;

const ownerParams = z.object({ coproId: id, coproprietaireId: id });

export const syntheseEndpoints = {
  previewInfo: defineEndpoint({
    method: 'GET',
    path: '/coproprietaires/:id/preview-info',
    summary: 'The co-owner record of a syndic preview (read-only; also for its owner)',
    tags: ['synthese'],
    params: z.object({ id }),
    response: okEnvelope(coproprietaireSummarySchema),
  }),
  syndicInfo: defineEndpoint({
    method: 'GET',
    path: '/coproprietaires/coproprietes/:id/syndic-info',
    summary: "'Mon Syndic': the syndic profile of a copropriété",
    tags: ['synthese'],
    params: coproParams,
    response: okEnvelope(syndicProfileSchema),
  }),
  administrators: defineEndpoint({
    method: 'GET',
    path: '/coproprietaires/coproprietes/:id/administrators',
    summary: "'Gestionnaire copropriété': the syndic's administrators of a copropriété",
    tags: ['synthese'],
    params: coproParams,
    response: okEnvelope(z.array(administratorSchema)),
  }),
  verificationStatus: defineEndpoint({
    method: 'GET',
    path: '/syndicat-verifications/coproprietes/:id/verification-status',
    summary: 'Verification of accounts status of a copropriété',
    tags: ['synthese'],
    params: coproParams,
    response: okEnvelope(verificationStatusSchema),
  }),
  lots: defineEndpoint({
    method: 'GET',
    path: '/coproprietaires/:coproprieteId/:coproprietaireId/lots',
    summary: "The co-owner's lots, sorted by name",
    tags: ['synthese'],
    params: z.object({ coproprieteId: id, coproprietaireId: id }),
    response: okEnvelope(z.array(lotSchema)),
  }),
  lotTantiemes: defineEndpoint({
    method: 'GET',
    path: '/coproprietaires/:coproprietaireId/lots/:lotId/details-lot-tantieme-by-general-repartitions',
    summary: "A lot's tantièmes per repartition",
    tags: ['synthese'],
    params: z.object({ coproprietaireId: id, lotId: id }),
    response: okEnvelope(z.array(lotTantiemeSchema)),
  }),
  general: defineEndpoint({
    method: 'GET',
    path: '/finances/coproprietes/:coproId/coproprietaires/:coproprietaireId/general',
    summary: 'Finances summary of a co-owner: balance, lots, repartitions overall and per year',
    tags: ['synthese'],
    params: ownerParams,
    response: okEnvelope(financeGeneralSchema),
  }),
  transactions: defineEndpoint({
    method: 'GET',
    path: '/finances/coproprietes/:coproId/coproprietaires/:coproprietaireId/transactions',
    summary: "A co-owner's account transactions with running balance, overall and per year",
    tags: ['synthese'],
    params: ownerParams,
    response: okEnvelope(financeTransactionsSchema),
  }),
  budgetFonctionnement: defineEndpoint({
    method: 'GET',
    path: '/finances/coproprietes/:coproId/budget-fonctionnement',
    summary: 'Operating budget and realised expenses of the current financial year',
    tags: ['synthese'],
    params: z.object({ coproId: id }),
    response: okEnvelope(budgetFonctionnementSchema),
  }),
  budgetAlurAvance: defineEndpoint({
    method: 'GET',
    path: '/finances/coproprietes/:coproId/budget-alur-avance',
    summary: 'Fonds Alur (fonds de travaux) and fonds de roulement (avance) of a copropriété',
    tags: ['synthese'],
    params: z.object({ coproId: id }),
    response: okEnvelope(budgetAlurAvanceSchema),
  }),
};
