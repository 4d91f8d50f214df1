import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { okEnvelope } from '../envelope.js';
import { idField } from '../fields.js';
import {
  bulkBody,
  bulkResponse,
  deltaPage,
  listQuery,
  defineSyndicEndpoint,
  externalIdField,
  externalIdParams,
  upsertResponse,
  syndicText,
  syndicDay,
} from './syndicApi.js';

/**
 * The carnet d'entretien (SPEC §2.22 maintenance log; décret n° 2001-477 du 30 mai 2001, art. 3):
 * the building's address, the syndic in office, the insurance contracts of the syndicat and their
 * term, the year and contractor of major works, the maintenance contracts of common equipment and
 * their term, and the schedule of the multi-year works plan adopted by the general assembly.
 * Address and syndic come from the copropriété and the syndic's profile; the rest is written by the
 * syndic through `PUT /syndic/v1/carnets-entretien/{external_id}`. With `MAINTENANCE_APP_URL`
 * the page frames the external application instead (decision 51).
 */

const text = syndicText;
const optText = (max: number) => z.string().trim().max(max).nullable().default(null);
/** A calendar day that exists (AAAA-MM-JJ). */
const day = syndicDay;
const year = z
  .number({ error: 'Année attendue (nombre entier).' })
  .int({ error: 'Année attendue (nombre entier).' })
  .min(1800, { error: 'Année invalide.' })
  .max(2200, { error: 'Année invalide.' });

/**
 * The end date of a contract: décret 2001-477 art. 3, 3° and 5° require 'leur échéance', so the
 * syndic API refuses a contract without it (a 400 on `…expires_on`). Rows written before it was
 * required may still lack it: the views read them with `contractEndView` and show
 * « Date de fin à renseigner ».
 */
const contractEnd = z.string({ error: 'Date de fin du contrat obligatoire (AAAA-MM-JJ).' }).pipe(day);
const contractEndView = day.nullable();

/** Décret 2001-477 art. 3, 3°: an insurance contract of the syndicat and its term. */
export const insuranceContractSchema = z.object({
  /** 'Multirisque immeuble', 'Dommages-ouvrage', 'Responsabilité civile du syndicat'… */
  kind: text(200),
  insurer: text(200),
  policy_number: text(100),
  broker: optText(200),
  expires_on: contractEnd,
});

/** Art. 3, 5°: a maintenance contract of a common equipment and its term. */
export const maintenanceContractSchema = z.object({
  /** 'Ascenseur', 'Chaudière collective', 'Portes de parking'… */
  equipment: text(200),
  contractor: text(200),
  reference: text(100),
  expires_on: contractEnd,
});
export const insuranceContractView = insuranceContractSchema.extend({ expires_on: contractEndView });
export const maintenanceContractView = maintenanceContractSchema.extend({ expires_on: contractEndView });

/**
 * The syndic's own reference of a works entry, so a resolved signalement can name the works that
 * fixed it (decision 117).
 */
const worksReference = z.string().trim().min(1).max(100).optional();

/** Where a work of the diagnostic technique global stands. */
export const DTG_WORK_STATUSES = ['A_VOTER', 'VOTE', 'EN_COURS', 'REALISE', 'NON_RETENU'] as const;
export type DtgWorkStatus = (typeof DTG_WORK_STATUSES)[number];
export const DTG_WORK_STATUS_LABELS: Record<DtgWorkStatus, string> = {
  A_VOTER: "À soumettre à l'assemblée",
  VOTE: 'Voté',
  EN_COURS: 'En cours',
  REALISE: 'Réalisé',
  NON_RETENU: 'Non retenu',
};

/**
 * One work of the diagnostic technique global's list (CCH L.731-1: the works needed to preserve
 * the building over ten years, with a summary estimate of their cost), which the carnet holds
 * (décret 2001-477 art. 3, as amended; loi 1965 art. 18).
 */
export const dtgWorkSchema = z.object({
  work: text(300),
  planned_year: year,
  /** Estimated cost in cents (decision 15). */
  estimated_cents: z
    .number({ error: 'Montant en centimes attendu (nombre entier).' })
    .int({ error: 'Montant en centimes (entier).' })
    .min(0, { error: 'Le montant ne peut pas être négatif.' })
    .max(1e11, { error: 'Montant trop élevé.' }),
  status: z.enum(DTG_WORK_STATUSES, { error: `Statut attendu : ${DTG_WORK_STATUSES.join(', ')}.` }),
});
export type DtgWork = z.output<typeof dtgWorkSchema>;

/** Art. 3, 4°: major works (ravalement, toiture, ascenseur, chaudière, canalisations…). */
export const majorWorkSchema = z.object({
  year,
  nature: text(300),
  contractor: text(200),
  reference: worksReference,
});

/** Art. 3, 6°: one line of the schedule of the plan pluriannuel de travaux. */
export const worksPlanItemSchema = z.object({
  year,
  nature: text(300),
  /** Estimated cost in cents (decision 15), when the plan gives one. */
  estimated_cents: z
    .number()
    .int({ error: 'Montant en centimes (entier).' })
    .min(0, { error: 'Le montant ne peut pas être négatif.' })
    .max(1e11)
    .nullable()
    .default(null),
});

export const worksPlanSchema = z.object({
  /** Date of the general assembly that adopted the plan. */
  adopted_on: day.nullable().default(null),
  items: z.array(worksPlanItemSchema).max(200).default([]),
});

