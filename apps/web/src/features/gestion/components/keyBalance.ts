import { formatInt, tantiemesDifference } from '@tantieme/contract';
import { gestionFr } from '../fr';

const t = gestionFr.lots;

export interface KeyBalance {
  sum: number;
  difference: number;
  /** What the screen says of the key: the difference named, or that the total is right. */
  text: string;
  ok: boolean;
}

/** A key's lots' tantièmes against its total (rules/repartition.ts), worded for the grid. */
export function keyBalance(tantiemes: readonly number[], total: number): KeyBalance {
  const difference = tantiemesDifference(tantiemes, total);
  const sum = total - difference;
  const text =
    difference === 0
      ? t.balanced(formatInt(total))
      : difference > 0
        ? t.missing(formatInt(difference), formatInt(total))
        : t.excess(formatInt(-difference), formatInt(total));
  return { sum, difference, text, ok: difference === 0 };
}
