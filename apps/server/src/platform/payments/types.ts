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

/** Checkout in setup mode: the co-owner signs a SEPA mandate for later debits (decision 149). */
export interface MandateSetupInput {
  coproprietaireId: string;
  userId: string;
  accountId: string;
  /** The account's customer on this connected account, when one exists already. */
  customerId: string | null;
  email: string | null;
  successUrl: string;
  cancelUrl: string;
}

/** What a succeeded setup gives: the PaymentMethod and Stripe's mandate, with what we show. */
export interface MandateDetails {
  paymentMethodId: string;
  mandateId: string | null;
  reference: string | null;
  accountHolder: string;
  country: string;
  last4: string;
}

/** An off-session debit on a saved mandate, for one payment request. */
export interface MandateDebitInput {
  paymentRequestId: string;
  coproprietaireId: string;
  accountId: string;
  customerId: string;
  paymentMethodId: string;
  mandateId: string;
  amountCents: number;
  currency: string;
  description: string;
}

/** Debits on a saved mandate without the co-owner present (Stripe's off-session PaymentIntents). */
export interface MandateOperations {
  createMandateSetup(
    input: MandateSetupInput,
  ): Promise<{ url: string; sessionId: string; customerId: string }>;
  mandateDetails(setupIntentId: string, accountId: string): Promise<MandateDetails>;
  chargeMandate(input: MandateDebitInput): Promise<{ paymentIntentId: string; status: string }>;
  detachPaymentMethod(paymentMethodId: string, accountId: string): Promise<void>;
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
  /** Stripe only: the sandbox signs mandates with its own form and its bank answers the debits. */
  mandates?: MandateOperations;
}

/** Metadata naming what a setup session or an off-session debit is for. */
export const MANDATE_SETUP_PURPOSE = 'sepa_mandate';

export const idempotencyKey = (paymentRequestId: string) => `payment-request-${paymentRequestId}`;
