import { addDays, isoOf } from './clock.js';
import type { SeedContext } from './context.js';
import { type CoproInfo, type OwnerInfo, ownerTantiemes } from './copro.js';
import type { BillInfo, FinanceInfo, LedgerEntry } from './finances.js';
import { euros, frDate, frLongDate } from './format.js';
import type { InvoicesResult } from './invoices.js';
import { type Block, renderPdf } from '../src/lib/pdf.js';
import type { SyndicInfo } from './syndics.js';

/** The PDFs of a co-owner's own documents: fund calls, account statements, charge statements, letters. */

/** Bank account of each demo syndicat des copropriétaires. */
const IBAN: Record<string, string> = {
  'Résidence Les Tilleuls': 'FR76 1027 8073 0000 0204 5670 145',
  'Le Clos Fleuri': 'FR76 1910 6000 1243 5187 6520 094',
};
export const ibanOf = (copro: CoproInfo) => IBAN[copro.name] ?? IBAN['Résidence Les Tilleuls'];

export const recipientOf = (o: OwnerInfo) => [
  o.postal.name,
  o.postal.street,
  `${o.postal.zip} ${o.postal.city}`,
];

/** The calls of funds of one date for an owner (fonctionnement + fonds de travaux, or works). */
export interface OwnerCall {
  date: string;
  bills: BillInfo[];
  amount: number;
  name: string;
}

export function ownerCalls(fin: FinanceInfo, owner: OwnerInfo): OwnerCall[] {
  const byDate = new Map<string, BillInfo[]>();
  for (const b of fin.bills) byDate.set(b.date, [...(byDate.get(b.date) ?? []), b]);
  return [...byDate].map(([date, bs]) => {
    const f = bs.find((b) => b.type === 'fonctionnement');
    return {
      date,
      bills: bs,
      amount: bs.reduce((s, b) => s + fin.share(owner, b), 0),
      name: f ? f.name : `Appel de fonds travaux – ${bs[0].name}`,
    };
  });
}

export function callPdf(ctx: SeedContext, copro: CoproInfo, owner: OwnerInfo, call: OwnerCall) {
  const lotIds = new Set(owner.lots.map((l) => l.id));
  const rows: string[][] = [];
  for (const b of call.bills) {
    for (const rep of copro.reps) {
      for (const lot of owner.lots) {
        const amount = b.lines
          .filter((l) => l.repId === rep.id && l.lotId === lot.id && lotIds.has(l.lotId))
          .reduce((s, l) => s + l.amount, 0);
        if (!amount) continue;
        rows.push([
          lot.name,
          b.type === 'fond_travaux' ? 'Fonds de travaux' : b.type === 'travaux' ? 'Travaux' : rep.name,
          `${rep.tantiemes.get(lot.id) ?? 0} / ${rep.total}`,
          euros(amount),
        ]);
      }
    }
  }
  const issued = addDays(call.date, -15);
  return renderPdf({
    issuer: copro.syndic.issuer,
    title: call.name,
    subtitle: `${copro.name} – ${copro.address.full_address} – compte copropriétaire ${owner.compte}`,
    recipient: recipientOf(owner),
    place: `${copro.syndic.city}, le ${frLongDate(issued)}`,
    blocks: [
      {
        p: `Madame, Monsieur, conformément au budget prévisionnel voté en assemblée générale, nous vous prions de bien vouloir régler la somme de ${euros(call.amount)}, exigible le ${frLongDate(call.date)}.`,
      },
      {
        table: {
          head: ['Lot', 'Clé de répartition', 'Tantièmes', 'Quote-part'],
          widths: [2.4, 2.6, 1.6, 1.6],
          align: ['l', 'l', 'r', 'r'],
          rows,
          total: ['Total à régler', '', '', euros(call.amount)],
        },
      },
      { h: 'Modes de règlement' },
      {
        p: `Par virement sur le compte du syndicat des copropriétaires (IBAN ${ibanOf(copro)}), en indiquant la référence ${owner.compte} ; par carte bancaire depuis votre extranet Tantième (bouton « \u00a0Payez\u00a0maintenant\u00a0 ») ; ou par chèque à l'ordre du « Syndicat des copropriétaires ${copro.name} ».`,
      },
      {
        p: call.bills.some((b) => b.type === 'fonctionnement')
          ? `Calcul : un quart du budget prévisionnel de chaque charge${call.bills.some((b) => b.type === 'fond_travaux') ? ' et de la cotisation au fonds de travaux' : ''}, réparti selon vos tantièmes.`
          : 'Calcul : montant voté en assemblée générale, réparti selon vos tantièmes de charges générales.',
      },
    ],
    footer: `${copro.syndic.name} – document émis pour le compte du syndicat des copropriétaires`,
    createdAt: ctx.clock.paris(issued, '09:00'),
  });
}

