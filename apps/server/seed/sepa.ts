import { formatCents, formatDate } from '@tantieme/contract';
import { notifications, paymentRequests, sepaMandates } from '../src/db/schema/index.js';
import { SYSTEM_SENDER } from '../src/modules/notifications/notify.js';
import { receiptReference } from '../src/modules/payments/receipt.pdf.js';
import { addDays } from './clock.js';
import { newId, type SeedContext } from './context.js';
import type { LedgerEntry } from './finances.js';
import { paymentRequestRow, sepaMandateRow } from './builders/finances.js';
import { notificationRow } from './builders/inbox.js';

/**
 * Paul's SEPA side of the demo: the mandate he saved for the appels de fonds, his last quarter
 * paid by a SEPA debit made in Tantième (with its receipt), and the debit before it that his bank
 * rejected (the lines reopened, then paid by the debit that succeeded).
 */
export function seedSepa(
  ctx: SeedContext,
  o: { ownerId: string; userId: string; ledger: LedgerEntry[]; accountId: string },
) {
  const { clock } = ctx;
  const credit = [...o.ledger].reverse().find((e) => e.type === 'credit' && e.paymentTransactionId);
  if (!credit) return;
  const debits = o.ledger
    .filter((e) => e.type === 'debit' && e.date <= credit.date && e.remaining === 0)
    .slice(-2);
  const signed = addDays(credit.date, -40);
  ctx.rows.add(
    sepaMandates,
    sepaMandateRow({
      id: newId(),
      coproprietaire_id: o.ownerId,
      user_id: o.userId,
      reference: 'TANTIEME-7K2M9QX4PD',
      account_holder: 'Paul Durand',
      iban_prefix: 'FR76',
      iban_last4: '0189',
      notice_days: 5,
      provider_payment_method_id: 'pm_sandbox_demo_paul',
      signed_at: clock.past(clock.paris(signed, '21:12')),
      created_at: clock.past(clock.paris(signed, '21:12')),
    }),
  );
  const failedOn = addDays(credit.date, -9);
  const requestBase = {
    coproprietaire_id: o.ownerId,
    user_id: o.userId,
    debits: debits.map((d) => ({ id: d.id, amount: d.amount })),
    credits: [],
    pay_amount_cents: credit.amount,
    currency: 'eur',
    provider: 'sandbox',
    account_id: o.accountId,
    payment_method: 'sepa_debit',
  };
  ctx.rows.add(
    paymentRequests,
    paymentRequestRow({
      ...requestBase,
      id: newId(),
      session_id: 'cs_sandbox_demo_paul_rejete_000001',
      status: 'failed',
      created_at: clock.past(clock.paris(addDays(failedOn, -3), '19:05')),
      completed_at: clock.past(clock.paris(failedOn, '09:30')),
    }),
  );
  const at = (d: string, t: string) => clock.past(clock.paris(d, t));
  const notif = (title: string, body: string, when: Date, url: string) =>
    notificationRow({
      id: newId(),
      coproprietaire_id: o.ownerId,
      user_id: o.userId,
      category: 'all',
      type: 'PAIEMENT',
      sub_type: 'CREATE',
      title,
      body,
      sender: SYSTEM_SENDER,
      data: { is_event_sending: false, coproprietaire_id: o.ownerId, url },
      status: 'active',
      is_read: true,
      event_action_date: when,
      created_date: when,
    });
  const amount = formatCents(credit.amount);
  ctx.rows.add(
    notifications,
    notif(
      'Prélèvement SEPA rejeté',
      `Votre banque a rejeté le prélèvement de ${amount} du ${formatDate(addDays(failedOn, -3))}. Les appels de fonds concernés sont de nouveau à régler.`,
      at(failedOn, '09:30'),
      `/${o.ownerId}/facture-v2`,
    ),
    notif(
      `Paiement de ${amount} reçu`,
      `Votre paiement par prélèvement SEPA est enregistré (référence ${receiptReference(credit.paymentTransactionId as string)}). Son reçu est à télécharger depuis votre situation de compte.`,
      at(credit.date, '10:02'),
      `/${o.ownerId}/facture-v2?recu=${credit.paymentTransactionId}`,
    ),
  );
}
