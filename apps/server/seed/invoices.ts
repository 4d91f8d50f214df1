import {
  chargeInvoices,
  ecritureLotAmounts,
  ecritures,
  invoiceDepenses,
  supplierInvoices,
  verificationStatus,
} from '../src/db/schema/index.js';
import { addDays, isoOf } from './clock.js';
import { newId, type SeedContext, type StoredFile, storeFile, storeImage } from './context.js';
import type { CoproInfo } from './copro.js';
import { type ChargeInfo, type FinanceInfo, type SupplierKey, splitOverLots } from './finances.js';
import { euros, frDate, pct, quarterLabel } from './format.js';
import { renderPdf } from '../src/lib/pdf.js';
import { splitByWeights } from './random.js';
import { renderInvoiceScan } from './scan.js';
import {
  ecritureLotAmountRow,
  ecritureRow,
  invoiceDepenseRow,
  supplierInvoiceRow,
} from './builders/documents.js';
import { chargeInvoiceRow, verificationStatusRow } from './builders/finances.js';

interface Supplier {
  name: string;
  short: string;
  lines: string[];
  vat: number;
  prefix: string;
  legal: string;
}

const SUPPLIERS: Record<string, Supplier> = {
  veolia: {
    name: 'Veolia Eau – Eau du Grand Lyon',
    short: 'VEOLIA',
    lines: ['Service clients professionnels – TSA 40111', '69161 Lyon Cedex 07'],
    vat: 0.055,
    prefix: 'EGL',
    legal:
      "Veolia Eau – Compagnie Générale des Eaux – délégataire du service public de l'eau de la Métropole de Lyon",
  },
  edf: {
    name: 'EDF Entreprises',
    short: 'EDF',
    lines: ['Direction Commerce Auvergne-Rhône-Alpes', 'TSA 21941 – 69401 Lyon Cedex 03'],
    vat: 0.2,
    prefix: '10',
    legal: 'EDF SA au capital de 2 084 365 041 € – 552 081 317 RCS Paris',
  },
  nettoyage: {
    name: 'Nettoyage Rhône Services',
    short: 'NRS',
    lines: ['17 rue Paul Bert – 69003 Lyon', 'Tél. 04 78 95 12 40 – contact@nettoyage-rhone-services.fr'],
    vat: 0.2,
    prefix: 'NRS',
    legal: 'SARL au capital de 15 000 € – RCS Lyon 512 874 963 – TVA FR21 512874963',
  },
  otis: {
    name: 'Otis – Agence Lyon Est',
    short: 'OTIS',
    lines: ['41 avenue Franklin Roosevelt – 69500 Bron', 'Service maintenance : 04 72 15 40 00'],
    vat: 0.1,
    prefix: 'OT',
    legal: 'Otis SCA – RCS Nanterre 542 107 800 – TVA FR77 542107800',
  },
  dalkia: {
    name: 'Dalkia – Centre-Est',
    short: 'DALKIA',
    lines: ['Agence Lyon Métropole – 12 rue Jean Bart', '69100 Villeurbanne'],
    vat: 0.1,
    prefix: 'DK',
    legal: 'Dalkia SA – RCS Lille Métropole 456 500 537',
  },
  engie: {
    name: 'Engie – Gaz naturel',
    short: 'ENGIE',
    lines: ['Service clients Copropriétés', 'TSA 80223 – 69914 Lyon Cedex 20'],
    vat: 0.2,
    prefix: 'GN',
    legal: 'ENGIE SA au capital de 2 435 285 011 € – RCS Nanterre 542 107 651',
  },
  assurance: {
    name: "Mutuelle Rhodanienne d'Assurances",
    short: 'MRA',
    lines: ['Agence Lyon Part-Dieu – 96 boulevard Vivier-Merle', '69003 Lyon'],
    vat: 0,
    prefix: 'MRA',
    legal: 'Entreprise régie par le Code des assurances – opération exonérée de TVA (article 261 C du CGI)',
  },
  ravalement: {
    name: 'Façades Lyonnaises SAS',
    short: 'FACLYO',
    lines: ["5 rue de l'Industrie – 69200 Vénissieux", 'Tél. 04 78 70 55 31 – Qualibat 2111'],
    vat: 0.1,
    prefix: 'FL',
    legal: 'SAS au capital de 120 000 € – RCS Lyon 433 218 905 – assurance décennale n° DEC-558120',
  },
  architecte: {
    name: 'Atelier Dumas Architecte',
    short: 'DUMAS',
    lines: ['22 rue Auguste Comte – 69002 Lyon', "Inscrit à l'Ordre des architectes Auvergne-Rhône-Alpes"],
    vat: 0.2,
    prefix: 'AD',
    legal: 'EURL au capital de 8 000 € – RCS Lyon 824 113 650',
  },
  jardin: {
    name: 'Jardins de la Riviera',
    short: 'JARDRIV',
    lines: ['62 route de Turin – 06300 Nice'],
    vat: 0.2,
    prefix: 'JR',
    legal: 'SARL – RCS Nice 519 330 287',
  },
};

