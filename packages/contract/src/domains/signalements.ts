import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { okEnvelope } from '../envelope.js';
import { idField, requiredString } from '../fields.js';
import { named } from '../openapi.js';
import {
  SIGNALEMENT_MAX_PHOTOS,
  SIGNALEMENT_PLACES,
  SIGNALEMENT_STATUSES,
  SIGNALEMENT_VISIBILITIES,
} from '../rules/signalements.js';
import { deltaPage, defineSyndicEndpoint, listQuery, syndicDay, syndicText } from './syndicApi.js';

/**
 * Signalements: a co-owner reports a problem of the building (place, description, photos), the
 * others say 'Moi aussi', the syndic answers and moves it (decisions 116–118).
 */

export const signalementPlace = z.enum(SIGNALEMENT_PLACES, { error: 'Choisissez un lieu.' });
export const signalementStatus = z.enum(SIGNALEMENT_STATUSES);
export const signalementVisibility = z.enum(SIGNALEMENT_VISIBILITIES);

export const signalementCreateBody = z
  .object({
    title: requiredString.max(120, { error: '120 caractères au plus.' }),
    place: signalementPlace,
    /** One of the reporter's own lots, when `place` is LOT. */
    lot_id: idField.nullable().default(null),
    description: requiredString.max(4000, { error: '4000 caractères au plus.' }),
    visibility: signalementVisibility,
    /** Keys answered by the presigned upload (bucket `signalements`), in display order. */
    photos: z
      .array(z.string().max(300))
      .max(SIGNALEMENT_MAX_PHOTOS, { error: `${SIGNALEMENT_MAX_PHOTOS} photos au plus.` })
      .default([]),
  })
  .refine((b) => (b.place === 'LOT') === (b.lot_id !== null), {
    error: 'Choisissez le lot concerné.',
    path: ['lot_id'],
  });
export type SignalementCreateBody = z.output<typeof signalementCreateBody>;

export const signalementCommentBody = z.object({
  text: requiredString.max(4000, { error: '4000 caractères au plus.' }),
});

const photo = z.object({ small: z.string(), medium: z.string() });
const carnetLink = z.object({ ref: z.string(), label: z.string() });

/** One report as the list shows it. */
export const signalementSummary = z.object({
  id: z.string(),
  title: z.string(),
  place: signalementPlace,
  /** 'Ascenseur', 'Lot 12 · Appartement T3'… */
  place_label: z.string(),
  visibility: signalementVisibility,
  status: signalementStatus,
  planned_on: z.string().nullable(),
  supporters: z.number().int(),
  is_mine: z.boolean(),
  supported_by_me: z.boolean(),
  photo: photo.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SignalementSummary = z.output<typeof signalementSummary>;

export const signalementEvent = z.object({
  id: z.string(),
  kind: z.enum(['CREATED', 'COMMENT', 'STATUS']),
  status: signalementStatus.nullable(),
  planned_on: z.string().nullable(),
  text: z.string().nullable(),
  author: z.string(),
  /** 'syndic' for the syndic's answers, 'coproprietaire' for a co-owner's. */
  by: z.enum(['syndic', 'coproprietaire']),
  at: z.string(),
});
export type SignalementEvent = z.output<typeof signalementEvent>;

export const signalementDetail = signalementSummary.extend({
  description: z.string(),
  author: z.string(),
  photos: z.array(photo),
  supporter_names: z.array(z.string()),
  carnet_travaux: carnetLink.nullable(),
  /** The author, a supporter or a council member may add a comment. */
  can_comment: z.boolean(),
  events: z.array(signalementEvent),
});
export type SignalementDetail = z.output<typeof signalementDetail>;

const recordParams = z.object({ id: idField });
const oneParams = z.object({ id: idField, signalementId: idField });

export const signalementsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/signalements/coproprietaires/:id',
    summary:
      "The building's reports the record may see (open first, then the latest 100 closed): for the building, its own, all for the council",
    tags: ['signalements'],
    params: recordParams,
    response: okEnvelope(z.object({ items: z.array(signalementSummary) })),
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/signalements/coproprietaires/:id/:signalementId',
    summary: 'One report with its photos, supporters and timeline (404 when the record may not see it)',
    tags: ['signalements'],
    params: oneParams,
    response: okEnvelope(signalementDetail),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/signalements/coproprietaires/:id',
    summary: 'Report a problem of the building (photos uploaded first to the bucket `signalements`)',
    tags: ['signalements'],
    params: recordParams,
    body: signalementCreateBody,
    response: okEnvelope(signalementDetail),
  }),
  support: defineEndpoint({
    method: 'PUT',
    path: '/signalements/coproprietaires/:id/:signalementId/soutien',
    summary: "'Moi aussi' on an open report of someone else (idempotent)",
    tags: ['signalements'],
    params: oneParams,
    response: okEnvelope(signalementDetail),
  }),
  unsupport: defineEndpoint({
    method: 'DELETE',
    path: '/signalements/coproprietaires/:id/:signalementId/soutien',
    summary: "Withdraw one's 'Moi aussi' (idempotent)",
    tags: ['signalements'],
    params: oneParams,
    response: okEnvelope(signalementDetail),
  }),
  comment: defineEndpoint({
    method: 'POST',
    path: '/signalements/coproprietaires/:id/:signalementId/commentaires',
    summary: 'Add a detail to a report (its author, a supporter or a council member)',
    tags: ['signalements'],
    params: oneParams,
    body: signalementCommentBody,
    response: okEnvelope(signalementDetail),
  }),
};

