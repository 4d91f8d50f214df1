import { eq } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import { repartitions } from '../src/db/schema/index.js';
import { renderPdf } from '../src/lib/pdf.js';
import { capture, pay, saveThreshold } from '../src/modules/invoices/factures.service.js';
import type { StorageAdapter } from '../src/platform/storage.js';
import { addDays, type Clock } from './clock.js';
import { euros, frDate } from './format.js';

interface DemoInvoice {
  supplier: string;
  lines: string[];
  number: string;
  /** Days before today (within the year). */
  daysAgo: number;
  text: string;
  ttc: number;
  vat: number;
  account: string;
  /** Paid that many days after the invoice; null: waiting for the syndic. */
  paidAfter: number | null;
}

/**
 * The supplier invoices of Résidence Les Lilas, captured by its volunteer syndic in the console
 * (decision 227): the lift's quarterly maintenance (the 318,60 € the bank statement shows going
 * out) and the common parts' electricity, paid; the cleaning of the month and a roof repair
 * above the council's threshold (1 500 € set by the assembly), still to validate.
 */
const INVOICES: DemoInvoice[] = [
  {
    supplier: 'Ascenseurs Rhône Entretien',
    lines: ['14 rue de la Villette', '69003 Lyon', 'SIRET 412 356 789 00027'],
    number: 'ARE-2026-04187',
    daysAgo: 40,
    text: "Contrat d'entretien de l'ascenseur – visite trimestrielle et astreinte",
    ttc: 31_860,
    vat: 0.2,
    account: '614',
    paidAfter: 12,
  },
  {
    supplier: 'EDF Entreprises',
    lines: ['TSA 21941', '62978 Arras Cedex 9', 'Point de livraison 30001 4528 7612'],
    number: '10 234 567 891',
    daysAgo: 28,
    text: 'Électricité des parties communes – éclairage des escaliers et du hall, bimestre',
    ttc: 18_743,
    vat: 0.2,
    account: '602',
    paidAfter: 10,
  },
  {
    supplier: 'Net & Brillance Services',
    lines: ['5 avenue Berthelot', '69007 Lyon', 'SIRET 798 541 236 00014'],
    number: 'NBS-F-1142',
    daysAgo: 6,
    text: 'Ménage des parties communes – entretien hebdomadaire du hall, des escaliers et des vitres',
    ttc: 42_600,
    vat: 0.2,
    account: '614',
    paidAfter: null,
  },
  {
    supplier: 'Toitures Lyonnaises',
    lines: ['22 rue Paul Bert', '69003 Lyon', 'SIRET 523 874 120 00031'],
    number: 'TL-2026-0388',
    daysAgo: 3,
    text: 'Réparation de la toiture – remplacement de 14 tuiles et reprise du solin de cheminée',
    ttc: 246_000,
    vat: 0.1,
    account: '615',
    paidAfter: null,
  },
];

function invoicePdf(i: DemoInvoice, date: string) {
  const ht = Math.round(i.ttc / (1 + i.vat));
  return renderPdf({
    issuer: { name: i.supplier, lines: i.lines },
    title: `Facture n° ${i.number}`,
    subtitle: `Date\u202f: ${frDate(date)} – Échéance\u202f: ${frDate(addDays(date, 30))}`,
    recipient: ['Syndicat des copropriétaires', 'Résidence Les Lilas', 'Mme Hélène Moreau, syndic bénévole'],
    blocks: [
      {
        table: {
          head: ['Désignation', 'Qté', 'Montant HT'],
          widths: [6, 1, 2],
          align: ['l', 'r', 'r'],
          rows: [[i.text, '1', euros(ht)]],
        },
      },
      {
        table: {
          head: ['Récapitulatif', '', ''],
          widths: [6, 1, 2],
          align: ['l', 'r', 'r'],
          rows: [
            ['Total HT', '', euros(ht)],
            [`TVA ${Math.round(i.vat * 100)}\u202f%`, '', euros(i.ttc - ht)],
          ],
          total: ['Total TTC à payer', '', euros(i.ttc)],
        },
      },
    ],
  });
}

export async function seedLilasInvoices(
  db: Db,
  storage: StorageAdapter,
  lilasId: string,
  syndicId: string,
  clock: Clock,
) {
  const [cg] = await db.select().from(repartitions).where(eq(repartitions.copropriete_id, lilasId));
  await saveThreshold(db, lilasId, { amount_cents: 150_000, resolution_id: null });
  // Within the exercice of the year (the demo may run on its first days).
  const within = (d: string) => (d < `${clock.year}-01-01` ? `${clock.year}-01-01` : d);
  for (const i of INVOICES) {
    const date = within(addDays(clock.today, -i.daysAgo));
    const pdf = await invoicePdf(i, date);
    const made = await capture(
      db,
      storage,
      { coproId: lilasId, syndicId },
      {
        fournisseur_name: i.supplier,
        invoice_date: date,
        number: i.number,
        amount_cents: i.ttc,
        account: i.account,
        repartition_id: cg.id,
        description: i.text,
        file: {
          name: `Facture ${i.supplier} ${i.number}.pdf`,
          content_type: 'application/pdf',
          content_base64: pdf.toString('base64'),
        },
      },
    );
    if (i.paidAfter != null) {
      const paid = addDays(date, i.paidAfter);
      await pay(db, storage, lilasId, made.id, paid > clock.today ? clock.today : paid);
    }
  }
}
