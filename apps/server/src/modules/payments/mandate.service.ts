import {
  collectDate,
  formatCents,
  formatDate,
  ibanParts,
  isValidIban,
  maskIban,
  normaliseIban,
  SEPA_PRE_NOTICE_DAYS,
  type SepaMandate,
  type SepaMandateBody,
} from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/errors.js';
import { randomToken } from '../../lib/crypto.js';
import { enqueue } from '../../platform/outbox.js';
import { emailOf, sepaPreNotificationEmail } from '../../templates/index.js';
import type { SandboxAdapter } from '../../platform/payments/sandbox.js';
import { MANDATE_REFERENCE_PREFIX } from '../../platform/payments/types.js';
import type { OwnedRecord } from '../access/access.service.js';
import { creditorOf, saveMandateAccount } from '../collections/collections.service.js';
import { FILE_PROVIDER } from '../collections/collections.service.js';
import { stageNotification } from '../notifications/notify.js';
import { todayInParis } from './credit.service.js';
import * as mandates from './mandate.repo.js';
import * as repo from './payments.repo.js';
import { isCardPaymentReady, PAYMENT_CURRENCY } from './payments.service.js';
import { deliverSandboxEvent } from './sandbox.events.js';
import * as sepa from './sepa.repo.js';
import { detach, submitStripeDebit } from './mandate.stripe.service.js';
import { heldDebitIds } from './sepa.service.js';

/**
 * A saved mandate is offered where the syndic takes payments online: signed with the sandbox's
 * IBAN form, or in Stripe Checkout (setup mode) and debited by off-session PaymentIntents.
 */
async function available(app: FastifyInstance, record: OwnedRecord) {
  if (await byFile(app, record)) return true;
  const adapter = app.platform.payments;
  if (!adapter || (adapter.kind === 'stripe' && !adapter.mandates)) return false;
  return isCardPaymentReady(adapter, record.syndic);
}

/** The building collects by file (its syndic set a creditor id): the syndic's bank takes the debits. */
const byFile = async (app: FastifyInstance, record: OwnedRecord) =>
  Boolean(await creditorOf(app.db, record.copropriete.id));

async function present(app: FastifyInstance, m: sepa.MandateRow): Promise<SepaMandate> {
  const upcoming = await sepa.scheduledOf(app.db, [m.id]);
  return {
    id: m.id,
    reference: m.reference,
    account_holder: m.account_holder,
    iban: maskIban(m.iban_prefix, m.iban_last4),
    signed_at: m.signed_at.toISOString(),
    notice_days: m.notice_days,
    upcoming: upcoming.map((r) => ({ amount: r.pay_amount_cents, collect_on: String(r.collect_on) })),
  };
}

export async function getMandate(app: FastifyInstance, record: OwnedRecord) {
  const m = await sepa.activeMandate(app.db, record.coproprietaire.id);
  const ok = await available(app, record);
  const provider = (await byFile(app, record)) ? FILE_PROVIDER : (app.platform.payments?.kind ?? null);
  return {
    mandate: m ? await present(app, m) : null,
    available: ok,
    provider: ok ? provider : null,
  };
}

/** Signs a new mandate (replacing the one before): the IBAN checked, only its ends kept. */
export async function saveMandate(
  app: FastifyInstance,
  record: OwnedRecord,
  userId: string,
  body: SepaMandateBody,
): Promise<SepaMandate> {
  // With Stripe the IBAN is given in Checkout, never here (startStripeMandate).
  const file = await byFile(app, record);
  if ((!file && app.platform.payments?.kind !== 'sandbox') || !(await available(app, record)))
    throw new AppError('SEPA_MANDATE_UNAVAILABLE');
  if (!isValidIban(body.iban)) throw new AppError('IBAN_INVALID');
  const { prefix, last4 } = ibanParts(body.iban);
  const ownerId = record.coproprietaire.id;
  const m = await app.db.transaction(async (tx) => {
    const before = await sepa.revokeMandates(tx, ownerId);
    await sepa.cancelScheduled(
      tx,
      before.map((b) => b.id),
    );
    const m = await sepa.insertMandate(tx, {
      coproprietaire_id: ownerId,
      user_id: userId,
      reference: `${MANDATE_REFERENCE_PREFIX}-${randomToken(12)
        .replace(/[^A-Za-z0-9]/g, '')
        .toUpperCase()
        .slice(0, 10)}`,
      account_holder: body.account_holder,
      iban_prefix: prefix,
      iban_last4: last4,
      notice_days: SEPA_PRE_NOTICE_DAYS,
      // Collected by file: the syndic's remise names the account in full (decision 213).
      provider: file ? FILE_PROVIDER : 'sandbox',
      provider_payment_method_id: file ? null : `pm_sandbox_${randomToken(12)}`,
    });
    if (file) await saveMandateAccount(tx, m.id, normaliseIban(body.iban));
    return m;
  });
  return present(app, m);
}

/**
 * Revokes the mandate: the debits announced and not yet taken are cancelled, their lines payable
 * again; with Stripe its PaymentMethod is detached, so no debit can be taken on it any more.
 */
export async function revokeMandate(app: FastifyInstance, record: OwnedRecord) {
  const revoked = await app.db.transaction(async (tx) => {
    const rows = await sepa.revokeMandates(tx, record.coproprietaire.id);
    await sepa.cancelScheduled(
      tx,
      rows.map((r) => r.id),
    );
    return rows;
  });
  await detach(app, revoked, record.syndic.stripe_account_id);
  return { revoked: revoked.length > 0 };
}

