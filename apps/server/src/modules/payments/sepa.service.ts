import { formatCents, formatDate } from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { stageNotification } from '../notifications/notify.js';
import { paymentFailed } from './refund.service.js';
import type { PaymentRequestRow, Tx } from './payments.repo.js';
import * as sepa from './sepa.repo.js';

/**
 * The debit lines a SEPA debit under way or announced on a mandate will settle: shown
 * 'en cours de prélèvement' on the statement and not payable a second time meanwhile.
 */
export async function heldDebitIds(db: Db | Tx, coproprietaireId: string) {
  return new Set((await heldDebits(db, coproprietaireId)).keys());
}

/** The held debit lines with the day their debit is taken (null: submitted, under way). */
export async function heldDebits(db: Db | Tx, coproprietaireId: string) {
  const held = new Map<string, string | null>();
  for (const r of await sepa.holdingRequests(db, coproprietaireId))
    for (const d of r.debits)
      held.set(d.id, r.status === 'scheduled' && r.collect_on ? String(r.collect_on) : null);
  return held;
}

const deps = (app: FastifyInstance) => ({ db: app.db, realtime: app.realtime, config: app.config });
const STATEMENT_URL = '/{id}/facture-v2';

/**
 * A SEPA debit refused by the co-owner's bank, days after the checkout (processing → failed).
 * Nothing was settled while it was processing (decision 121), so nothing is reversed: its lines
 * are simply payable again. The co-owner is told, the syndic's software hears payment.failed.
 */
export async function debitFailed(app: FastifyInstance, tx: Tx, request: PaymentRequestRow) {
  await sepa.setRequestStatus(tx, request.id, 'failed');
  await paymentFailed(tx, request);
  const staged = await stageNotification(
    tx,
    deps(app),
    { coproprietaireId: request.coproprietaire_id },
    {
      title: 'Prélèvement SEPA rejeté',
      body: `Votre banque a rejeté le prélèvement de ${formatCents(request.pay_amount_cents)} du ${formatDate(request.created_at)}. Les appels de fonds concernés sont de nouveau à régler.`,
      type: 'PAIEMENT',
      url: STATEMENT_URL,
    },
  );
  return staged.afterCommit;
}
