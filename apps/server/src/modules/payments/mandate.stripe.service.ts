import { SEPA_PRE_NOTICE_DAYS } from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { AppError } from '../../http/errors.js';
import type { MandateOperations } from '../../platform/payments/types.js';
import type { OwnedRecord } from '../access/access.service.js';
import * as mandates from './mandate.repo.js';
import * as repo from './payments.repo.js';
import type { PaymentRequestRow } from './payments.repo.js';
import * as sepa from './sepa.repo.js';

const CHARGE_DESCRIPTION = 'Prélèvement SEPA – appels de fonds';

/** The mandate operations of the configured provider (Stripe), or null with the sandbox. */
export const mandateOps = (app: FastifyInstance): MandateOperations | null =>
  app.platform.payments?.mandates ?? null;

/**
 * Starts Stripe Checkout in setup mode for a saved SEPA mandate: the account's customer on the
 * syndic's connected account is created once and reused. The browser comes back to the settings.
 */
export async function startStripeMandate(
  app: FastifyInstance,
  record: OwnedRecord,
  user: { id: string; email: string | null },
) {
  const ops = mandateOps(app);
  const accountId = record.syndic.stripe_account_id;
  if (!ops || !accountId) throw new AppError('SEPA_MANDATE_UNAVAILABLE');
  const known = await mandates.customerOf(app.db, user.id, accountId);
  const back = (ok: 0 | 1) =>
    `${app.config.publicUrl.replace(/\/$/, '')}/${record.coproprietaire.id}/settings?mandat_sepa=${ok}`;
  try {
    const s = await ops.createMandateSetup({
      coproprietaireId: record.coproprietaire.id,
      userId: user.id,
      accountId,
      customerId: known,
      email: user.email,
      successUrl: back(1),
      cancelUrl: back(0),
    });
    if (!known) await mandates.saveCustomer(app.db, user.id, accountId, s.customerId);
    return { url: s.url };
  } catch (err) {
    app.log.error({ err: (err as Error).message }, 'payments: mandate setup session failed');
    throw new AppError('PAYMENT_PROVIDER_ERROR');
  }
}

/**
 * A mandate signed in Stripe Checkout (checkout.session.completed in setup mode, or
 * setup_intent.succeeded: whichever comes first records it, the other finds it there). It replaces
 * the record's mandate before; the PaymentMethods of the replaced ones are detached.
 */
export async function mandateSetupSucceeded(
  app: FastifyInstance,
  event: Stripe.Event,
  setupIntentId: string | null,
  metadata: Record<string, string>,
) {
  const ops = mandateOps(app);
  const ownerId = metadata.coproprietaire_id;
  const userId = metadata.user_id;
  const accountId = event.account ?? (ownerId ? await mandates.accountOfRecord(app.db, ownerId) : null);
  if (!ops || !setupIntentId || !ownerId || !userId || !accountId) {
    await repo.claimEvent(app.db, event.id, event.type);
    return 'ignored' as const;
  }
  const details = await ops.mandateDetails(setupIntentId, accountId);
  const customerId = await mandates.customerOf(app.db, userId, accountId);
  const result = await app.db.transaction(async (tx) => {
    if (!(await repo.claimEvent(tx, event.id, event.type))) return null;
    if (!details.paymentMethodId || !details.mandateId) return { replaced: [] };
    if (await mandates.mandateByPaymentMethod(tx, details.paymentMethodId)) return { replaced: [] };
    const before = await sepa.revokeMandates(tx, ownerId);
    await sepa.cancelScheduled(
      tx,
      before.map((b) => b.id),
    );
    await sepa.insertMandate(tx, {
      coproprietaire_id: ownerId,
      user_id: userId,
      reference: details.reference ?? details.mandateId,
      account_holder: details.accountHolder || '-',
      iban_prefix: details.country,
      iban_last4: details.last4,
      notice_days: SEPA_PRE_NOTICE_DAYS,
      provider: 'stripe',
      provider_payment_method_id: details.paymentMethodId,
      provider_customer_id: customerId,
      provider_mandate_id: details.mandateId,
    });
    return { replaced: before };
  });
  if (!result) return 'duplicate' as const;
  await detach(app, result.replaced, accountId);
  return 'mandate' as const;
}

/** Detaches the Stripe PaymentMethods of revoked mandates: no debit can be taken on them any more. */
export async function detach(
  app: FastifyInstance,
  revoked: { provider: string; payment_method_id: string | null }[],
  accountId: string | null,
) {
  const ops = mandateOps(app);
  if (!ops || !accountId) return;
  for (const r of revoked)
    if (r.provider === 'stripe' && r.payment_method_id)
      await ops
        .detachPaymentMethod(r.payment_method_id, accountId)
        .catch((err) =>
          app.log.error({ err: (err as Error).message }, 'payments: detaching a revoked mandate failed'),
        );
}

/**
 * Submits a debit due on a Stripe mandate: an off-session PaymentIntent confirmed at once, its
 * metadata naming the payment request. Its webhooks then hold, settle or reopen the lines.
 * The idempotency key makes a second round's call return the same PaymentIntent.
 */
export async function submitStripeDebit(app: FastifyInstance, r: PaymentRequestRow) {
  const ops = mandateOps(app);
  const m = r.mandate_id ? await mandates.mandateById(app.db, r.mandate_id) : null;
  if (!ops || !m || m.revoked_at || m.provider !== 'stripe' || !r.account_id) return false;
  if (!m.provider_customer_id || !m.provider_payment_method_id || !m.provider_mandate_id) return false;
  const pi = await ops.chargeMandate({
    paymentRequestId: r.id,
    coproprietaireId: r.coproprietaire_id,
    accountId: r.account_id,
    customerId: m.provider_customer_id,
    paymentMethodId: m.provider_payment_method_id,
    mandateId: m.provider_mandate_id,
    amountCents: r.pay_amount_cents,
    currency: r.currency,
    description: CHARGE_DESCRIPTION,
  });
  if (!r.session_id) await mandates.setRequestSession(app.db, r.id, pi.paymentIntentId);
  // Taken by the bank: not submitted again by the next round (its webhooks say the rest).
  if (pi.status === 'processing' || pi.status === 'succeeded')
    await sepa.markProcessing(app.db, r.id, 'sepa_debit');
  return true;
}
