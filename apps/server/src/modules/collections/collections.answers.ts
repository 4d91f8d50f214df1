/**
 * What becomes of a remise: taken (each debit a payment, its lettrage and its écriture 512 → 450x),
 * rejected before settlement (the lines payable again, nothing to reverse) or returned after it
 * (the écriture reversed, the lines reopened by what they received), each item exactly once
 * (rules/sepaCollection.ts `answerEffect`), whatever the order or the number of imports; each
 * failure is told to the syndic's software (payment.failed), as a card's.
 */
import { answerEffect, billColumn, formatCents, formatDate, returnReasonLabel } from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { yearCovering } from '../bank/bank.service.js';
import { SUB_ACCOUNT } from '../bank/bank.settle.js';
import { postIn, reverseIn } from '../journal/journal.service.js';
import { stageNotification } from '../notifications/notify.js';
import { SEPA_PAYMENT_LINE_NAME, todayInParis } from '../payments/credit.service.js';
import * as lettrage from '../payments/lettrage.service.js';
import { allocate, refund, type Share } from '../payments/lettrage.service.js';
import * as payments from '../payments/statement-writes.js';
import { paymentFailed } from '../payments/refund.service.js';
import { AnswersError, parseAnswers } from './answers.parse.js';
import * as repo from './collections.repo.js';

const STATEMENT_URL = '/{id}/facture-v2';
export const RETURN_LINE_NAME = 'Prélèvement SEPA retourné';
type After = () => Promise<void>;

async function credit(tx: Tx, c: repo.CollectionRow, item: repo.ItemRow, date: string) {
  const request = await repo.requestOf(tx, item.payment_request_id);
  const debits = await payments.openLinesByIds(
    tx,
    item.coproprietaire_id,
    'debit',
    request.debits.map((d) => d.id),
    { lock: true },
  );
  const paymentId = (
    await payments.insertPaymentTransaction(tx, {
      coproprietaire_id: item.coproprietaire_id,
      payment_request_id: request.id,
      amount_cents: item.amount_cents,
      net_cents: item.amount_cents,
      date: new Date(`${date}T12:00:00Z`),
      payment_method: 'sepa_debit',
      description: SEPA_PAYMENT_LINE_NAME,
      provider_payment_id: item.end_to_end_id,
    })
  )?.id;
  if (!paymentId) return;
  let rest = item.amount_cents;
  const shares: Share[] = [];
  for (const d of debits) {
    const pay = Math.min(d.remaining_cents, rest);
    if (pay <= 0) break;
    shares.push({ line: d, amount: pay });
    rest -= pay;
  }
  await allocate(tx, paymentId, shares);
  const line = await payments.insertLedgerLine(tx, {
    coproprietaire_id: item.coproprietaire_id,
    copropriete_id: c.copropriete_id,
    payment_transaction_id: paymentId,
    name: SEPA_PAYMENT_LINE_NAME,
    date,
    amount_cents: item.amount_cents,
    remaining_cents: rest,
    amount_type: 'credit',
    bill_type: 'other',
  });
  const perAccount = new Map<string, number>();
  const byId = new Map(debits.map((d) => [d.id, d]));
  for (const s of shares) {
    const account = SUB_ACCOUNT[billColumn(byId.get(s.line.id)?.bill_type)];
    perAccount.set(account, (perAccount.get(account) ?? 0) + s.amount);
  }
  if (rest > 0) perAccount.set('450', (perAccount.get('450') ?? 0) + rest);
  const posted = await postIn(tx, {
    coproprieteId: c.copropriete_id,
    financialYearId: c.financial_year_id,
    ecriture: {
      date,
      libelle: `${SEPA_PAYMENT_LINE_NAME} ${c.message_id}`,
      piece: `sepa:${item.end_to_end_id}`,
      source: 'paiement',
      lines: [
        { account: '512', debit: item.amount_cents, credit: 0 },
        ...[...perAccount].map(([account, amount]) => ({
          account,
          coproprietaireId: item.coproprietaire_id,
          debit: 0,
          credit: amount,
        })),
      ],
    },
    ledgerLineIds: [null, ...[...perAccount].map(() => line.id)],
  });
  await payments.updatePaymentRequest(tx, request.id, { status: 'paid', completed_at: new Date() });
  await repo.updateItem(tx, item.id, {
    status: 'settled',
    payment_transaction_id: paymentId,
    ecriture_id: posted.id,
  });
}

/** The bank took the remise on its date: each debit still submitted is credited, once. */
export async function settle(app: FastifyInstance, coproprieteId: string, collectionId: string) {
  return app.db.transaction(async (tx) => {
    const c = await repo.collection(tx, coproprieteId, collectionId, { lock: true });
    if (!c) throw repo.unknownCollection();
    const items = (await repo.itemsOf(tx, [c.id])).map((i) => i.item).filter((i) => i.status === 'submitted');
    for (const item of items) await credit(tx, c, item, String(c.due_date));
    await repo.markSettled(tx, c.id);
    return { settled: items.length };
  });
}