/**
 * Announces the debit of the new appels de fonds of one mandate: one debit for the lines not yet
 * held, taken `notice_days` after today, pre-notified in the app and by e-mail (the mandate's
 * notice is due whatever the notification settings).
 */
async function announce(
  app: FastifyInstance,
  row: Awaited<ReturnType<typeof sepa.activeMandates>>[number],
  today: string,
) {
  const m = row.mandate;
  const held = await heldDebitIds(app.db, m.coproprietaire_id);
  const lines = (await mandates.newOpenDebits(app.db, m.coproprietaire_id, m.signed_at)).filter(
    (l) => !held.has(l.id),
  );
  const amount = lines.reduce((s, l) => s + l.remaining_cents, 0);
  if (lines.length === 0 || amount <= 0 || !row.account_id) return 0;
  const collectOn = collectDate(today, m.notice_days);
  const title = `Prélèvement SEPA prévu le ${formatDate(collectOn)}`;
  const body = `Conformément à votre mandat ${m.reference} (compte ${maskIban(m.iban_prefix, m.iban_last4)}), ${formatCents(amount)} seront prélevés le ${formatDate(collectOn)} pour : ${lines.map((l) => l.name).join(', ')}.`;
  const email = await mandates.emailOfUser(app.db, m.user_id);
  const staged = await app.db.transaction(async (tx) => {
    const request = await repo.insertPaymentRequest(tx, {
      coproprietaire_id: m.coproprietaire_id,
      user_id: m.user_id,
      debits: lines.map((l) => ({ id: l.id, amount: l.remaining_cents })),
      credits: [],
      pay_amount_cents: amount,
      currency: PAYMENT_CURRENCY,
      provider: m.provider,
      account_id: row.account_id,
      status: 'scheduled',
      payment_method: 'sepa_debit',
      mandate_id: m.id,
      collect_on: collectOn,
      // Stripe's debit takes the PaymentIntent's id when it is submitted.
      session_id: m.provider === 'sandbox' ? `cs_sandbox_${randomToken(24)}` : null,
    });
    if (email)
      await enqueue(
        tx,
        {
          channel: 'email',
          recipient: email,
          ...emailOf(
            sepaPreNotificationEmail({
              title,
              body,
              settingsLink: `${app.config.publicUrl}/${m.coproprietaire_id}/settings`,
            }),
          ),
          meta: { kind: 'sepa-pre-notification', payment_request_id: request.id },
        },
        { production: app.config.env === 'production' },
      );
    return stageNotification(
      tx,
      { db: app.db, realtime: app.realtime, config: app.config },
      { coproprietaireId: m.coproprietaire_id },
      { title, body, type: 'PAIEMENT', url: '/{id}/facture-v2', data: { payment_request_id: request.id } },
    );
  });
  await staged.afterCommit();
  return 1;
}

/**
 * One round of the mandate job: the sandbox's bank answers the debits submitted on the round
 * before (success), the debits due today are submitted (processing; with Stripe an off-session
 * PaymentIntent whose webhooks follow), and the new appels de fonds are announced. Each step is
 * idempotent: a round run twice does nothing more.
 */
export async function runMandateRound(app: FastifyInstance, today = todayInParis()) {
  const adapter = app.platform.payments;
  if (!adapter) return { settled: 0, submitted: 0, announced: 0 };
  // Each provider's own mandates: a sandbox mandate is never sent to Stripe, nor the reverse.
  const active = (await sepa.activeMandates(app.db)).filter((a) => a.mandate.provider === adapter.kind);
  const ids = active.map((a) => a.mandate.id);
  if (adapter.kind === 'stripe') {
    let submitted = 0;
    for (const r of await sepa.dueScheduled(app.db, today)) {
      if (!r.mandate_id || !ids.includes(r.mandate_id)) continue;
      try {
        if (await submitStripeDebit(app, r)) submitted += 1;
      } catch (err) {
        // Left scheduled: the next round tries again with the same idempotency key.
        app.log.error({ err: (err as Error).message, request: r.id }, 'payments: mandate debit refused');
      }
    }
    let announced = 0;
    for (const row of active) announced += await announce(app, row, today);
    return { settled: 0, submitted, announced };
  }
  let settled = 0;
  for (const r of await mandates.processingMandateDebits(app.db, ids)) {
    const res = await deliverSandboxEvent(app, adapter as SandboxAdapter, r, r.session_id as string, {
      type: 'checkout.session.async_payment_succeeded',
    });
    if (res.statusCode === 200) settled += 1;
  }
  let submitted = 0;
  for (const r of await sepa.dueScheduled(app.db, today)) {
    if (!r.mandate_id || !ids.includes(r.mandate_id)) continue;
    const res = await deliverSandboxEvent(app, adapter as SandboxAdapter, r, r.session_id as string, {
      type: 'checkout.session.completed',
      method: 'sepa_debit',
    });
    if (res.statusCode === 200) submitted += 1;
  }
  let announced = 0;
  for (const row of active) announced += await announce(app, row, today);
  return { settled, submitted, announced };
}

/** Runs a round every `intervalMs` (the sandbox's bank and the mandates' calendar). */
export function startMandateJob(app: FastifyInstance, intervalMs = 10 * 60_000) {
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      const done = await runMandateRound(app);
      if (done.settled + done.submitted + done.announced > 0) app.log.info(done, 'payments: mandate round');
    } catch (err) {
      app.log.error({ err }, 'payments: mandate round failed');
    } finally {
      running = false;
    }
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
