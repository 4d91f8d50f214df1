import type { Db } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import * as lettrage from '../../payments/lettrage.service.js';
import { externalIdsOf, type SyndicApiContext, writeAudit } from '../kit/index.js';
import { A } from './accounts.repo.js';

/**
 * The back office has booked a product payment: from now on its `remaining_cents` include it,
 * so the product stops taking it off them (rules/lettrage.ts). Idempotent; audited once.
 * Another syndic's payment is a 404.
 */
export async function acknowledge(db: Db, api: SyndicApiContext, paymentId: string) {
  return db.transaction(async (tx) => {
    const found = await lettrage.findProductPayment(tx, paymentId, { lock: true });
    if (!found || found.syndic_id !== api.syndicId) throw new AppError('NOT_FOUND');
    if (await lettrage.acknowledgePayment(tx, paymentId))
      await writeAudit(tx, api, [
        {
          action: 'acknowledged',
          resource: 'payment',
          resourceId: paymentId,
          externalId: null,
          changes: { acknowledged: { before: false, after: true } },
        },
      ]);
    const payment = (await lettrage.findProductPayment(tx, paymentId))!.payment;
    const allocations = await lettrage.allocationsOf(tx, { payments: [paymentId] });
    const lineExt = await lettrage.lineExternalIds(
      tx,
      api.syndicId,
      allocations.map((a) => a.line_id),
    );
    const owner = await externalIdsOf(tx, api.syndicId, A.coproprietaire, [payment.coproprietaire_id]);
    return {
      id: payment.id,
      coproprietaire: owner.get(payment.coproprietaire_id) ?? null,
      ledger_line: lettrage.productLineExternalId('paiement', payment.id),
      amount_cents: payment.amount_cents,
      refunded_cents: payment.refunded_cents,
      currency: payment.currency,
      date: payment.date.toISOString(),
      acknowledged_at: payment.acknowledged_at?.toISOString() ?? null,
      allocations: allocations.map((a) => ({
        payment_id: a.payment_id,
        ledger_line: lineExt.get(a.line_id) ?? null,
        amount_cents: a.amount_cents,
        acknowledged: a.acknowledged_at !== null,
      })),
    };
  });
}
