import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { okEnvelope } from '../envelope.js';
import { idField } from '../fields.js';
import { coproParams } from './console.js';
import { defineSyndicEndpoint, externalIdField } from './syndicApi.js';

/**
 * A co-owner's request to receive notifications and mises en demeure by post (loi 1965 art. 42-1
 * as rewritten by loi 2024-322; décret 1967 art. 64-1): electronic is the rule, the post holds from
 * the request's date of receipt until it is withdrawn.
 */

export const POSTAL_REQUEST_ACTS = ['settings', 'syndic', 'consent_revoked', 'setting_off'] as const;

const postalRequestRow = z.object({
  received_at: z.string(),
  made_by: z.enum(POSTAL_REQUEST_ACTS),
  withdrawn_at: z.string().nullable(),
  withdrawn_by: z.enum(POSTAL_REQUEST_ACTS).nullable(),
});

export const postalRequestState = z
  .object({
    /** The request in force, if any: notifications then go by lettre recommandée avec avis de réception. */
    active: postalRequestRow.nullable(),
    history: z.array(postalRequestRow),
  })
  .meta({
    example: {
      active: null,
      history: [
        {
          received_at: '2026-11-03T09:12:00.000Z',
          made_by: 'syndic',
          withdrawn_at: '2026-11-20T17:40:00.000Z',
          withdrawn_by: 'settings',
        },
      ],
    },
  });
export type PostalRequestState = z.infer<typeof postalRequestState>;

const idParams = z.object({ id: idField });

export const postalRequestEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/coproprietaires/:id/demande-voie-postale',
    summary:
      'The request to receive notifications by post (loi 1965 art. 42-1): the one in force and the history',
    tags: ['coproprietaires'],
    params: idParams,
    response: okEnvelope(postalRequestState),
  }),
  make: defineEndpoint({
    method: 'PUT',
    path: '/coproprietaires/:id/demande-voie-postale',
    summary: 'Ask to receive notifications and mises en demeure by post, from now (loi 1965 art. 42-1)',
    tags: ['coproprietaires'],
    params: idParams,
    response: okEnvelope(postalRequestState),
  }),
  withdraw: defineEndpoint({
    method: 'DELETE',
    path: '/coproprietaires/:id/demande-voie-postale',
    summary: 'Withdraw the request for the post: notifications are electronic again, from now',
    tags: ['coproprietaires'],
    params: idParams,
    response: okEnvelope(postalRequestState),
  }),
};

export const syndicPostalRequestBody = z
  .object({
    received_at: z.iso
      .datetime({
        offset: true,
        error: 'Date et heure attendues au format ISO 8601 avec fuseau (2026-11-03T10:12:00+01:00).',
      })
      .meta({ description: 'Date de réception de la lettre du copropriétaire (date certaine).' }),
  })
  .meta({ example: { received_at: '2026-11-03T10:12:00+01:00' } });

export const syndicPostalRequestEndpoints = {
  record: defineSyndicEndpoint({
    method: 'PUT',
    path: '/syndic/v1/coproprietaires/:external_id/postal-request',
    summary:
      "Record a co-owner's request for the post received by letter, with its date of receipt (loi 1965 art. 42-1): convocations and notices then go by lettre recommandée avec avis de réception; unchanged when a request is already in force",
    scope: 'write',
    params: z.object({ external_id: externalIdField }),
    body: syndicPostalRequestBody,
    response: okEnvelope(postalRequestState),
  }),
};

/** The console's entrance: the letter recorded by the syndic's staff or the volunteer syndic, by our ids. */
const consoleOwnerParams = coproParams.extend({ coproprietaireId: idField });

export const consolePostalRequestEndpoints = {
  record: defineEndpoint({
    method: 'PUT',
    path: '/gestion/coproprietes/:coproId/coproprietaires/:coproprietaireId/demande-voie-postale',
    summary:
      "Record a co-owner's request for the post with its date of receipt (loi 1965 art. 42-1), as the syndic API does; unchanged when a request is already in force",
    tags: ['gestion'],
    params: consoleOwnerParams,
    body: syndicPostalRequestBody,
    response: okEnvelope(postalRequestState),
  }),
  withdraw: defineEndpoint({
    method: 'DELETE',
    path: '/gestion/coproprietes/:coproId/coproprietaires/:coproprietaireId/demande-voie-postale',
    summary: "Withdraw the co-owner's request for the post, from now: notifications are electronic again",
    tags: ['gestion'],
    params: consoleOwnerParams,
    response: okEnvelope(postalRequestState),
  }),
};
