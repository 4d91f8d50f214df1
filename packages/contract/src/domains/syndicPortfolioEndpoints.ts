import { z } from 'zod';
import { okEnvelope } from '../envelope.js';
import { defineSyndicEndpoint, externalIdParams } from './syndicApi.js';
import {
  administratorBody,
  administratorItem,
  administratorResource,
  coproprieteBody,
  coproprieteItem,
  coproprieteResource,
  coproprietaireBody,
  coproprietaireItem,
  coproprietaireResource,
  lotBody,
  lotItem,
  lotResource,
  removalResult,
  repartitionBody,
  repartitionItem,
  repartitionResource,
  syndicProfile,
  syndicProfileBody,
} from './syndicPortfolio.js';
import { deleteEndpoint, resourceEndpoints } from './syndicResourceEndpoints.js';

/** The syndic API's portfolio endpoints: copropriétés, profile, gestionnaires, lots, clés, co-owners. */

export const syndicPortfolioEndpoints = {
  coproprietes: resourceEndpoints(
    'coproprietes',
    'Copropriétés',
    coproprieteResource,
    coproprieteBody,
    coproprieteItem,
  ),
  getProfile: defineSyndicEndpoint({
    method: 'GET',
    path: '/syndic/v1/profile',
    summary: "The syndic's profile (name, alias, contacts, branding, card payments)",
    scope: 'read',
    response: okEnvelope(syndicProfile),
  }),
  putProfile: defineSyndicEndpoint({
    method: 'PUT',
    path: '/syndic/v1/profile',
    summary: "Replace the syndic's profile",
    scope: 'write',
    body: syndicProfileBody,
    response: okEnvelope(z.object({ result: z.enum(['updated', 'unchanged']), resource: syndicProfile })),
  }),
  putLogo: defineSyndicEndpoint({
    method: 'PUT',
    path: '/syndic/v1/profile/logo',
    summary:
      'Upload the logo: the raw PNG, JPEG or WebP bytes as the body (Content-Type image/png|jpeg|webp, 2 MB max)',
    scope: 'write',
    response: okEnvelope(z.object({ logo_url: z.string() })),
  }),
  administrators: resourceEndpoints(
    'administrators',
    'Gestionnaires',
    administratorResource,
    administratorBody,
    administratorItem,
  ),
  lots: {
    ...resourceEndpoints('lots', 'Lots', lotResource, lotBody, lotItem),
    delete: deleteEndpoint('lots', 'Lots'),
  },
  repartitions: {
    ...resourceEndpoints(
      'repartitions',
      'Clés de répartition and tantièmes',
      repartitionResource,
      repartitionBody,
      repartitionItem,
    ),
    delete: deleteEndpoint('repartitions', 'Clés de répartition'),
  },
  coproprietaires: resourceEndpoints(
    'coproprietaires',
    'Co-owners',
    coproprietaireResource,
    coproprietaireBody,
    coproprietaireItem,
  ),
  removeCoproprietaire: defineSyndicEndpoint({
    method: 'DELETE',
    path: '/syndic/v1/coproprietaires/:external_id',
    summary: 'Remove a co-owner from the building: lots detached, record and history kept',
    scope: 'write',
    params: externalIdParams,
    response: okEnvelope(removalResult),
  }),
};
