/**
 * Syndicats whose voix are shared between two co-owners: loi n° 65-557 du 10 juillet 1965, art. 41-13
 * to 41-23 (chapitre II bis, section 2, created by ordonnance n° 2019-1101).
 *
 * Art. 41-13: the section applies to "syndicats dont le nombre de voix est réparti entre deux
 * copropriétaires". Art. 41-16, "par dérogation aux dispositions de l'article 17, du troisième
 * alinéa du I de l'article 18, du a du II de l'article 24, du a de l'article 25 et du deuxième alinéa
 * du I de l'article 22":
 * - 1° the decisions at the majority of the votes cast (art. 24), and the designation of the syndic,
 *   "peuvent être prises par le copropriétaire détenant plus de la moitié des voix";
 * - 2° the decisions at the majority of the voix of all the co-owners (art. 25) "sont prises par le
 *   copropriétaire détenant au moins deux tiers des voix".
 * The art. 22 I al. 2 reduction does not apply. Art. 26 and unanimity are not derogated from.
 * Without the reduction, 1° is the art. 24 count itself: the holder of more than half voting for
 * outweighs the other; so only 2° needs a majority of its own.
 *
 * Voix are those of the vote's key (art. 24 IV), whole. Integer arithmetic only.
 */
import type { VoteCount } from './majorities.js';

/** Art. 41-13: the voix of the charges générales are held by exactly two co-owners. */
export function isTwoCoownerSyndicat(
  coproprietaires: { tantiemes: Record<string, number> }[],
  generalRepartition: string,
): boolean {
  return coproprietaires.filter((c) => (c.tantiemes[generalRepartition] ?? 0) > 0).length === 2;
}

/**
 * Art. 41-16 2°: an art. 25 decision is taken by the co-owner holding at least two thirds of the voix,
 * or by both. No art. 25-1 second vote: at the art. 24 majority it would let the holder of more than
 * half take what 2° reserves to the holder of two thirds.
 */
export const art41_16_25Adopted = (c: VoteCount, total: { tantiemes: number }) =>
  total.tantiemes > 0 && c.agree.tantiemes * 3 >= total.tantiemes * 2;