/* ---------- Syndic API ---------- */

const ref = z.object({ id: z.string(), external_id: z.string().nullable() });

/** A report as the syndic API answers it. */
export const syndicSignalementResource = z.object({
  id: z.string(),
  copropriete: ref,
  coproprietaire: ref,
  title: z.string(),
  place: signalementPlace,
  place_label: z.string(),
  lot: ref.nullable(),
  description: z.string(),
  visibility: signalementVisibility,
  status: signalementStatus,
  planned_on: z.string().nullable(),
  supporters: z.number().int(),
  /** Signed URLs of the photos (large size), valid one hour. */
  photos: z.array(z.string()),
  carnet_travaux: carnetLink.nullable(),
  events: z.array(signalementEvent),
  created_at: z.string(),
  updated_at: z.string(),
});

export const syndicSignalementCommentBody = z.object({
  text: syndicText(4000),
  /** Name the co-owners see on the answer ('Cabinet Gérance Lyon', a gestionnaire's name…). */
  author_name: z.string().trim().max(200).default(''),
});

export const syndicSignalementStatusBody = z.object({
  status: signalementStatus,
  /** Required with PLANIFIE: the day of the intervention. */
  planned_on: syndicDay.nullable().default(null),
  /** An answer shown with the change on the timeline. */
  comment: z.string().trim().max(4000).default(''),
  author_name: z.string().trim().max(200).default(''),
  /**
   * With RESOLU: the `reference` of the carnet d'entretien's works entry (major_works or
   * dtg_works) that fixed it; the report shows 'Travaux liés : …'.
   */
  carnet_travaux_ref: z.string().trim().min(1).max(100).nullable().default(null),
});

const syndicParams = z.object({ id: idField });

export const syndicSignalementEndpoints = {
  list: defineSyndicEndpoint({
    method: 'GET',
    path: '/syndic/v1/signalements',
    summary:
      'Reports of co-owners in every building of the syndic, by last change (oldest first); with `updated_since`, those changed since',
    scope: 'read',
    query: listQuery.extend({ status: signalementStatus.optional() }),
    response: okEnvelope(deltaPage(syndicSignalementResource)),
  }),
  get: defineSyndicEndpoint({
    method: 'GET',
    path: '/syndic/v1/signalements/:id',
    summary: 'One report with its photos and timeline',
    scope: 'read',
    params: syndicParams,
    response: okEnvelope(syndicSignalementResource),
  }),
  comment: defineSyndicEndpoint({
    method: 'POST',
    path: '/syndic/v1/signalements/:id/comments',
    summary: 'Answer a report: the author and supporters are told',
    scope: 'write',
    params: syndicParams,
    body: syndicSignalementCommentBody,
    response: okEnvelope(syndicSignalementResource),
  }),
  status: defineSyndicEndpoint({
    method: 'POST',
    path: '/syndic/v1/signalements/:id/status',
    summary:
      'Move a report (PRIS_EN_COMPTE, PLANIFIE with planned_on, RESOLU optionally linked to carnet works, CLOS); the author and supporters are told',
    scope: 'write',
    params: syndicParams,
    body: syndicSignalementStatusBody,
    response: okEnvelope(
      z.object({ result: z.enum(['updated', 'unchanged']), resource: syndicSignalementResource }),
    ),
  }),
};

const example = {
  id: '6f1c2a9e-3b4d-4c5e-8f70-1a2b3c4d5e6f',
  copropriete: { id: '0b7f3e52-9c1d-4e8a-b2f4-6d5c4b3a2910', external_id: 'IMM-001' },
  coproprietaire: { id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', external_id: 'CP-0042' },
  title: "L'ascenseur est bloqué au 3e étage",
  place: 'ASCENSEUR',
  place_label: 'Ascenseur',
  lot: null,
  description: "Depuis ce matin, l'ascenseur ne descend plus et la porte reste ouverte.",
  visibility: 'IMMEUBLE',
  status: 'PLANIFIE',
  planned_on: '2026-12-03',
  supporters: 2,
  photos: ['https://extranet.tantieme.fr/api/files/uploads/signalements/…/large/a.jpg?e=…&s=…'],
  carnet_travaux: null,
  events: [],
  created_at: '2026-11-27T08:12:00.000Z',
  updated_at: '2026-11-27T10:40:00.000Z',
};
named('Signalement', syndicSignalementResource, { example });
named('SignalementEvent', signalementEvent);
named('SignalementCommentBody', syndicSignalementCommentBody, {
  example: { text: "L'ascensoriste passe mardi matin.", author_name: 'Cabinet Gérance Lyon' },
});
named('SignalementStatusBody', syndicSignalementStatusBody, {
  example: {
    status: 'RESOLU',
    planned_on: null,
    comment: 'Moteur remplacé, ascenseur remis en service.',
    author_name: 'Cabinet Gérance Lyon',
    carnet_travaux_ref: 'ASC-2026-01',
  },
});
