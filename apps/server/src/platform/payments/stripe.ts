import Stripe from 'stripe';
import { stripeMandates } from './stripe.mandates.js';
import {
  type ChargeDetails,
  CHECKOUT_METHODS,
  type CheckoutInput,
  idempotencyKey,
  MANDATE_REFERENCE_PREFIX,
  PaymentProviderError,
  type PaymentsAdapter,
} from './types.js';

export interface StripeAdapterConfig {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
  timeoutMs?: number;
}

const KNOWN_METHODS = new Set(['card', 'sepa_debit', 'check', 'cash']);
const methodOf = (type: string | undefined) => (type && KNOWN_METHODS.has(type) ? type : 'other');

/** Stripe Checkout on the syndic's connected account (direct charges). */
export function stripeAdapter(cfg: StripeAdapterConfig): PaymentsAdapter {
  // A provider that hangs costs the co-owner at most two limits (one retry, same idempotency key),
  // then the checkout fails cleanly (PAYMENT_PROVIDER_ERROR) instead of holding the request.
  const stripe = new Stripe(cfg.secretKey, {
    maxNetworkRetries: 1,
    timeout: cfg.timeoutMs ?? 10_000,
    telemetry: false,
    ...(cfg.host ? { host: cfg.host } : {}),
    ...(cfg.port ? { port: cfg.port } : {}),
    ...(cfg.protocol ? { protocol: cfg.protocol } : {}),
  });

  return {
    kind: 'stripe',
    mandates: stripeMandates(stripe),

    async isAccountReady(accountId) {
      const account = await stripe.accounts.retrieve(accountId);
      return account.charges_enabled === true;
    },

    async createCheckoutSession(input: CheckoutInput) {
      try {
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'payment',
            locale: 'fr',
            // SEPA direct debit beside the card: Checkout collects the IBAN and shows the mandate
            // text; the mandate reference carries our prefix. The SDK's API version names the
            // list allowed_payment_method_types (payment_method_types in older versions).
            allowed_payment_method_types: [...CHECKOUT_METHODS],
            payment_method_options: {
              sepa_debit: { mandate_options: { reference_prefix: MANDATE_REFERENCE_PREFIX } },
            },
            client_reference_id: input.paymentRequestId,
            ...(input.customerEmail ? { customer_email: input.customerEmail } : {}),
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: input.currency,
                  unit_amount: input.amountCents,
                  product_data: { name: input.description },
                },
              },
            ],
            metadata: {
              payment_request_id: input.paymentRequestId,
              coproprietaire_id: input.coproprietaireId,
            },
            payment_intent_data: {
              description: input.description,
              metadata: { payment_request_id: input.paymentRequestId },
            },
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
          },
          { stripeAccount: input.accountId, idempotencyKey: idempotencyKey(input.paymentRequestId) },
        );
        if (!session.url) throw new PaymentProviderError('checkout session without url', 'other');
        return {
          sessionId: session.id,
          url: session.url,
          publicKey: cfg.publishableKey,
          accountId: input.accountId,
        };
      } catch (err) {
        if (err instanceof PaymentProviderError) throw err;
        const e = err as { code?: string; message?: string; type?: string };
        if (e.code === 'amount_too_small')
          throw new PaymentProviderError(e.message ?? '', 'amount_too_small');
        if (e.code === 'account_invalid' || e.type === 'StripePermissionError')
          throw new PaymentProviderError(e.message ?? '', 'account_invalid');
        throw new PaymentProviderError(e.message ?? 'stripe error', 'other');
      }
    },

    verifyEvent(rawBody, signature) {
      return stripe.webhooks.constructEvent(rawBody, signature, cfg.webhookSecret);
    },

    async chargeDetails(session, accountId): Promise<ChargeDetails> {
      const amountCents = session.amount_total ?? 0;
      const currency = session.currency ?? 'eur';
      const base = { amountCents, feeCents: 0, netCents: amountCents, currency, paymentMethod: 'card' };
      const piId =
        typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
      if (!piId) return base;
      const pi = await stripe.paymentIntents.retrieve(
        piId,
        { expand: ['latest_charge.balance_transaction'] },
        accountId ? { stripeAccount: accountId } : undefined,
      );
      const charge = typeof pi.latest_charge === 'object' ? pi.latest_charge : null;
      const bt = charge && typeof charge.balance_transaction === 'object' ? charge.balance_transaction : null;
      return {
        amountCents,
        feeCents: bt?.fee ?? 0,
        netCents: bt?.net ?? amountCents,
        currency,
        paymentMethod: methodOf(charge?.payment_method_details?.type),
      };
    },
  };
}
