import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { okEnvelope } from '../envelope.js';

/** Syndic integration API (/api/syndic/v1), authenticated by the syndic's API key (x-api-key). */
const coproprieteRow = z.object({
  id: z.string(),
  name: z.string(),
  full_address: z.string().nullable(),
  coproprietaires: z.number().int(),
});

export const syndicApiEndpoints = {
  coproprietes: defineEndpoint({
    method: 'GET',
    path: '/syndic/v1/coproprietes',
    summary: "The syndic's copropriétés",
    tags: ['syndic-api'],
    auth: false,
    response: okEnvelope(z.array(coproprieteRow)),
  }),
  previewToken: defineEndpoint({
    method: 'POST',
    path: '/syndic/v1/coproprietaires/:id/preview-token',
    summary: 'A read-only preview token for one co-owner record (valid 24 h)',
    tags: ['syndic-api'],
    auth: false,
    params: z.object({ id: z.string().uuid() }),
    response: okEnvelope(z.object({ token: z.string(), expires_at: z.string(), url: z.string() })),
  }),
};
