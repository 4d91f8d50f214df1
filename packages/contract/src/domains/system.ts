import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { READS_MAX } from '../constants.js';
import { okEnvelope } from '../envelope.js';

export const systemEndpoints = {
  health: defineEndpoint({
    method: 'GET',
    path: '/health',
    summary: 'Liveness and database check',
    tags: ['system'],
    auth: false,
    response: okEnvelope(z.object({ status: z.literal('ok'), database: z.literal('up') })),
  }),
  live: defineEndpoint({
    method: 'GET',
    path: '/live',
    summary: 'Liveness: the process answers (nothing else is checked; restart it when this fails)',
    tags: ['system'],
    auth: false,
    response: okEnvelope(z.object({ status: z.literal('ok') })),
  }),
  ready: defineEndpoint({
    method: 'GET',
    path: '/ready',
    summary:
      "Readiness: 503 while the database does not answer; 200 'degraded' while Redis is down (rate limits per instance, live events on this instance only)",
    tags: ['system'],
    auth: false,
    response: okEnvelope(
      z.object({
        status: z.enum(['ok', 'degraded']),
        database: z.literal('up'),
        redis: z.enum(['up', 'down', 'absent']),
      }),
    ),
  }),
  reads: defineEndpoint({
    method: 'POST',
    path: '/reads',
    summary:
      "Several GET reads of the signed-in user in one request, each answered as if asked alone (its status and envelope); for a page's first screen",
    tags: ['system'],
    body: z.object({
      urls: z
        .array(
          z
            .string()
            .max(512)
            // An API read of the co-owner app: not this call itself, not the syndic API (its own
            // keys), no dot segment (nothing outside /api/ once resolved), only URL characters.
            .regex(
              /^\/api\/(?!reads(?:[/?]|$)|syndic\/v1(?:[/?]|$))(?!.*\.\.)[A-Za-z0-9\-._~/?=&%:,+]+$/,
              'Adresse de lecture invalide.',
            ),
        )
        .min(1)
        .max(READS_MAX),
    }),
    response: okEnvelope(z.array(z.object({ url: z.string(), status: z.number().int(), body: z.unknown() }))),
  }),
};
