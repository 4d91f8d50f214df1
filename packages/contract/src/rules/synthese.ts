/** Rules of the co-owner dashboard 'Ma synthèse' (SPEC §2.4, §3 Lot and Finances, §9). */
import { once } from './once.js';

/** SPEC §3 Lot: type_name defaults to 'Autre'. */
export const DEFAULT_LOT_TYPE_NAME = 'Autre';

export function lotTypeName(typeName: string | null | undefined): string {
  const t = typeName?.trim();
  return t ? t : DEFAULT_LOT_TYPE_NAME;
}

const collator = once(() => new Intl.Collator('fr', { numeric: true, sensitivity: 'base' }));

/** SPEC §3: lots are sorted by name ('Lot 2' before 'Lot 10'). */
export function sortLotsByName<T extends { name: string }>(lots: readonly T[]): T[] {
  return [...lots].sort((a, b) => collator().compare(a.name, b.name));
}

/**
 * A member's share of a building amount: amount × their lots' tantièmes / total_tantieme of
 * the repartition, rounded to the cent (0 when the repartition has no tantièmes).
 */
export function memberShareCents(amountCents: number, tantieme: number, totalTantieme: number): number {
  if (!totalTantieme || !tantieme) return 0;
  const v = Math.round((amountCents * tantieme) / totalTantieme);
  return v === 0 ? 0 : v; // no -0
}

/** A ledger line as the dashboard sees it: debit adds to what is owed, credit subtracts. */
export interface LedgerMovement {
  id: string;
  date: string;
  description: string;
  amount_cents: number;
  amount_type: 'debit' | 'credit';
}

/** Transactions of SPEC §3 (signed amount, running solde), in date order. */
export function withRunningSolde(lines: readonly LedgerMovement[]) {
  const sorted = [...lines].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  let solde = 0;
  return sorted.map((l) => {
    const amount = l.amount_type === 'credit' ? -Math.abs(l.amount_cents) : Math.abs(l.amount_cents);
    solde += amount;
    return { id: l.id, date: l.date, description: l.description, amount, solde };
  });
}

/** SPEC §2.4: one tab per financial year only when more than one year exists. */
export function showYearTabs(years: readonly unknown[]): boolean {
  return years.length > 1;
}
