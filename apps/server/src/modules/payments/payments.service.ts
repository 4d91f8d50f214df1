import {
  amountMinimumToken,
  type DataForPayment,
  minimumAmountMessage,
  minimumCents,
  type PaymentRequestBody,
  type PaymentSession,
} from '@tantieme/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { PaymentProviderError, type PaymentsAdapter } from '../../platform/payments/types.js';
import type { OwnedRecord } from '../access/access.service.js';
import { presentPayable } from './payments.presenter.js';
import * as repo from './payments.repo.js';
import { heldDebitIds, heldDebits } from './sepa.service.js';

export const PAYMENT_CURRENCY = 'eur';
const CHECKOUT_DESCRIPTION = 'Règlement de charges de copropriété';

const invalidRequest = () => new AppError('PAYMENT_REQUEST_INVALID');

/** Payable items: unpaid debit lines and available credits (remaining amounts). */
export async function dataForPayment(db: Db, coproprietaireId: string): Promise<DataForPayment> {
  const [debits, credits, held] = await Promise.all([
    repo.openLines(db, coproprietaireId, 'debit'),
    repo.openLines(db, coproprietaireId, 'credit'),
    heldDebits(db, coproprietaireId),
  ]);
  return {
    debits: debits.filter((d) => !held.has(d.id)).map(presentPayable),
    credits: credits.map(presentPayable),
    collecting: debits
      .filter((d) => held.has(d.id))
      .map((d) => ({ ...presentPayable(d), collect_on: held.get(d.id) ?? null })),
    currency: PAYMENT_CURRENCY,
  };
}

/** SPEC §6: the syndic turned card payments on and its account can take charges. */
export async function isCardPaymentReady(
  adapter: PaymentsAdapter | null,
  syndic: OwnedRecord['syndic'],
  log?: FastifyBaseLogger,
  /** A payment being made says the provider failed (502) rather than that payments are off. */
  providerDown: 'off' | 'error' = 'off',
): Promise<boolean> {
  if (!adapter || syndic.disabled || !syndic.card_payments_active || !syndic.stripe_account_id) return false;
  try {
    return await adapter.isAccountReady(syndic.stripe_account_id);
  } catch (err) {
    log?.warn({ err: (err as Error).message }, 'payments: account check failed');
    if (providerDown === 'error') throw new AppError('PAYMENT_PROVIDER_ERROR');
    return false;
  }
}

const sameIds = (a: string[], b: string[]) =>
  a.length === b.length && new Set([...a, ...b]).size === a.length;

/**
 * Creates a checkout session for the chosen lines. The amount is recomputed here from the
 * open lines (what is still owed, minus the credits used); the client's amounts only have
 * to agree with it, otherwise the request is stale and refused.
 */
export async function createPaymentSession(
  app: FastifyInstance,
  record: OwnedRecord,
  user: { id: string; email: string | null },
  body: PaymentRequestBody,
): Promise<PaymentSession> {
  const adapter = app.platform.payments;
  if (!(await isCardPaymentReady(adapter, record.syndic, app.log, 'error')) || !adapter)
    throw new AppError('COPRO_STRIPE_INVALID');
  const accountId = record.syndic.stripe_account_id as string;
  const ownerId = record.coproprietaire.id;

  if (body.debits.length === 0 || body.pay_amount <= 0) throw new AppError('AMOUNT_REQUIRED');
  const debitIds = body.debits.map((d) => d.id);
  const creditIds = body.credits.map((c) => c.id);
  if (new Set(debitIds).size !== debitIds.length || new Set(creditIds).size !== creditIds.length)
    throw invalidRequest();

  const [debits, credits, held] = await Promise.all([
    repo.openLinesByIds(app.db, ownerId, 'debit', debitIds),
    repo.openLinesByIds(app.db, ownerId, 'credit', creditIds),
    heldDebitIds(app.db, ownerId),
  ]);
  // A line a SEPA debit is settling is not paid twice.
  if (debitIds.some((id) => held.has(id))) throw new AppError('DEBIT_IN_PROGRESS');
  if (
    !sameIds(
      debits.map((d) => d.id),
      debitIds,
    ) ||
    !sameIds(
      credits.map((c) => c.id),
      creditIds,
    )
  )
    throw invalidRequest();
  // What the client believed each line was worth must match what is still open.
  const byId = new Map([...debits, ...credits].map((l) => [l.id, l.remaining_cents]));
  for (const l of [...body.debits, ...body.credits]) if (l.amount !== byId.get(l.id)) throw invalidRequest();

  const payCents =
    debits.reduce((s, d) => s + d.remaining_cents, 0) - credits.reduce((s, c) => s + c.remaining_cents, 0);
  if (payCents <= 0) throw new AppError('AMOUNT_REQUIRED');
  if (body.pay_amount !== payCents) throw invalidRequest();
  const min = minimumCents(PAYMENT_CURRENCY);
  if (payCents < min) throw amountMinimum(min);

  const request = await repo.insertPaymentRequest(app.db, {
    coproprietaire_id: ownerId,
    user_id: user.id,
    debits: debits.map((d) => ({ id: d.id, amount: d.remaining_cents })),
    credits: credits.map((c) => ({ id: c.id, amount: c.remaining_cents })),
    pay_amount_cents: payCents,
    currency: PAYMENT_CURRENCY,
    provider: adapter.kind,
    account_id: accountId,
  });

  const back = (ok: 0 | 1) =>
    `/${ownerId}/facture-v2?session_id={CHECKOUT_SESSION_ID}&stripe_payment_success=${ok}`;
  const base = adapter.kind === 'stripe' ? app.config.publicUrl.replace(/\/$/, '') : '';
  try {
    const session = await adapter.createCheckoutSession({
      paymentRequestId: request.id,
      coproprietaireId: ownerId,
      amountCents: payCents,
      currency: PAYMENT_CURRENCY,
      accountId,
      description: `${CHECKOUT_DESCRIPTION} – ${record.copropriete.name}`,
      customerEmail: user.email,
      successUrl: base + back(1),
      cancelUrl: base + back(0),
    });
    await repo.updatePaymentRequest(app.db, request.id, { session_id: session.sessionId });
    return {
      publicKey: session.publicKey,
      sessionId: session.sessionId,
      url: session.url,
      ...(session.accountId ? { accountId: session.accountId } : {}),
    };
  } catch (err) {
    await repo.updatePaymentRequest(app.db, request.id, { status: 'failed' });
    if (err instanceof PaymentProviderError && err.kind === 'amount_too_small') throw amountMinimum(min);
    if (err instanceof PaymentProviderError && err.kind === 'account_invalid')
      throw new AppError('COPRO_STRIPE_INVALID');
    app.log.error({ err: (err as Error).message }, 'payments: checkout session failed');
    throw new AppError('PAYMENT_PROVIDER_ERROR');
  }
}

/** §8 AMOUNT_MINUMUM:{amount}_{currency}: the French message, and the token in `errors.minimum`. */
function amountMinimum(minCents: number) {
  return new AppError('AMOUNT_MINUMUM', minimumAmountMessage(minCents / 100, PAYMENT_CURRENCY), {
    errors: { minimum: amountMinimumToken(minCents, PAYMENT_CURRENCY) },
  });
}
