/**
 * Loi n° 65-557 du 10 juillet 1965, art. 22 I, 2e alinéa: "lorsqu'un copropriétaire possède une
 * quote-part des parties communes supérieure à la moitié, le nombre de voix dont il dispose est
 * réduit à la somme des voix des autres copropriétaires". The trigger is the share of the common
 * parts (the general repartition); the reduction applies to the votes of the vote at hand (its
 * repartition, art. 24 IV), and the total every majority is measured against is the reduced total.
 */
export function reducedVotes(
  coproprietaires: { id: string; tantiemes: Record<string, number> }[],
  repartition: string,
  generalRepartition: string,
) {
  if (!generalRepartition)
    throw new RangeError('the charges générales repartition is required (loi art. 22)');
  const general = generalRepartition;
  const generalTotal = coproprietaires.reduce((s, c) => s + (c.tantiemes[general] ?? 0), 0);
  const total = coproprietaires.reduce((s, c) => s + (c.tantiemes[repartition] ?? 0), 0);
  const votes = new Map(coproprietaires.map((c) => [c.id, c.tantiemes[repartition] ?? 0]));
  const reduced: { coproprietaire_id: string; from: number; to: number }[] = [];
  for (const c of coproprietaires) {
    if ((c.tantiemes[general] ?? 0) * 2 <= generalTotal) continue; // "supérieure à la moitié": strictly
    const own = c.tantiemes[repartition] ?? 0;
    const others = total - own;
    // Nobody else votes (a sole holder of the key): there is no one to protect, nothing to reduce to.
    if (own > others && others > 0) {
      votes.set(c.id, others);
      reduced.push({ coproprietaire_id: c.id, from: own, to: others });
    }
  }
  return { votes, reduced };
}
