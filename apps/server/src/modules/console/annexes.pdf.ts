/**
 * The annexes as the PDFs joined to the convocation of the assembly that approves the accounts
 * (décret n° 67-223, art. 11): one document per annex, in the arrêté's order and titles.
 */
import { ANNEXES, type AnnexesView, type AnnexNumber, formatCents, formatDate } from '@tantieme/contract';
import type { Block } from '../../lib/pdf.js';
import { renderPdf } from '../../lib/pdf.js';

type Ready = AnnexesView & {
  exercice: NonNullable<AnnexesView['exercice']>;
  etat_financier: NonNullable<AnnexesView['etat_financier']>;
  compte_de_gestion: NonNullable<AnnexesView['compte_de_gestion']>;
};
type Line = { account: string; label: string; cents: number };
type GLine = Line & { previous: number | null };

const money = (c: number) => formatCents(c);
const sum = (ls: Line[]) => ls.reduce((s, l) => s + l.cents, 0);

const simple = (title: string, ls: Line[]): Block => ({
  table: {
    head: ['Compte', title, 'Montant'],
    widths: [1, 4, 2],
    align: ['l', 'l', 'r'],
    rows: ls.map((l) => [l.account, l.label, money(l.cents)]),
    total: ['', 'Total', money(sum(ls))],
  },
});

function gestion(title: string, ls: GLine[], hasPrevious: boolean): Block {
  const prev = (l: GLine) => (l.previous === null ? '–' : money(l.previous));
  return {
    table: {
      head: ['Compte', title, 'Exercice clos', ...(hasPrevious ? ['Exercice précédent'] : [])],
      widths: hasPrevious ? [1, 4, 2, 2] : [1, 4, 2],
      align: hasPrevious ? ['l', 'l', 'r', 'r'] : ['l', 'l', 'r'],
      rows: ls.length
        ? ls.map((l) => [l.account, l.label, money(l.cents), ...(hasPrevious ? [prev(l)] : [])])
        : [['', 'Aucune écriture', '', ...(hasPrevious ? [''] : [])]],
      total: [
        '',
        'Total',
        money(sum(ls)),
        ...(hasPrevious ? [money(ls.reduce((s, l) => s + (l.previous ?? 0), 0))] : []),
      ],
    },
  };
}

function blocks(n: AnnexNumber, v: Ready): Block[] {
  const e = v.etat_financier;
  const g = v.compte_de_gestion;
  const hasPrev = v.previous !== null;
  if (n === 1)
    return [
      { h: 'Situation financière et trésorerie' },
      simple('Trésorerie', e.tresorerie),
      simple('Fonds du syndicat', e.fonds),
      { h: 'État des créances et des dettes' },
      simple('Créances', e.creances),
      simple('Dettes', e.dettes),
      {
        kv: [
          ["Solde de l'exercice à répartir (produits − charges)", money(e.solde_exercice)],
          ['Total trésorerie et créances', money(e.total_actif)],
          ["Total fonds, dettes et solde de l'exercice", money(e.total_passif)],
        ],
      },
    ];
  if (n === 2)
    return [
      {
        kv: [
          ['Budget prévisionnel voté', money(g.budget_vote)],
          ['Charges pour opérations courantes', money(g.totals.charges_courantes)],
          ['Produits pour opérations courantes', money(g.totals.produits_courantes)],
          ['Solde des opérations courantes', money(g.totals.solde_courantes)],
          ['Écart des charges au budget voté', money(g.totals.ecart_budget)],
        ],
      },
      { h: "Travaux de l'article 14-2 et opérations exceptionnelles" },
      gestion('Charges', g.travaux.charges, hasPrev),
      gestion('Produits', g.travaux.produits, hasPrev),
      { kv: [['Solde des travaux et opérations exceptionnelles', money(g.totals.solde_travaux)]] },
    ];
  if (n === 4)
    return [
      { h: 'Charges pour travaux et opérations exceptionnelles' },
      gestion('Charges', g.travaux.charges, hasPrev),
      { h: 'Produits pour travaux et opérations exceptionnelles' },
      gestion('Produits', g.travaux.produits, hasPrev),
      { kv: [['Solde des travaux et opérations exceptionnelles', money(g.totals.solde_travaux)]] },
    ];
  return [
    { h: 'Charges pour opérations courantes' },
    gestion('Charges', g.courantes.charges, hasPrev),
    { kv: [['Budget prévisionnel voté', money(g.budget_vote)]] },
    { h: 'Produits pour opérations courantes' },
    gestion('Produits', g.courantes.produits, hasPrev),
  ];
}

export const annexFileName = (n: AnnexNumber, copro: string, couple: string) =>
  `Annexe ${n} – ${ANNEXES[n]} – ${copro} – ${couple}.pdf`.replace(/[/\\:*?"<>|]/g, '-');

export function renderAnnex(n: AnnexNumber, v: Ready, who: { syndic: string; copro: string }) {
  return renderPdf({
    issuer: { name: who.syndic, lines: [`Syndic de la copropriété ${who.copro}`] },
    title: `Annexe ${n} – ${ANNEXES[n]}`,
    subtitle: `Exercice du ${formatDate(v.exercice.start_date)} au ${formatDate(v.exercice.end_date)} · arrêté du 14 mars 2005`,
    blocks: [
      ...blocks(n, v),
      { space: 12 },
      { p: 'Montants en euros, établis à partir du journal de la copropriété, au centime près.' },
    ],
    footer: `Annexe ${n} · ${who.copro} · exercice ${v.exercice.couple}`,
  });
}

export const isReady = (v: AnnexesView): v is Ready =>
  v.exercice !== null && v.etat_financier !== null && v.compte_de_gestion !== null;