const ADHOC: { supplier: Supplier; text: string }[] = [
  {
    supplier: {
      name: 'Plomberie Saint-Louis',
      short: 'PLOMBSL',
      lines: ['48 rue Saint-Louis – 69003 Lyon', 'Tél. 04 78 62 90 17'],
      vat: 0.1,
      prefix: 'PSL',
      legal: 'EURL au capital de 5 000 € – RCS Lyon 789 004 112',
    },
    text: "Recherche de fuite et remplacement d'une vanne d'arrêt en sous-sol",
  },
  {
    supplier: {
      name: 'Serrurerie de la Guillotière',
      short: 'SERRGUI',
      lines: ['9 grande rue de la Guillotière – 69007 Lyon'],
      vat: 0.1,
      prefix: 'SG',
      legal: 'SARL – RCS Lyon 530 777 214',
    },
    text: 'Remplacement du cylindre de la porte du hall B et fourniture de 40 clés sécurisées',
  },
  {
    supplier: {
      name: 'Élec Services Lyon',
      short: 'ELECSL',
      lines: ['3 rue Villon – 69008 Lyon'],
      vat: 0.1,
      prefix: 'ESL',
      legal: 'SAS – RCS Lyon 801 552 463',
    },
    text: 'Remplacement de 8 hublots LED à détection dans les escaliers A et B',
  },
  {
    supplier: {
      name: 'Vitrerie du Rhône',
      short: 'VITRHO',
      lines: ['112 avenue Félix Faure – 69003 Lyon'],
      vat: 0.1,
      prefix: 'VR',
      legal: 'SARL – RCS Lyon 447 902 318',
    },
    text: "Remplacement d'un vitrage feuilleté de la porte d'entrée du bâtiment A",
  },
];

interface InvoicePlan {
  charge: ChargeInfo;
  supplier: Supplier | null;
  date: string;
  period: string;
  text: string;
  amount: number;
  year: number;
}

/** Invoice dates of a year for a supplier, with the period each covers. */
function schedule(key: SupplierKey, y: number): { date: string; period: string; weight: number }[] {
  const q = (w: number[]) =>
    [isoOf(y, 3, 28), isoOf(y, 6, 27), isoOf(y, 9, 26), isoOf(y, 12, 19)].map((date, i) => ({
      date,
      period: `${quarterLabel(i + 1)} ${y}`,
      weight: w[i],
    }));
  switch (key) {
    case 'veolia':
      return [
        { date: isoOf(y, 6, 24), period: `1er semestre ${y}`, weight: 0.52 },
        { date: isoOf(y, 12, 16), period: `2e semestre ${y}`, weight: 0.48 },
      ];
    case 'dalkia':
      return [
        { date: isoOf(y, 4, 18), period: `saison de chauffe ${y - 1}-${y} (solde)`, weight: 0.5 },
        { date: isoOf(y, 10, 21), period: `saison de chauffe ${y}-${y + 1} (1er acompte)`, weight: 0.5 },
      ];
    case 'assurance':
      return [{ date: isoOf(y, 1, 15), period: `année ${y}`, weight: 1 }];
    case 'engie':
      return q([0.38, 0.14, 0.06, 0.42]);
    case 'adhoc':
      return [
        { date: isoOf(y, 2, 17), period: '', weight: 0.22 },
        { date: isoOf(y, 5, 12), period: '', weight: 0.31 },
        { date: isoOf(y, 9, 8), period: '', weight: 0.19 },
        { date: isoOf(y, 11, 16), period: '', weight: 0.28 },
      ];
    case 'none':
    case 'ravalement':
      return [];
    default:
      return q([1, 1, 1, 1]);
  }
}