/** What the syndic writes: one carnet per copropriété. */
export const carnetEntretienBody = z.object({
  copropriete: externalIdField,
  /** Optional content (art. 4): year of construction. */
  construction_year: year.nullable().default(null),
  insurance_contracts: z.array(insuranceContractSchema).max(50).default([]),
  maintenance_contracts: z.array(maintenanceContractSchema).max(100).default([]),
  major_works: z.array(majorWorkSchema).max(200).default([]),
  /** null: no plan adopted (the 6° applies only 'if it exists'). */
  works_plan: worksPlanSchema.nullable().default(null),
  /** The diagnostic technique global's list of works, when one was carried out. */
  dtg_works: z.array(dtgWorkSchema).max(200).default([]),
});
export const carnetEntretienItem = carnetEntretienBody.extend({ external_id: externalIdField });
/** As stored and shown back: contracts written before the end date was required may lack it. */
export const carnetEntretienResource = carnetEntretienItem.extend({
  id: z.string(),
  insurance_contracts: z.array(insuranceContractView),
  maintenance_contracts: z.array(maintenanceContractView),
});
export type CarnetEntretienStored = Omit<z.output<typeof carnetEntretienResource>, 'id' | 'external_id'>;

export const syndicCarnetEndpoints = {
  list: defineSyndicEndpoint({
    method: 'GET',
    path: '/syndic/v1/carnets-entretien',
    summary:
      "Carnets d'entretien: list by external_id; `updated_since` for those created or changed since, deletions as tombstones",
    scope: 'read',
    query: listQuery,
    response: okEnvelope(deltaPage(carnetEntretienResource)),
  }),
  get: defineSyndicEndpoint({
    method: 'GET',
    path: '/syndic/v1/carnets-entretien/:external_id',
    summary: "Carnet d'entretien: one by external_id",
    scope: 'read',
    params: externalIdParams,
    response: okEnvelope(carnetEntretienResource),
  }),
  put: defineSyndicEndpoint({
    method: 'PUT',
    path: '/syndic/v1/carnets-entretien/:external_id',
    summary:
      "Carnet d'entretien of a copropriété (décret 2001-477): insurance and maintenance contracts, major works, multi-year works plan; create or replace (idempotent by external_id, one per copropriété)",
    scope: 'write',
    params: externalIdParams,
    body: carnetEntretienBody,
    response: upsertResponse(carnetEntretienResource),
  }),
  bulk: defineSyndicEndpoint({
    method: 'POST',
    path: '/syndic/v1/carnets-entretien/bulk',
    summary: "Carnets d'entretien: create or replace up to 1,000; one result per item",
    scope: 'write',
    body: bulkBody(carnetEntretienItem),
    response: bulkResponse,
  }),
};

/** The carnet as the co-owner's page shows it (built-in mode). */
export const carnetEntretienContentSchema = z.object({
  building: z.object({
    name: z.string(),
    full_address: z.string(),
    construction_year: z.number().int().nullable(),
  }),
  syndic: z.object({
    name: z.string(),
    address: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
  }),
  insurance_contracts: z.array(insuranceContractView),
  maintenance_contracts: z.array(maintenanceContractView),
  major_works: z.array(majorWorkSchema),
  works_plan: worksPlanSchema.nullable(),
  dtg_works: z.array(dtgWorkSchema),
  updated_at: z.string(),
});
export type CarnetEntretienContent = z.output<typeof carnetEntretienContentSchema>;

export const carnetEntretienViewSchema = z.discriminatedUnion('mode', [
  /** `MAINTENANCE_APP_URL`: the URL to frame, carrying ids and a short-lived read token. */
  z.object({ mode: z.literal('external'), url: z.string(), expires_at: z.string() }),
  /** Built-in carnet; null when the syndic has written none yet ('Aucun document disponible…'). */
  z.object({ mode: z.literal('embedded'), carnet: carnetEntretienContentSchema.nullable() }),
]);
export type CarnetEntretienView = z.output<typeof carnetEntretienViewSchema>;

/** Header carrying the scoped token when the external application reads the record back. */
export const MAINTENANCE_TOKEN_HEADER = 'x-maintenance-token';

export const maintenanceEndpoints = {
  /** Route CarnetEntretien (IS_SYNDICAT): the record's carnet, or the external app's framed URL. */
  carnet: defineEndpoint({
    method: 'GET',
    path: '/coproprietaires/:id/carnet-entretien',
    summary: "The carnet d'entretien of the record's building (council members: IS_SYNDICAT)",
    tags: ['maintenance'],
    params: z.object({ id: idField }),
    response: okEnvelope(carnetEntretienViewSchema),
  }),
  /**
   * Every co-owner of the building (décret 2019-502 art. 1, 3°: the carnet is among the documents
   * every co-owner has online): the built-in carnet, read-only; null when none was written.
   */
  publicCarnet: defineEndpoint({
    method: 'GET',
    path: '/coproprietaires/:id/carnet-entretien/lecture',
    summary: "The carnet d'entretien of the record's building, read-only (every co-owner of the building)",
    tags: ['maintenance'],
    params: z.object({ id: idField }),
    response: okEnvelope(z.object({ carnet: carnetEntretienContentSchema.nullable() })),
  }),
  /**
   * For the external maintenance application: what the short-lived token it received in its URL
   * grants (header `x-maintenance-token`), i.e. reading that one record's ids and carnet. The
   * token is not a session: it opens nothing else.
   */
  externalRecord: defineEndpoint({
    method: 'GET',
    path: '/maintenance-app/record',
    summary:
      'External maintenance application: the record its short-lived token (header x-maintenance-token) grants, read-only',
    tags: ['maintenance'],
    auth: false,
    response: okEnvelope(
      z.object({
        syndic_id: z.string(),
        copropriete_id: z.string(),
        coproprietaire_id: z.string(),
        expires_at: z.string(),
        carnet: carnetEntretienContentSchema.nullable(),
      }),
    ),
  }),
};
