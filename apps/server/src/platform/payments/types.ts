import type Stripe from 'stripe';

export interface CheckoutInput {
  /** Our payment_requests.id: metadata, client_reference_id and idempotency key. */
  paymentRequestId: string;
  coproprietaireId: string;
  amountCents: number;
  currency: string;
  /** The syndic's connected account (syndics.stripe_account_id). */
  accountId: string;
  description: string;
  customerEmail?: string | null;
  /** Absolute or root-relative; `{CHECKOUT_SESSION_ID}` is filled by the provider. */
  successUrl: string;
  cancelUrl: string;
}

/** The methods offered in the checkout: the card, and SEPA direct debit with its mandate. */
export const CHECKOUT_METHODS = ['card', 'sepa_debit'] as const;
/** The prefix of the mandate reference (RUM) Stripe generates for a SEPA debit (12 characters at most). */
export const MANDATE_REFERENCE_PREFIX = 'TANTIEME';

/** SPEC §3 Payment request response, plus where to send the browser. */
export interface CheckoutSession {
  sessionId: string;
  url: string;
  publicKey: string;
  accountId?: string;
}

/** What the payment transaction records (SPEC §3 Payment transaction). */
export interface ChargeDetails {
  amountCents: number;
  feeCents: number;
  netCents: number;
  currency: string;
  paymentMethod: string;
}

/** A provider failure the service maps to a §8 error. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly kind: 'amount_too_small' | 'account_invalid' | 'other',
  ) {
    super(message);
  }
}

/**
 * One interface for card payments: Stripe Checkout + Connect in production, the sandbox
 * checkout served by this server on the embedded default. Both deliver Stripe-shaped,
 * signed `checkout.session.*` events to the same webhook code.
 */
export interface PaymentsAdapter {
  kind: 'stripe' | 'sandbox';
  /** charges_enabled of the syndic's connected account. */
  isAccountReady(accountId: string): Promise<boolean>;
  createCheckoutSession(input: CheckoutInput): Promise<CheckoutSession>;
  /** Verifies the signature on the raw body and parses the event; throws when invalid. */
  verifyEvent(rawBody: Buffer | string, signature: string): Stripe.Event;
  /** Amount, fee, net, currency and method of the charge behind a completed session. */
  chargeDetails(session: Stripe.Checkout.Session, accountId: string | null): Promise<ChargeDetails>;
}

export const idempotencyKey = (paymentRequestId: string) => `payment-request-${paymentRequestId}`;