function designation(key: SupplierKey, period: string): string {
  switch (key) {
    case 'veolia':
      return `Consommation d'eau froide – compteur général n° 12T0456789 – ${period}`;
    case 'edf':
      return `Électricité des parties communes – PDL 21 4587 1236 5478 – ${period}`;
    case 'nettoyage':
      return `Entretien des parties communes (2 passages par semaine) et sortie des conteneurs – ${period}`;
    case 'otis':
      return `Contrat de maintenance des ascenseurs n° 69L1042 et 69L1043 – ${period}`;
    case 'dalkia':
      return `Contrat P2 – entretien et conduite de la chaufferie collective – ${period}`;
    case 'engie':
      return `Fourniture de gaz naturel – chaufferie collective – PCE 19 4502 8821 3345 – ${period}`;
    case 'assurance':
      return `Prime multirisque immeuble – contrat n° MRI 2019 08 4471 – ${period}`;
    case 'syndic':
      return `Honoraires de gestion courante (contrat de syndic) – ${period}`;
    case 'jardin':
      return `Entretien des espaces verts et taille des haies – ${period}`;
    default:
      return period;
  }
}

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
  opt: {
    /** Supplier invoices (with their PDF) from this date; older expenses are only booked charge invoices. */
    supplierFrom: string;
    works?: { chargeKey: string; quoteRef: string; agDate: string; callDate: string; budget: number };
    verification?: { syndic_submit: number; syndicat_finish: number };
    recipient: string[];
  },
): Promise<InvoicesResult> {
  const { rng, clock } = ctx;
  const plans: InvoicePlan[] = [];
  for (const y of fin.years) {
    for (const c of fin.charges.filter((x) => x.def.type === 1)) {
      const slots = schedule(c.def.supplier, y.year);
      if (!slots.length) continue;
      const budget = c.budgets.get(y.year) ?? 0;
      const realised = Math.round(budget * (y.closed ? rng.vary(0.07) : rng.vary(0.04)));
      const parts = splitByWeights(
        realised,
        slots.map((s) => s.weight * rng.vary(0.06)),
      );
      slots.forEach((s, i) => {
        if (s.date > clock.today) return;
        let supplier: Supplier | null = SUPPLIERS[c.def.supplier] ?? null;
        let text = designation(c.def.supplier, s.period);
        if (c.def.supplier === 'adhoc') {
          const a = ADHOC[(i + y.year) % ADHOC.length];
          supplier = a.supplier;
          text = a.text;
        }
        if (c.def.supplier === 'syndic') supplier = null;
        plans.push({
          charge: c,
          supplier,
          date: s.date,
          period: s.period,
          text,
          amount: parts[i],
          year: y.year,
        });
      });
    }
  }
  if (opt.works) {
    const c = fin.charge(opt.works.chargeKey);
    const archi = addDays(opt.works.agDate, 24);
    if (archi <= clock.today)
      plans.push({
        charge: c,
        supplier: SUPPLIERS.architecte,
        date: archi,
        period: '',
        text: "Honoraires de maîtrise d'œuvre – ravalement de la façade sur rue – phases diagnostic et consultation des entreprises",
        amount: Math.round(opt.works.budget * 0.05),
        year: Number(archi.slice(0, 4)),
      });
    const acompte = addDays(opt.works.callDate, 40);
    if (acompte <= clock.today)
      plans.push({
        charge: c,
        supplier: SUPPLIERS.ravalement,
        date: acompte,
        period: '',
        text: `Acompte n° 1 (30 %) – ravalement de la façade sur rue, selon devis n° ${opt.works.quoteRef} voté en assemblée générale`,
        amount: Math.round(opt.works.budget * 0.3),
        year: Number(acompte.slice(0, 4)),
      });
  }
  // Cotisations of the fonds de travaux moved to the separate bank account.
  const alur = fin.charges.find((c) => c.def.type === 3);
  if (alur) {
    for (const y of fin.years) {
      const called = fin.bills
        .filter((b) => b.type === 'fond_travaux' && b.year === y.year)
        .reduce((s, b) => s + b.total, 0);
      const amount = y.closed ? (alur.budgets.get(y.year) ?? 0) : called;
      if (amount > 0)
        plans.push({
          charge: alur,
          supplier: null,
          date: y.closed ? isoOf(y.year, 12, 31) : clock.today,
          period: '',
          text: `Versement des cotisations ${y.year} sur le compte bancaire séparé du fonds de travaux`,
          amount,
          year: y.year,
        });
    }
  }
  plans.sort((a, b) => a.date.localeCompare(b.date));

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
      const keyNumber = number.replace(/[^A-Za-z0-9-]/g, '');
      const key = `coproprietes/${copro.id}/factures/${p.year}/${keyNumber}.pdf`;
      const fileName = `Facture ${s.name} ${number}.pdf`;
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
      // Small artisans' invoices arrive on paper: the syndic files a phone scan (a JPEG with its
      // sizes); the other suppliers send a PDF.
      const vatLabel = s.vat ? `TVA ${pct(s.vat, s.vat === 0.055 ? 1 : 0)}` : 'TVA non applicable';
      pdfJobs.push(
        ADHOC.some((a) => a.supplier === s)
          ? renderInvoiceScan({
              issuer: s,
              title: `Facture n° ${number}`,
              date: `Lyon, le ${frDate(p.date)}`,
              client: opt.recipient,
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
              recipient: opt.recipient,
              blocks: [
                {
                  kv: [
                    ['Client', `Syndicat des copropriétaires ${copro.name}`],
                    ['Site', copro.address.full_address ?? ''],
                    [
                      'Référence client',
                      `${s.short}-${copro.address.zip_code}-${String(seq).padStart(4, '0')}`,
                    ],
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
                  p: "Règlement à réception par virement. En cas de retard de paiement, une indemnité forfaitaire pour frais de recouvrement de 40 € sera appliquée (articles L441-10 et D441-5 du Code de commerce). Pas d'escompte pour paiement anticipé.",
                },
              ],
              footer: s.legal,
              createdAt: clock.paris(p.date, '10:00'),
            }).then((pdf) => addInvoice(storeFile(ctx, key, fileName, pdf, 'application/pdf'))),
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
