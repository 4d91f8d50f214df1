/**
 * A clé de répartition's tantièmes (loi n° 65-557 du 10 juillet 1965, art. 5 and 10; décret
 * n° 67-223 du 17 mars 1967, art. 3): each lot's quote-part is a fraction of the key's total,
 * so the lots' tantièmes together are that total exactly. A key whose lots add up to 10 out of
 * 1,000 would charge the co-owners 1 % of every expense and leave the rest to no one.
 */

/** What the lots' tantièmes lack (negative: exceed) to make the key's total; 0 when they match. */
export function tantiemesDifference(tantiemes: readonly number[], total: number): number {
  return total - tantiemes.reduce((s, t) => s + t, 0);
}

/**
 * The French reason a key's tantièmes are refused, or null when they are accepted: none given
 * yet (the lots come later), or their sum is the total.
 */
export function tantiemesTotalError(tantiemes: readonly number[], total: number): string | null {
  if (tantiemes.length === 0) return null;
  const diff = tantiemesDifference(tantiemes, total);
  if (diff === 0) return null;
  const sum = total - diff;
  const fmt = (n: number) => n.toLocaleString('fr-FR');
  return diff > 0
    ? `La somme des tantièmes (${fmt(sum)}) ne fait pas le total de la clé (${fmt(total)})\u202f: il manque ${fmt(diff)}.`
    : `La somme des tantièmes (${fmt(sum)}) dépasse le total de la clé (${fmt(total)}) de ${fmt(-diff)}.`;
}
