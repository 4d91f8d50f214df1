import { z } from 'zod';
import { okEnvelope } from '../envelope.js';
import { cursorPage, defineSyndicEndpoint, deltaPage, listQuery } from './syndicApi.js';

/**
 * Outgoing webhooks: the product tells the syndic's software what co-owners did. Each POST is
 * signed like Stripe's: header `Tantieme-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "<t>.<raw body>" with the endpoint's secret>`; refuse a timestamp older than 5 minutes.
 */
export const WEBHOOK_SIGNATURE_HEADER = 'tantieme-signature';
export const WEBHOOK_TOLERANCE_S = 300;
export const WEBHOOK_EVENTS = [
  'payment.succeeded',
  'payment.failed',
  'payment.refunded',
  'ballot.cast',
  'signature.saved',
  'invitation.accepted',
  'coproprietaire.attached',
  'coproprietaire.detached',
  'onboarding.updated',
  'message.created',
  'assemblee.closed',
  'signalement.created',
  'signalement.commented',
  'notice.sent',
  'notice.read',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

export const webhookEndpointBody = z.object({
  url: z.string().trim().url({ error: 'URL invalide.' }).max(500),
  events: z
    .array(z.enum([...WEBHOOK_EVENTS, '*']))
    .min(1)
    .max(20)
    .default(['*']),
});
export const webhookEndpoint = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  created_at: z.string(),
  disabled_at: z.string().nullable(),
});
export const webhookDelivery = z.object({
  id: z.string(),
  event_id: z.string(),
  event_type: z.string(),
  status: z.enum(['pending', 'sending', 'delivered', 'failed']),
  attempts: z.number().int(),
  next_attempt_at: z.string(),
  last_status_code: z.number().int().nullable(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
  /** Last change (an attempt, a redelivery…): what `updated_since` compares. */
  updated_at: z.string(),
});

const idParams = z.object({ id: z.string().uuid() });

export const syndicWebhookEndpoints = {
  create: defineSyndicEndpoint({
    method: 'POST',
    path: '/syndic/v1/webhooks',
    summary: 'Register an HTTPS endpoint; the answer shows its signing secret once',
    scope: 'webhooks',
    body: webhookEndpointBody,
    response: okEnvelope(webhookEndpoint.extend({ secret: z.string() })),
  }),
  list: defineSyndicEndpoint({
    method: 'GET',
    path: '/syndic/v1/webhooks',
    summary:
      "The syndic's webhook endpoints (never their secret), oldest first; `updated_since`: those registered since, and those stopped since as tombstones (their id as external_id)",
    scope: 'webhooks',
    query: listQuery,
    response: okEnvelope(deltaPage(webhookEndpoint)),
  }),
  disable: defineSyndicEndpoint({
    method: 'DELETE',
    path: '/syndic/v1/webhooks/:id',
    summary: 'Stop sending to an endpoint (its delivery log stays)',
    scope: 'webhooks',
    params: idParams,
    response: okEnvelope(webhookEndpoint),
  }),
  deliveries: defineSyndicEndpoint({
    method: 'GET',
    path: '/syndic/v1/webhooks/:id/deliveries',
    summary:
      'Delivery log of an endpoint, newest first; with `updated_since`, the deliveries created or changed since, by last change (oldest first)',
    scope: 'webhooks',
    params: idParams,
    query: listQuery,
    response: okEnvelope(cursorPage(webhookDelivery)),
  }),
  redeliver: defineSyndicEndpoint({
    method: 'POST',
    path: '/syndic/v1/webhook-deliveries/:id/redeliver',
    summary: 'Send a delivery again now (same event id and body, new signature)',
    scope: 'webhooks',
    params: idParams,
    response: okEnvelope(webhookDelivery),
  }),
};
