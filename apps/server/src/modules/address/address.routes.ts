import { addressEndpoints } from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.js';
import { perClientKey } from '../settings/rate-key.js';
import { searchAddresses } from './address.service.js';

export async function addressRoutes(app: FastifyInstance) {
  route(app, addressEndpoints.search, ({ query }) => searchAddresses(app.config.addressApiUrl, query.q), {
    // Keystrokes are debounced by the input; this keeps one client from hammering the public API.
    rateLimit: { max: 60, timeWindow: '1 minute', keyGenerator: perClientKey('address') },
  });
}
