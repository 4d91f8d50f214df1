/**
 * The syndicat's journal (arrêté du 14 mars 2005, art. 1 and 2; décret n° 2005-240, art. 11):
 * each movement is an écriture « en partie double » whose debits equal its credits; the livre
 * journal records them in order, numbered without a gap (« cotés sans discontinuité »), and an
 * écriture once recorded is never changed: a mistake is cancelled by its contre-passation (the
 * same lines, debit and credit swapped) and a new écriture. Amounts are integer cents.
 */
import { isCoOwnerAccount, isKnownAccount } from './chartOfAccounts.js';

export interface JournalLine {
  account: string;
  /** The co-owner whose account this is: set on 450 and its sub-accounts, nowhere else. */
  coproprietaireId?: string | null;
  debit: number;
  credit: number;
}

/** What moves money, so an écriture says where it came from. */
export type EcritureSource =
  | 'appel'
  | 'banque'
  | 'paiement'
  | 'contre-passation'
  | 'manuel'
  | 'api'
  | 'facture';

export interface JournalEcriture {
  /** YYYY-MM-DD. */
  date: string;
  libelle: string;
  /** The supporting document (appel, statement line, invoice number). */
  piece?: string | null;
  source: EcritureSource;
  lines: JournalLine[];
}

export const totals = (lines: readonly JournalLine[]) =>
  lines.reduce((t, l) => ({ debit: t.debit + l.debit, credit: t.credit + l.credit }), {
    debit: 0,
    credit: 0,
  });

const isCents = (n: number) => Number.isSafeInteger(n) && n >= 0;

/** The French reasons an écriture cannot be recorded; empty when it can. */
export function ecritureErrors(e: JournalEcriture, exercice?: { start: string; end: string }): string[] {
  const errors: string[] = [];
  if (!/^\d{4}-\d{2}-\d{2}$/.test(e.date)) errors.push("La date de l'écriture est invalide.");
  else if (exercice && (e.date < exercice.start || e.date > exercice.end))
    errors.push("La date de l'écriture est hors de l'exercice.");
  if (!e.libelle.trim()) errors.push("Le libellé de l'écriture est obligatoire.");
  if (e.lines.length < 2) errors.push('Une écriture a au moins deux lignes.');
  e.lines.forEach((l, i) => {
    const n = i + 1;
    if (!isKnownAccount(l.account))
      errors.push(`Ligne ${n}\u202f: le compte ${l.account} n'est pas au plan comptable.`);
    if (!isCents(l.debit) || !isCents(l.credit))
      errors.push(`Ligne ${n}\u202f: les montants sont des centimes entiers positifs.`);
    else if (l.debit > 0 === l.credit > 0)
      errors.push(`Ligne ${n}\u202f: une ligne porte soit un débit, soit un crédit.`);
    if (isCoOwnerAccount(l.account) !== Boolean(l.coproprietaireId))
      errors.push(
        isCoOwnerAccount(l.account)
          ? `Ligne ${n}\u202f: le compte ${l.account} nomme le copropriétaire.`
          : `Ligne ${n}\u202f: seul un compte copropriétaire nomme un copropriétaire.`,
      );
  });
  const t = totals(e.lines);
  if (t.debit !== t.credit)
    errors.push(`L'écriture n'est pas équilibrée (débit ${t.debit}, crédit ${t.credit}).`);
  return errors;
}

export class UnbalancedEcritureError extends Error {
  constructor(readonly reasons: string[]) {
    super(reasons.join(' '));
    this.name = 'UnbalancedEcritureError';
  }
}

/** Throws unless the écriture can be recorded (balanced, known accounts, cents, co-owner on 450). */
export function assertBalanced(e: JournalEcriture, exercice?: { start: string; end: string }): void {
  const reasons = ecritureErrors(e, exercice);
  if (reasons.length) throw new UnbalancedEcritureError(reasons);
}

/** The number the next écriture of an exercice gets: one after the last, from 1. */
export const nextNumber = (last: number | null | undefined) => (last ?? 0) + 1;

/** The numbers missing from 1 to the highest recorded (none when the journal is continuous). */
export function numberingGaps(numbers: readonly number[]): number[] {
  const seen = new Set(numbers);
  const max = numbers.reduce((m, n) => Math.max(m, n), 0);
  const gaps: number[] = [];
  for (let n = 1; n <= max; n++) if (!seen.has(n)) gaps.push(n);
  return gaps;
}

/**
 * The contre-passation of an écriture: the same accounts and co-owners, debit and credit
 * swapped, dated the day of the correction; together they leave every account as before.
 */
export function reversal(e: JournalEcriture & { number?: number }, date: string): JournalEcriture {
  return {
    date,
    libelle: `Contre-passation${e.number ? ` de l'écriture n° ${e.number}` : ''}\u202f: ${e.libelle}`,
    piece: e.piece ?? null,
    source: 'contre-passation',
    lines: e.lines.map((l) => ({ ...l, debit: l.credit, credit: l.debit })),
  };
}

/** Balance per account (and co-owner on 450): debit minus credit. */
export function balances(lines: readonly JournalLine[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const l of lines) {
    const k = l.coproprietaireId ? `${l.account}:${l.coproprietaireId}` : l.account;
    out.set(k, (out.get(k) ?? 0) + l.debit - l.credit);
  }
  return out;
}
