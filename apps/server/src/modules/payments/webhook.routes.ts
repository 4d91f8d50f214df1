import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { AppError } from '../../http/errors.js';
import { handleEvent } from './events.service.js';

export const WEBHOOK_PATH = '/api/finances/stripe/webhook';

/**
 * The provider's webhook (Stripe, or the sandbox checkout through the very same path).
 * An encapsulated plugin: its JSON parser keeps the raw bytes, which the signature covers;
 * the rest of the API keeps Fastify's JSON parser.
 */
export async function paymentsWebhookRoutes(app: FastifyInstance) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: 512 * 1024 },
    (_req, body, done) => done(null, body),
  );

  app.post(WEBHOOK_PATH, { schema: { hide: true }, config: { auth: 'public' } }, async (req, reply) => {
    const adapter = app.platform.payments;
    if (!adapter) throw new AppError('NOT_FOUND');
    const signature = req.headers['stripe-signature'];
    const raw = req.body;
    if (typeof signature !== 'string' || !Buffer.isBuffer(raw))
      throw new AppError('WEBHOOK_SIGNATURE_INVALID');
    let event: Stripe.Event;
    try {
      event = adapter.verifyEvent(raw, signature);
    } catch {
      req.log.warn('payments: webhook signature rejected');
      throw new AppError('WEBHOOK_SIGNATURE_INVALID');
    }
    const outcome = await handleEvent(app, event);
    req.log.info({ event: event.id, type: event.type, outcome }, 'payments: webhook');
    return reply.send({ success: true, data: { received: true, outcome } });
  });
}
