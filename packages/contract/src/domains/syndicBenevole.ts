import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { errorEnvelope, okEnvelope } from '../envelope.js';
import { idField } from '../fields.js';
import { coproParams } from './console.js';
import { defineSyndicEndpoint, externalIdField } from './syndicApi.js';

/**
 * The volunteer syndic of one copropriété (syndic non professionnel, loi n° 65-557 art. 17-2): a
 * co-owner of the building named by the assembly, who then runs it from the console beside their
 * own co-owner space. Named or revoked by the syndic's administrator (console) or the syndic API.
 */

export const syndicBenevoleBody = z
  .object({
    coproprietaire: externalIdField.meta({
      description:
        'Le copropriétaire nommé, par son external_id : il doit avoir un compte (invitation acceptée).',
    }),
  })
  .meta({ example: { coproprietaire: 'CP-0042' } });

export const syndicBenevoleState = z
  .object({
    /** The building's external_id. */
    copropriete: z.string(),
    /** The named co-owner's external_id; null when the building has no volunteer syndic. */
    coproprietaire: z.string().nullable(),
    display_name: z.string().nullable(),
  })
  .meta({ example: { copropriete: 'IMM-LILAS', coproprietaire: 'CP-0042', display_name: 'Hélène Moreau' } });
export type SyndicBenevoleState = z.output<typeof syndicBenevoleState>;

const extParams = z.object({ external_id: externalIdField });

export const syndicBenevoleEndpoints = {
  name: defineSyndicEndpoint({
    method: 'PUT',
    path: '/syndic/v1/coproprietes/:external_id/syndic-benevole',
    summary:
      'Name a co-owner of the building its volunteer syndic (syndic non professionnel, loi 1965 art. 17-2): they get the console for this building only, beside their co-owner space; replaces the one named before',
    scope: 'write',
    params: extParams,
    body: syndicBenevoleBody,
    response: okEnvelope(syndicBenevoleState),
    // 409 CONFLICT: the co-owner has no account yet (invite them first) or was removed.
    errorResponses: { 409: errorEnvelope },
  }),
  revoke: defineSyndicEndpoint({
    method: 'DELETE',
    path: '/syndic/v1/coproprietes/:external_id/syndic-benevole',
    summary: "End the volunteer syndic's mandate: their console for this building closes at once",
    scope: 'write',
    params: extParams,
    response: okEnvelope(syndicBenevoleState),
  }),
};

/** The console's entrance (the syndic's administrator), by our ids. */
export const consoleBenevoleEndpoints = {
  name: defineEndpoint({
    method: 'PUT',
    path: '/gestion/coproprietes/:coproId/syndic-benevole',
    summary: 'Name a co-owner of the building its volunteer syndic (administrateur)',
    tags: ['gestion'],
    params: coproParams,
    body: z.object({ coproprietaire_id: idField }),
    response: okEnvelope(syndicBenevoleState),
    // 409 CONFLICT: the co-owner has no account yet (invite them first) or was removed.
    errorResponses: { 409: errorEnvelope },
  }),
  revoke: defineEndpoint({
    method: 'DELETE',
    path: '/gestion/coproprietes/:coproId/syndic-benevole',
    summary: "End the volunteer syndic's mandate (administrateur)",
    tags: ['gestion'],
    params: coproParams,
    response: okEnvelope(syndicBenevoleState),
  }),
};
