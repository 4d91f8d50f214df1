/**
 * What a mise en demeure must say for art. 19-2 (loi n° 65-557 du 10 juillet 1965) to apply.
 *
 * Cass. 3e civ., avis du 12 décembre 2024, n° 24-70.007: the mise en demeure must state with
 * precision the nature and the amount of the provisions claimed under the budget prévisionnel of
 * the current exercice (art. 14-1) or for works outside it (art. 14-2 I), apart from the sums of
 * earlier exercices, so that the co-owner knows exactly what the thirty days are for; and it must
 * tell the provisions not yet due that will become due if it stays unanswered. The thirty days
 * run from the day after its first presentation.
 */
import { APPEL_BILL_TYPE } from './chartOfAccounts.js';
import { formatCents } from './format.js';

export type DebtNature = 'budget' | 'travaux' | 'anterieur' | 'autre';

export const DEBT_NATURE_LABELS: Record<DebtNature, string> = {
  budget: "Provisions du budget prévisionnel de l'exercice en cours (art. 14-1)",
  travaux: 'Provisions pour travaux hors budget prévisionnel (art. 14-2)',
  anterieur: 'Sommes restant dues au titre des exercices précédents',
  autre: 'Autres sommes (frais, régularisations)',
};

export interface DueDebit {
  /** The line's own name on the statement (« Appel de fonds T1 2026 »). */
  name: string;
  /** YYYY-MM-DD: the day it fell due. */
  date: string;
  remainingCents: number;
  /** The kind of the line: an appel of the budget, of works, or anything else. */
  kind: 'budget' | 'travaux' | 'autre';
}

export interface ProvisionToCome {
  kind: 'budget' | 'travaux';
  period: number;
  /** YYYY-MM-DD. */
  dueDate: string;
  amountCents: number;
}

export interface MiseEnDemeureDetail {
  /** What is due now, by nature, each with its lines. */
  due: { nature: DebtNature; totalCents: number; lines: { name: string; date: string; cents: number }[] }[];
  dueCents: number;
  /** What will become due at once if the letter stays unanswered thirty days (art. 19-2). */
  toCome: { nature: 'budget' | 'travaux'; totalCents: number; periods: number[] }[];
  toComeCents: number;
}

/** The kind of a statement line from its bill type: the appels of the budget and of works, else other. */
export const debtKindOf = (billType: string | null): DueDebit['kind'] =>
  billType === APPEL_BILL_TYPE.budget ? 'budget' : billType === APPEL_BILL_TYPE.travaux ? 'travaux' : 'autre';

const ORDER: DebtNature[] = ['budget', 'travaux', 'anterieur', 'autre'];

/** The nature of a debit for a mise en demeure of an exercice starting on `yearStart`. */
export function natureOf(d: DueDebit, yearStart: string): DebtNature {
  if (d.date < yearStart) return 'anterieur';
  return d.kind;
}

export function miseEnDemeureDetail(
  debits: readonly DueDebit[],
  toCome: readonly ProvisionToCome[],
  yearStart: string,
): MiseEnDemeureDetail {
  const due = ORDER.map((nature) => {
    const lines = debits
      .filter((d) => d.remainingCents > 0 && natureOf(d, yearStart) === nature)
      .map((d) => ({ name: d.name, date: d.date, cents: d.remainingCents }));
    return { nature, totalCents: lines.reduce((t, l) => t + l.cents, 0), lines };
  }).filter((g) => g.lines.length > 0);
  const later = (['budget', 'travaux'] as const)
    .map((nature) => {
      const ps = toCome.filter((p) => p.kind === nature && p.amountCents > 0);
      return {
        nature,
        totalCents: ps.reduce((t, p) => t + p.amountCents, 0),
        periods: ps.map((p) => p.period),
      };
    })
    .filter((g) => g.totalCents > 0);
  return {
    due,
    dueCents: due.reduce((t, g) => t + g.totalCents, 0),
    toCome: later,
    toComeCents: later.reduce((t, g) => t + g.totalCents, 0),
  };
}

const periodsText = (ps: number[]) => `période${ps.length > 1 ? 's' : ''} ${ps.join(', ')}`;

/** The detail as the letter prints it, one sentence per nature. */
export function miseEnDemeureText(d: MiseEnDemeureDetail): string {
  const due = d.due
    .map((g) => `${DEBT_NATURE_LABELS[g.nature]}\u202f: ${formatCents(g.totalCents)}.`)
    .join(' ');
  const later = d.toCome.length
    ? `À défaut de paiement dans un délai de trente jours à compter du lendemain de la première présentation de la présente, deviendront immédiatement exigibles (loi du 10 juillet 1965, art. 19-2)\u202f: ${d.toCome
        .map(
          (g) =>
            `${g.nature === 'budget' ? 'provisions du budget prévisionnel' : 'provisions pour travaux'} non encore échues, ${periodsText(g.periods)}, ${formatCents(g.totalCents)}`,
        )
        .join('\u202f; ')}.`
    : "Aucune provision de l'exercice ne reste à échoir.";
  return `Sommes dues à ce jour, ${formatCents(d.dueCents)}\u202f: ${due} ${later}`;
}
