import Stripe from 'stripe';
import { hmac, randomToken } from '../../lib/crypto.js';
import type { PaymentsAdapter } from './types.js';

export const SANDBOX_PUBLIC_KEY = 'pk_sandbox_tantieme';
export const SANDBOX_CHECKOUT_PATH = '/sandbox-checkout';
/** The session metadata key where the sandbox says which method its checkout was paid with. */
export const SANDBOX_METHOD_KEY = 'sandbox_payment_method';

export interface SandboxAdapter extends PaymentsAdapter {
  kind: 'sandbox';
  /** Signs a payload exactly as Stripe signs webhooks (Stripe-Signature header). */
  sign(payload: string): string;
}

/**
 * The embedded default (no STRIPE_SECRET_KEY, never in production): a checkout page served
 * by this server (see modules/payments/sandbox.routes.ts) that posts Stripe-shaped signed
 * events to the real webhook. The signing secret derives from APP_SECRET.
 */
export function sandboxAdapter(appSecret: string): SandboxAdapter {
  const secret = `whsec_${hmac(appSecret || 'sandbox', 'payments-sandbox-webhook')}`;
  return {
    kind: 'sandbox',
    async isAccountReady(accountId) {
      return accountId.trim().length > 0;
    },
    async createCheckoutSession(input) {
      const sessionId = `cs_sandbox_${randomToken(24)}`;
      return {
        sessionId,
        url: `${SANDBOX_CHECKOUT_PATH}/${sessionId}`,
        publicKey: SANDBOX_PUBLIC_KEY,
        accountId: input.accountId,
      };
    },
    verifyEvent(rawBody, signature) {
      return Stripe.webhooks.constructEvent(rawBody, signature, secret);
    },
    async chargeDetails(session) {
      const amountCents = session.amount_total ?? 0;
      const sepa = session.metadata?.[SANDBOX_METHOD_KEY] === 'sepa_debit';
      // Simulated fees borne by the syndic: a European card 1,5 % + 0,25 €, a SEPA debit 0,35 €.
      const fee = sepa ? 35 : Math.round(amountCents * 0.015) + 25;
      const feeCents = Math.min(amountCents, fee);
      return {
        amountCents,
        feeCents,
        netCents: amountCents - feeCents,
        currency: session.currency ?? 'eur',
        paymentMethod: sepa ? 'sepa_debit' : 'card',
      };
    },
    sign(payload) {
      return Stripe.webhooks.generateTestHeaderString({ payload, secret });
    },
  };
}
