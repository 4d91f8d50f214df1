import {
  chargeInvoices,
  ecritureLotAmounts,
  ecritures,
  invoiceDepenses,
  supplierInvoices,
  verificationStatus,
} from '../src/db/schema/index.js';
import { addDays } from './clock.js';
import { newId, type SeedContext, type StoredFile } from './context.js';
import type { CoproInfo } from './copro.js';
import { type FinanceInfo, splitOverLots } from './finances.js';
import {
  ecritureLotAmountRow,
  ecritureRow,
  invoiceDepenseRow,
  supplierInvoiceRow,
} from './builders/documents.js';
import { chargeInvoiceRow, verificationStatusRow } from './builders/finances.js';
import { invoiceDocument } from './invoices.document.js';
import { type InvoiceOptions, type InvoicePlan, planInvoices } from './invoices.plans.js';

export interface InvoicesResult {
  count: number;
  /** Expenses booked on a charge for a year, cents. */
  realised(chargeId: string, year: number): number;
  /** The most recent supplier invoice. */
  latest: { supplier: string; date: string } | null;
}

/**
 * Expense side of a copropriété: the supplier invoices (each with a generated PDF, its
 * expense, accounting entry and per-lot shares) and the charge invoices booked per charge
 * and year for the verification of accounts.
 */
export async function seedInvoices(
  ctx: SeedContext,
  copro: CoproInfo,
  fin: FinanceInfo,
  opt: InvoiceOptions,
): Promise<InvoicesResult> {
  const { rng, clock } = ctx;
  const plans = planInvoices(ctx, fin, opt);

  // Statuses: the most recent invoices are still in the workflow (1–4), older ones are paid (5–7).
  const withPdf = plans.filter((p) => p.supplier && p.date >= opt.supplierFrom);
  const recent = [...withPdf].sort((a, b) => b.date.localeCompare(a.date));
  const status = new Map<InvoicePlan, number>();
  const fresh = [1, 2, 2, 3, 3, 4, 4, 4];
  recent.forEach((p, i) => {
    status.set(p, i < fresh.length ? fresh[i] : rng.pick([5, 5, 5, 6, 6, 7]));
  });

  const pdfJobs: Promise<void>[] = [];
  let seq = 0;
  for (const p of plans) {
    const year = fin.year(p.year);
    let supplierInvoiceId: string | null = null;
    let ecritureDescription = p.text;
    if (p.supplier && p.date >= opt.supplierFrom) {
      const s = p.supplier;
      supplierInvoiceId = newId();
      seq += 1;
      const number = `${s.prefix}-${p.year}-${String(rng.int(1000, 99999)).padStart(5, '0')}`;
      ecritureDescription = `${s.short} – Facture ${number}`;
      const ht = s.vat ? Math.round(p.amount / (1 + s.vat)) : p.amount;
      const tva = p.amount - ht;
      const st = status.get(p) ?? 5;
      const invoiceId = supplierInvoiceId;
      const addInvoice = (file: StoredFile) => {
        ctx.rows.add(
          supplierInvoices,
          supplierInvoiceRow({
            id: invoiceId,
            syndic_id: copro.syndic.id,
            copropriete_id: copro.id,
            invoice_date: p.date,
            amount_cents: p.amount,
            fournisseur_name: s.name,
            compte_name: `401 ${s.short}`,
            number,
            internal_note:
              st >= 5
                ? rng.pick([
                    'Conforme au contrat – bon pour paiement.',
                    'Contrôlée par S. Garnier.',
                    null,
                    'Réglée par virement.',
                  ])
                : st === 1
                  ? 'Facture reçue, en attente de saisie du détail.'
                  : 'En attente de validation par le gestionnaire.',
            status: st,
            source_urls: [{ path: file.key, content_type: file.content_type }],
          }),
        );
      };
      pdfJobs.push(
        invoiceDocument(
          ctx,
          copro,
          { plan: p, supplier: s, number, ht, tva, seq, recipient: opt.recipient },
          addInvoice,
        ),
      );
      ctx.rows.add(
        invoiceDepenses,
        invoiceDepenseRow({
          invoice_id: invoiceId,
          charge_name: p.charge.def.name,
          description: p.text,
          amount_ttc_cents: p.amount,
          repartitions: [{ name: p.charge.rep.name }],
        }),
      );
      const ecritureId = newId();
      ctx.rows.add(
        ecritures,
        ecritureRow({
          id: ecritureId,
          invoice_id: invoiceId,
          date: p.date,
          description: `${ecritureDescription} – ${p.charge.def.code} ${p.charge.def.name}`,
          amount_cents: p.amount,
        }),
      );
      ctx.rows.add(
        ecritureLotAmounts,
        ...splitOverLots(p.charge.rep, p.amount).map((l) =>
          ecritureLotAmountRow({
            ecriture_id: ecritureId,
            lot_id: l.lotId,
            amount_cents: l.amount,
          }),
        ),
      );
    } else if (p.charge.def.supplier === 'syndic') {
      ecritureDescription = `${copro.syndic.name} – Honoraires ${p.period}`;
    }
    const checkedBySyndicat = year.closed || (p.date < addDays(clock.today, -75) && rng.chance(0.6));
    ctx.rows.add(
      chargeInvoices,
      chargeInvoiceRow({
        charge_id: p.charge.id,
        financial_year_id: year.id,
        supplier_invoice_id: supplierInvoiceId,
        ecriture_description: ecritureDescription,
        description: p.text,
        amount_cents: p.amount,
        date: p.date,
        verification_syndic: 1,
        verification_syndicat: checkedBySyndicat ? 1 : 0,
        created_date: clock.past(clock.paris(addDays(p.date, 3), '14:20')),
      }),
    );
  }
  await Promise.all(pdfJobs);
  if (opt.verification)
    ctx.rows.add(
      verificationStatus,
      verificationStatusRow({ copropriete_id: copro.id, ...opt.verification }),
    );
  const realised = new Map<string, number>();
  for (const p of plans) {
    const k = `${p.charge.id}:${p.year}`;
    realised.set(k, (realised.get(k) ?? 0) + p.amount);
  }
  const last = recent[0];
  return {
    count: withPdf.length,
    realised: (chargeId, year) => realised.get(`${chargeId}:${year}`) ?? 0,
    latest: last?.supplier ? { supplier: last.supplier.name, date: last.date } : null,
  };
}