export function statementPdf(
  ctx: SeedContext,
  copro: CoproInfo,
  owner: OwnerInfo,
  entries: LedgerEntry[],
  at: string,
) {
  let balance = 0;
  const rows = entries
    .filter((e) => e.date <= at)
    .map((e) => {
      balance += e.type === 'debit' ? e.amount : -e.amount;
      return [
        frDate(e.date),
        e.name,
        e.type === 'debit' ? euros(e.amount) : '',
        e.type === 'credit' ? euros(e.amount) : '',
        euros(balance),
      ];
    });
  const label =
    balance > 0
      ? `Solde débiteur de ${euros(balance)}`
      : balance < 0
        ? `Solde créditeur de ${euros(-balance)}`
        : 'Compte soldé';
  return {
    balance,
    pdf: renderPdf({
      issuer: copro.syndic.issuer,
      title: `Relevé de compte au ${frDate(at)}`,
      subtitle: `${copro.name} – compte copropriétaire ${owner.compte}`,
      recipient: recipientOf(owner),
      place: `${copro.syndic.city}, le ${frLongDate(addDays(at, 2))}`,
      blocks: [
        {
          table: {
            head: ['Date', 'Libellé', 'Débit', 'Crédit', 'Solde'],
            widths: [1.3, 4.4, 1.5, 1.5, 1.5],
            align: ['l', 'l', 'r', 'r', 'r'],
            rows,
            total: ['', label, '', '', euros(balance)],
          },
        },
        {
          p:
            balance > 0
              ? 'Nous vous remercions de bien vouloir régulariser votre situation dans les meilleurs délais. Si votre règlement a été effectué entre-temps, nous vous prions de ne pas tenir compte de ce relevé.'
              : 'Votre compte est à jour. Nous vous remercions de votre ponctualité.',
        },
      ],
      footer: `${copro.syndic.name} – relevé établi à partir de la comptabilité du syndicat`,
      createdAt: ctx.clock.paris(addDays(at, 2), '09:00'),
    }),
  };
}

export function decomptePdf(
  ctx: SeedContext,
  copro: CoproInfo,
  fin: FinanceInfo,
  inv: InvoicesResult,
  owner: OwnerInfo,
  year: number,
) {
  let real = 0;
  let budgetShare = 0;
  const rows = fin.charges
    .filter((c) => c.def.type === 1 && ownerTantiemes(owner, c.rep) > 0)
    .map((c) => {
      const t = ownerTantiemes(owner, c.rep);
      const spent = inv.realised(c.id, year);
      const share = Math.round((spent * t) / c.rep.total);
      real += share;
      budgetShare += Math.round(((c.budgets.get(year) ?? 0) * t) / c.rep.total);
      return [`${c.def.code} ${c.def.name}`, c.rep.name, euros(spent), `${t} / ${c.rep.total}`, euros(share)];
    });
  // Provisions actually called that year, or the voted budget share for a year without calls here.
  const calls = fin.bills.filter((b) => b.type === 'fonctionnement' && b.year === year);
  const provisions = calls.length ? calls.reduce((sum, b) => sum + fin.share(owner, b), 0) : budgetShare;
  const diff = real - provisions;
  const date = isoOf(year + 1, 5, 20);
  return {
    date,
    amount: diff,
    pdf: renderPdf({
      issuer: copro.syndic.issuer,
      title: `Décompte individuel de charges – exercice ${year}`,
      subtitle: `${copro.name} – du 01/01/${year} au 31/12/${year} – compte ${owner.compte}`,
      recipient: recipientOf(owner),
      place: `${copro.syndic.city}, le ${frLongDate(date)}`,
      blocks: [
        {
          table: {
            head: ['Charge', 'Clé', 'Dépense totale', 'Tantièmes', 'Votre part'],
            widths: [3.6, 2.2, 1.8, 1.5, 1.6],
            align: ['l', 'l', 'r', 'r', 'r'],
            rows,
            total: ['Total de vos charges réelles', '', '', '', euros(real)],
          },
        },
        {
          kv: [
            ['Charges réelles', euros(real)],
            ['Provisions appelées', euros(provisions)],
            [
              diff >= 0 ? 'Régularisation à votre débit' : 'Régularisation à votre crédit',
              euros(Math.abs(diff)),
            ],
          ],
        },
        {
          p: `Les comptes de l'exercice ${year} sont soumis à l'approbation de l'assemblée générale. La régularisation sera portée sur votre compte après cette approbation. Les charges récupérables sur le locataire sont identifiées dans l'annexe comptable.`,
        },
      ],
      footer: `${copro.syndic.name} – décompte établi selon les clés de répartition du règlement de copropriété`,
      createdAt: ctx.clock.paris(date, '09:00'),
    }),
  };
}

export function textPdf(
  ctx: SeedContext,
  issuer: SyndicInfo['issuer'],
  title: string,
  subtitle: string,
  date: string,
  blocks: Block[],
  footer?: string,
) {
  return renderPdf({
    issuer,
    title,
    subtitle,
    place: `${frLongDate(date)}`,
    blocks,
    footer: footer ?? `${issuer.name} – document de la copropriété`,
    createdAt: ctx.clock.paris(date, '09:00'),
  });
}
