import { formatCents, formatDate, formatParisDate, formatParisTime } from '@tantieme/contract';
import { type Block, renderPdf } from '../../lib/pdf.js';
import type { paymentForReceipt } from './sepa.repo.js';

export type ReceiptData = NonNullable<Awaited<ReturnType<typeof paymentForReceipt>>>;

export const METHOD_LABELS: Record<string, string> = {
  card: 'Carte bancaire',
  sepa_debit: 'Prélèvement SEPA',
};

/** The receipt's reference: short enough to quote on the phone, unique per payment. */
export const receiptReference = (paymentId: string) => `REC-${paymentId.slice(0, 8).toUpperCase()}`;

/**
 * The receipt of a payment made in Tantième: who paid what, how, when, and which lines it settled
 * (its lettrage: the payment's allocations, credits used shown as deducted).
 */
export function renderPaymentReceipt(d: ReceiptData): Promise<Buffer> {
  const p = d.payment;
  const debits = d.lines.filter((l) => l.amount_type === 'debit' && l.amount_cents > 0);
  const credits = d.lines.filter((l) => l.amount_type === 'credit' && l.amount_cents > 0);
  const settled = debits.reduce((s, l) => s + l.amount_cents, 0);
  const rows = [
    ...debits.map((l) => [formatDate(l.date), l.name, formatCents(l.amount_cents)]),
    ...credits.map((l) => [
      formatDate(l.date),
      `Crédit utilisé : ${l.name}`,
      `− ${formatCents(l.amount_cents)}`,
    ]),
  ];
  const unallocated = p.amount_cents - (settled - credits.reduce((s, l) => s + l.amount_cents, 0));
  const blocks: Block[] = [
    {
      kv: [
        ['Référence', receiptReference(p.id)],
        ['Montant reçu', formatCents(p.amount_cents)],
        ['Moyen de paiement', METHOD_LABELS[p.payment_method] ?? p.payment_method],
        ['Date du paiement', `${formatParisDate(p.date)} à ${formatParisTime(p.date)}`],
        ...(p.provider_payment_id
          ? ([['Référence du prestataire', p.provider_payment_id]] as [string, string][])
          : []),
      ],
    },
    { h: 'Copropriétaire' },
    {
      kv: [
        ['Nom', d.owner_name],
        ['Copropriété', d.copro_name],
        ['Adresse de la copropriété', d.copro_address?.full_address ?? '-'],
      ],
    },
    { h: 'Lignes réglées' },
    {
      table: {
        head: ['Date', 'Libellé', 'Montant'],
        widths: [1, 4, 1.4],
        align: ['l', 'l', 'r'],
        rows,
        total: ['', 'Total réglé', formatCents(p.amount_cents - Math.max(0, unallocated))],
      },
    },
    ...(unallocated > 0
      ? ([{ p: `${formatCents(unallocated)} restent disponibles au crédit de votre compte.` }] as Block[])
      : []),
    { space: 8 },
    {
      p: `Reçu délivré par Tantième pour le compte du syndic ${d.syndic_name}. Le paiement est porté au crédit de votre compte de copropriétaire ; il sera repris dans la comptabilité du syndicat.`,
    },
  ];
  return renderPdf({
    issuer: { name: d.syndic_name, lines: [d.copro_name] },
    title: 'Reçu de paiement',
    subtitle: receiptReference(p.id),
    recipient: [d.owner_name],
    blocks,
    footer: `Reçu ${receiptReference(p.id)} · ${d.copro_name}`,
    createdAt: p.date,
  });
}
