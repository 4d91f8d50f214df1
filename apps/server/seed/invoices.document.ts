import { addDays } from './clock.js';
import { type SeedContext, type StoredFile, storeFile, storeImage } from './context.js';
import type { CoproInfo } from './copro.js';
import { euros, frDate, pct } from './format.js';
import { renderPdf } from '../src/lib/pdf.js';
import { renderInvoiceScan } from './scan.js';
import type { InvoicePlan } from './invoices.plans.js';
import { ADHOC, type Supplier } from './invoices.suppliers.js';

/**
 * Renders and stores a supplier invoice, then hands its file to `addInvoice`. Small artisans'
 * invoices arrive on paper: the syndic files a phone scan (a JPEG with its sizes); the other
 * suppliers send a PDF.
 */
export function invoiceDocument(
  ctx: SeedContext,
  copro: CoproInfo,
  o: {
    plan: InvoicePlan;
    supplier: Supplier;
    number: string;
    ht: number;
    tva: number;
    seq: number;
    recipient: string[];
  },
  addInvoice: (file: StoredFile) => void,
): Promise<void> {
  const { clock } = ctx;
  const { plan: p, supplier: s, number, ht, tva, seq } = o;
  const keyNumber = number.replace(/[^A-Za-z0-9-]/g, '');
  const key = `coproprietes/${copro.id}/factures/${p.year}/${keyNumber}.pdf`;
  const fileName = `Facture ${s.name} ${number}.pdf`;
  const vatLabel = s.vat ? `TVA ${pct(s.vat, s.vat === 0.055 ? 1 : 0)}` : 'TVA non applicable';
  return ADHOC.some((a) => a.supplier === s)
    ? renderInvoiceScan({
        issuer: s,
        title: `Facture n° ${number}`,
        date: `Lyon, le ${frDate(p.date)}`,
        client: o.recipient,
        designation: p.text,
        rows: [
          ['Total HT', euros(ht)],
          [vatLabel, euros(tva)],
        ],
        total: ['Total TTC', euros(p.amount)],
        footer: s.legal,
      }).then((jpg) =>
        addInvoice(
          storeImage(
            ctx,
            `coproprietes/${copro.id}/factures/${p.year}/original/${keyNumber}.jpg`,
            `Facture ${s.name} ${number}.jpg`,
            jpg,
            'image/jpeg',
          ),
        ),
      )
    : renderPdf({
        issuer: { name: s.name, lines: s.lines },
        title: `Facture n° ${number}`,
        subtitle: `Date : ${frDate(p.date)} – Échéance : ${frDate(addDays(p.date, 30))}`,
        recipient: o.recipient,
        blocks: [
          {
            kv: [
              ['Client', `Syndicat des copropriétaires ${copro.name}`],
              ['Site', copro.address.full_address ?? ''],
              ['Référence client', `${s.short}-${copro.address.zip_code}-${String(seq).padStart(4, '0')}`],
            ],
          },
          {
            table: {
              head: ['Désignation', 'Qté', 'Montant HT'],
              widths: [6, 1, 2],
              align: ['l', 'r', 'r'],
              rows: [[p.text, '1', euros(ht)]],
            },
          },
          {
            table: {
              head: ['Récapitulatif', '', ''],
              widths: [6, 1, 2],
              align: ['l', 'r', 'r'],
              rows: [
                ['Total HT', '', euros(ht)],
                [vatLabel, '', euros(tva)],
              ],
              total: ['Total TTC à payer', '', euros(p.amount)],
            },
          },
          {
            p: "Règlement à réception par virement. En cas de retard de paiement, une indemnité forfaitaire pour frais de recouvrement de 40 € sera appliquée (articles L441-10 et D441-5 du Code de commerce). Pas d'escompte pour paiement anticipé.",
          },
        ],
        footer: s.legal,
        createdAt: clock.paris(p.date, '10:00'),
      }).then((pdf) => addInvoice(storeFile(ctx, key, fileName, pdf, 'application/pdf')));
}
