import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { okEnvelope } from '../envelope.js';
import { idField, requiredString } from '../fields.js';
import { SIGNALEMENT_STATUSES } from '../rules/signalements.js';
import { coproParams } from './console.js';
import { signalementPlace, signalementVisibility } from './signalements.js';

/**
 * A building's signalements in the console: the board by status, and the syndic's actions on one
 * report (move, assign, comment publicly or internally, merge a duplicate, close with a message),
 * through the same service as the syndic API's (decision 205).
 */

const status = z.enum(SIGNALEMENT_STATUSES);
const staffRef = z.object({ id: z.string(), name: z.string() });

export const boardCard = z.object({
  id: z.string(),
  title: z.string(),
  place: signalementPlace,
  place_label: z.string(),
  visibility: signalementVisibility,
  status,
  planned_on: z.string().nullable(),
  /** Its author's name. */
  author: z.string(),
  supporters: z.number().int(),
  assignee: staffRef.nullable(),
  supplier: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type BoardCard = z.output<typeof boardCard>;

export const consoleSignalementsBoard = z.object({
  /** Every open report, and the latest 50 resolved or closed; merged duplicates left out. */
  items: z.array(boardCard),
  /** Who a report can be given to: the staff who reach this building. */
  assignable: z.array(staffRef),
});

export const boardEvent = z.object({
  id: z.string(),
  kind: z.enum(['CREATED', 'COMMENT', 'STATUS']),
  status: status.nullable(),
  planned_on: z.string().nullable(),
  text: z.string().nullable(),
  author: z.string(),
  by: z.enum(['syndic', 'coproprietaire']),
  /** A note of the syndic's to itself: no co-owner reads it. */
  internal: z.boolean(),
  at: z.string(),
});

export const boardDetail = boardCard.extend({
  description: z.string(),
  supporter_names: z.array(z.string()),
  /** The open reports of the same building this one may be merged into. */
  merge_candidates: z.array(z.object({ id: z.string(), title: z.string(), status })),
  events: z.array(boardEvent),
});
export type BoardDetail = z.output<typeof boardDetail>;

const oneParams = coproParams.extend({ signalementId: idField });
const message = z.string().trim().max(4000, { error: '4000 caractères au plus.' });

export const boardMoveBody = z.object({
  status,
  /** The planned day (AAAA-MM-JJ), with PLANIFIE only. */
  planned_on: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Date au format AAAA-MM-JJ.' })
    .nullable()
    .default(null),
  /** Told to the co-owners who follow the report with the move (closing with a message). */
  message: message.default(''),
});

export const boardCommentBody = z.object({
  text: requiredString.max(4000, { error: '4000 caractères au plus.' }),
  /** true: a note the co-owners never read; false: an answer they are told of. */
  internal: z.boolean().default(false),
});

export const boardAssignBody = z.object({
  /** A staff member who reaches the building, or null. */
  assignee_id: idField.nullable(),
  /** A supplier named in words ('Ascenseurs Durand'), or null. */
  supplier: z.string().trim().max(200, { error: '200 caractères au plus.' }).nullable(),
});

export const boardMergeBody = z.object({
  /** The open report of the same building this duplicate joins. */
  into: idField,
});

export const consoleSignalementEndpoints = {
  board: defineEndpoint({
    method: 'GET',
    path: '/gestion/coproprietes/:coproId/signalements',
    summary:
      "The building's signalements for the board: open ones, the latest 50 closed, who may be assigned",
    tags: ['gestion'],
    params: coproParams,
    response: okEnvelope(consoleSignalementsBoard),
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/gestion/coproprietes/:coproId/signalements/:signalementId',
    summary: 'One signalement with its whole timeline, internal notes included',
    tags: ['gestion'],
    params: oneParams,
    response: okEnvelope(boardDetail),
  }),
  move: defineEndpoint({
    method: 'POST',
    path: '/gestion/coproprietes/:coproId/signalements/:signalementId/statut',
    summary: 'Move a signalement (its followers are told, with the message when one is given)',
    tags: ['gestion'],
    params: oneParams,
    body: boardMoveBody,
    response: okEnvelope(boardDetail),
  }),
  comment: defineEndpoint({
    method: 'POST',
    path: '/gestion/coproprietes/:coproId/signalements/:signalementId/commentaires',
    summary: 'Answer the co-owners (they are told) or add an internal note (they never see it)',
    tags: ['gestion'],
    params: oneParams,
    body: boardCommentBody,
    response: okEnvelope(boardDetail),
  }),
  assign: defineEndpoint({
    method: 'PUT',
    path: '/gestion/coproprietes/:coproId/signalements/:signalementId/attribution',
    summary: 'Give a signalement to a staff member and/or note the supplier handling it',
    tags: ['gestion'],
    params: oneParams,
    body: boardAssignBody,
    response: okEnvelope(boardDetail),
  }),
  merge: defineEndpoint({
    method: 'POST',
    path: '/gestion/coproprietes/:coproId/signalements/:signalementId/fusion',
    summary:
      'Merge a duplicate into another open report of the building: closed, its author and supporters follow the other',
    tags: ['gestion'],
    params: oneParams,
    body: boardMergeBody,
    response: okEnvelope(boardDetail),
  }),
};
