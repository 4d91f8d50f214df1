import { formatCents } from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { enqueue } from '../../platform/outbox.js';
import type { StorageAdapter } from '../../platform/storage.js';
import { receiptEmail } from '../../templates/index.js';
import type { OwnedRecord } from '../access/access.service.js';
import { notify } from '../notifications/notify.js';
import { emailOfUser } from './mandate.repo.js';
import { receiptReference, renderPaymentReceipt } from './receipt.pdf.js';
import * as sepa from './sepa.repo.js';

const STATEMENT_URL = '/{id}/facture-v2';

/**
 * Renders a payment's receipt into storage and answers its key and file name. Rendered again
 * each time: a refund since changes the lines it shows as settled.
 */
async function storeReceipt(db: Db, storage: StorageAdapter, coproprietaireId: string, paymentId: string) {
  const data = await sepa.paymentForReceipt(db, coproprietaireId, paymentId);
  if (!data) return null;
  const key = `coproprietes/${data.copro_id}/paiements/${paymentId}/recu.pdf`;
  await storage.put(key, await renderPaymentReceipt(data), 'application/pdf');
  return { key, name: `Reçu ${receiptReference(paymentId)}.pdf`, data };
}

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
  const stored = await storeReceipt(db, storage, record.coproprietaire.id, paymentId);
  if (!stored) throw new AppError('NOT_FOUND');
  return { url: await storage.signedGetUrl(stored.key, 600, { download: stored.name }), name: stored.name };
}

/**
 * A payment succeeded. The co-owner who paid receives its receipt as a PDF by e-mail, whatever
 * their notification settings: it confirms their own act (decision 150). The in-app notification
 * (and its push, SMS, or e-mail to the record's other holders) follows the preferences; the payer
 * is not e-mailed twice.
 */
export async function notifyReceipt(app: FastifyInstance, request: { id: string; user_id: string | null }) {
  const payment = await sepa.transactionOfRequest(app.db, request.id);
  if (!payment) return;
  const method = payment.payment_method === 'sepa_debit' ? 'prélèvement SEPA' : 'carte bancaire';
  const reference = receiptReference(payment.id);
  const email = await emailOfUser(app.db, request.user_id);
  const stored = email
    ? await storeReceipt(app.db, app.platform.storage, payment.coproprietaire_id, payment.id)
    : null;
  if (email && stored) {
    const m = receiptEmail({
      amount: formatCents(payment.amount_cents),
      method,
      reference,
      copropriete: stored.data.copro_name,
      link: `${app.config.publicUrl}/${payment.coproprietaire_id}/facture-v2?recu=${payment.id}`,
    });
    await enqueue(
      app.db,
      {
        channel: 'email',
        recipient: email,
        subject: m.subject,
        body: m.text,
        meta: { kind: 'payment-receipt', payment_id: payment.id },
        attachments: [{ filename: stored.name, content_type: 'application/pdf', storage_key: stored.key }],
      },
      { production: app.config.env === 'production' },
    );
  }
  await notify(
    { db: app.db, realtime: app.realtime, config: app.config },
    { coproprietaireId: payment.coproprietaire_id },
    {
      title: `Paiement de ${formatCents(payment.amount_cents)} reçu`,
      body: `Votre paiement par ${method} est enregistré (référence ${reference}). Son reçu est à télécharger depuis votre situation de compte${stored ? ' et vous a été envoyé par e-mail' : ''}.`,
      type: 'PAIEMENT',
      url: `${STATEMENT_URL}?recu=${payment.id}`,
      data: { payment_id: payment.id },
      ...(stored && request.user_id ? { emailedUserIds: [request.user_id] } : {}),
    },
  );
}
