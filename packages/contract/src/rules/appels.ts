/**
 * Appels de fonds (loi n° 65-557 du 10 juillet 1965, art. 14-1, 14-2, 14-2-1; décret n° 2005-240,
 * art. 3: the provisions are recorded on the day they fall due). Amounts are integer cents.
 *
 * Art. 14-1: the co-owners pay provisions equal to a quarter of the voted budget, due on the
 * first day of each quarter, unless the assembly set other terms. Art. 14-2-1: the yearly
 * contribution to the fonds de travaux may not be below 5 % of the budget prévisionnel, nor,
 * once a plan pluriannuel de travaux is adopted, below 2.5 % of the works it plans.
 *
 * Rounding rule (decision 201): amounts are split by the largest remainder (Hamilton) method,
 * first per lot by its tantièmes over the year, then each lot's year over the periods; so the
 * lots' appels of a key add up to its budget to the cent, each lot pays exactly its share over
 * the year, and its periods differ by one cent at most (the extra cents on the first periods).
 */

/**
 * `total` split in proportion to `weights`: each part is the floor of its exact share, and the
 * cents left go one each to the largest fractional remainders (ties: the earlier part). The
 * parts add up to `total` exactly.
 */
export function largestRemainder(total: number, weights: readonly number[]): number[] {
  if (!Number.isSafeInteger(total) || total < 0) throw new RangeError('total: integer cents ≥ 0');
  if (weights.some((w) => !Number.isSafeInteger(w) || w < 0)) throw new RangeError('weights: integers ≥ 0');
  const sum = weights.reduce((s, w) => s + w, 0);
  if (sum === 0) {
    if (total === 0) return weights.map(() => 0);
    throw new RangeError('weights: a positive total is needed');
  }
  // BigInt keeps total × weight exact whatever the sizes.
  const T = BigInt(total);
  const S = BigInt(sum);
  const parts = weights.map((w) => {
    const p = T * BigInt(w);
    return { floor: Number(p / S), rest: p % S };
  });
  let left = total - parts.reduce((s, p) => s + p.floor, 0);
  const order = parts
    .map((p, i) => ({ rest: p.rest, i }))
    .sort((a, b) => (a.rest === b.rest ? a.i - b.i : a.rest > b.rest ? -1 : 1));
  const out = parts.map((p) => p.floor);
  for (const { i } of order) {
    if (left === 0) break;
    out[i] += 1;
    left -= 1;
  }
  return out;
}

const addMonths = (isoDate: string, months: number) => {
  const [y, m, d] = isoDate.split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1 + months, d));
  return t.toISOString().slice(0, 10);
};

/**
 * Due dates of an exercice's provisions (art. 14-1): the first day of each of its quarters, or
 * of each period the assembly set (`periods` equal periods, e.g. 12 for monthly).
 */
export function dueDates(exerciceStart: string, periods = 4): string[] {
  if (![1, 2, 3, 4, 6, 12].includes(periods)) throw new RangeError('periods: 1, 2, 3, 4, 6 or 12');
  return Array.from({ length: periods }, (_, i) => addMonths(exerciceStart, (12 / periods) * i));
}

export interface AppelLotShare {
  lotId: string;
  tantieme: number;
}

/** A key's yearly budget (cents) split over its lots by tantièmes, then over the periods. */
export function appelsOfKey(
  budgetCents: number,
  lots: readonly AppelLotShare[],
  periods = 4,
): { lotId: string; year: number; periods: number[] }[] {
  const yearly = largestRemainder(
    budgetCents,
    lots.map((l) => l.tantieme),
  );
  const even = Array.from({ length: periods }, () => 1);
  return lots.map((l, i) => ({
    lotId: l.lotId,
    year: yearly[i],
    periods: largestRemainder(yearly[i], even),
  }));
}

/** Art. 14-2-1: the legal minimum of the fonds de travaux' yearly contribution, cents (rounded up). */
export const FONDS_TRAVAUX_MIN_BUDGET_PERMILLE = 50;
export const FONDS_TRAVAUX_MIN_PLAN_PERMILLE = 25;

export function fondsTravauxMinimum(budgetCents: number, planWorksCents = 0): number {
  const ceilPermille = (a: number, p: number) => Math.ceil((a * p) / 1000);
  return Math.max(
    ceilPermille(budgetCents, FONDS_TRAVAUX_MIN_BUDGET_PERMILLE),
    ceilPermille(planWorksCents, FONDS_TRAVAUX_MIN_PLAN_PERMILLE),
  );
}

/** The French reason a voted contribution is refused (below the minimum), or null. */
export function fondsTravauxError(
  votedCents: number,
  budgetCents: number,
  planWorksCents = 0,
): string | null {
  const min = fondsTravauxMinimum(budgetCents, planWorksCents);
  if (votedCents >= min) return null;
  const eur = (c: number) =>
    new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(c / 100);
  return `La cotisation au fonds de travaux (${eur(votedCents)}) est inférieure au minimum légal de ${eur(min)} (loi du 10 juillet 1965, art. 14-2-1).`;
}