async function tell(app: FastifyInstance, tx: Tx, item: repo.ItemRow, title: string, body: string) {
  const staged = await stageNotification(
    tx,
    { db: app.db, realtime: app.realtime, config: app.config },
    { coproprietaireId: item.coproprietaire_id },
    {
      title,
      body,
      type: 'PAIEMENT',
      url: STATEMENT_URL,
      data: { payment_request_id: item.payment_request_id },
    },
  );
  return staged.afterCommit;
}

/** A debit refused before it was taken: nothing was credited; its lines are payable again. */
async function rejectItem(app: FastifyInstance, tx: Tx, item: repo.ItemRow, reason: string | null) {
  const request = await repo.requestOf(tx, item.payment_request_id);
  await payments.updatePaymentRequest(tx, request.id, { status: 'failed', completed_at: new Date() });
  await paymentFailed(tx, request);
  await repo.updateItem(tx, item.id, { status: 'rejected', reason, answered_at: new Date() });
  return tell(
    app,
    tx,
    item,
    'Prélèvement SEPA rejeté',
    `Votre banque a rejeté le prélèvement de ${formatCents(item.amount_cents)} (${returnReasonLabel(reason)}). Les appels de fonds concernés sont de nouveau à régler.`,
  );
}

/**
 * A debit returned after it was taken (weeks later, the co-owner's bank took the money back): the
 * credit's écriture is reversed and the lines it settled reopen by what they received, once.
 */
async function returnItem(
  app: FastifyInstance,
  tx: Tx,
  item: repo.ItemRow,
  reason: string | null,
  today: string,
) {
  const payment = await lettrage.findPaymentByProviderId(tx, item.end_to_end_id);
  if (!payment || !item.ecriture_id) return null;
  // Booked the day the bank says so, in the exercice of that day.
  const year = await yearCovering(tx, item.copropriete_id, today);
  const reversed = await reverseIn(tx, item.copropriete_id, item.ecriture_id, today, year?.id);
  await refund(
    tx,
    payment,
    payment.amount_cents,
    today,
    `${RETURN_LINE_NAME} (${returnReasonLabel(reason)})`,
  );
  await payments.updatePaymentRequest(tx, item.payment_request_id, {
    status: 'failed',
    completed_at: new Date(),
  });
  // As a rejection: the syndic's software hears which of its lines are to be paid again.
  await paymentFailed(tx, await repo.requestOf(tx, item.payment_request_id));
  await repo.updateItem(tx, item.id, {
    status: 'returned',
    reason,
    return_ecriture_id: reversed.id,
    answered_at: new Date(),
  });
  return tell(
    app,
    tx,
    item,
    'Prélèvement SEPA retourné',
    `Votre banque a retourné le prélèvement de ${formatCents(item.amount_cents)} du ${formatDate(payment.date)} (${returnReasonLabel(reason)}). Les appels de fonds qu'il réglait sont de nouveau à régler.`,
  );
}

/** Applies answers to the items they name; each item moves once (answerEffect). */
export async function applyAnswers(
  app: FastifyInstance,
  tx: Tx,
  coproprieteId: string,
  answers: { endToEndId: string; reason: string | null }[],
  today: string,
) {
  const items = await repo.itemsByEndToEnd(
    tx,
    coproprieteId,
    answers.map((a) => a.endToEndId),
  );
  const byE2e = new Map(items.map((i) => [i.end_to_end_id, i]));
  const after: After[] = [];
  const out = { rejected: 0, returned: 0, unchanged: 0, unknown: 0 };
  for (const a of answers) {
    const item = byE2e.get(a.endToEndId);
    if (!item) {
      out.unknown += 1;
      continue;
    }
    const { next, effect } = answerEffect(item.status);
    let done: After | null = null;
    if (effect === 'fail') done = await rejectItem(app, tx, item, a.reason);
    else if (effect === 'reverse') done = await returnItem(app, tx, item, a.reason, today);
    if (done) {
      after.push(done);
      out[next === 'rejected' ? 'rejected' : 'returned'] += 1;
      item.status = next;
    } else out.unchanged += 1;
  }
  return { ...out, after };
}

/** Imports a pain.002 or camt.054 once (the same file again changes nothing). */
export async function importAnswers(
  app: FastifyInstance,
  coproprieteId: string,
  xml: string,
  today = todayInParis(),
) {
  let parsed: ReturnType<typeof parseAnswers>;
  try {
    parsed = parseAnswers(xml);
  } catch (e) {
    const message = e instanceof AnswersError ? e.message : 'Le fichier est illisible.';
    throw new AppError('VALIDATION_ERROR', message, { status: 400, errors: { content: message } });
  }
  const result = await app.db.transaction(async (tx) => {
    const ref = `${parsed.format}:${parsed.ref || parsed.answers.map((a) => a.endToEndId).join(',')}`;
    if (!(await repo.claimAnswer(tx, { copropriete_id: coproprieteId, format: parsed.format, ref })))
      return {
        known: true,
        rejected: 0,
        returned: 0,
        unchanged: parsed.answers.length,
        unknown: 0,
        after: [],
      };
    return { known: false, ...(await applyAnswers(app, tx, coproprieteId, parsed.answers, today)) };
  });
  for (const f of result.after) await f();
  const { after: _after, ...counts } = result;
  return { format: parsed.format, ...counts };
}
