import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import type { StorageAdapter } from '../../platform/storage.js';
import type { OwnedRecord } from '../access/access.service.js';
import { receiptReference, renderPaymentReceipt } from './receipt.pdf.js';
import * as sepa from './sepa.repo.js';

/**
 * A signed URL of a payment's PDF receipt. Only a payment of the record the guard gave, and only
 * one that succeeded (a failed SEPA debit has no transaction, hence no receipt).
 */
export async function getPaymentReceipt(
  db: Db,
  storage: StorageAdapter,
  record: OwnedRecord,
  paymentId: string,
) {
  const data = await sepa.paymentForReceipt(db, record.coproprietaire.id, paymentId);
  if (!data) throw new AppError('NOT_FOUND');
  const key = `coproprietes/${data.copro_id}/paiements/${paymentId}/recu.pdf`;
  // Rendered again each time: a refund since changes the lines it shows as settled.
  await storage.put(key, await renderPaymentReceipt(data), 'application/pdf');
  const name = `Reçu ${receiptReference(paymentId)}.pdf`;
  return { url: await storage.signedGetUrl(key, 600, { download: name }), name };
}
