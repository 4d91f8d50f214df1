import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
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
};
