/**
 * Which key an art. 26 resolution may be put to (loi n° 65-557 du 10 juillet 1965).
 *
 * Art. 26 counts "la majorité des membres du syndicat représentant au moins les deux tiers des voix":
 * it decides for the whole syndicat, so its members and voix are those of the charges générales.
 * The one exception is art. 6-2, 3e alinéa (loi n° 2018-1021): "les décisions afférentes aux seules
 * parties communes spéciales peuvent être prises soit au cours d'une assemblée spéciale, soit au
 * cours de l'assemblée générale de tous les copropriétaires. Seuls prennent part au vote les
 * copropriétaires à l'usage ou à l'utilité desquels sont affectées ces parties communes." A key of
 * charges spéciales of a service or an equipment (art. 10 al. 1, an elevator) makes no parties
 * communes spéciales: on it, two co-owners of four holding 400 of 1 000 voix would decide for all.
 */

/** The kinds of a clé de répartition: charges générales, charges spéciales (art. 10), parties communes spéciales (art. 6-2). */
export const REPARTITION_KINDS = ['generales', 'charges_speciales', 'parties_communes_speciales'] as const;
export type RepartitionKind = (typeof REPARTITION_KINDS)[number];

/**
 * Null when the key may carry the resolution, else the French reason. `isGeneral`: the key is the
 * assembly's charges générales key.
 */
export function art26KeyRefusal(article: string, kind: RepartitionKind, isGeneral: boolean): string | null {
  if (article !== 'ART-26' || isGeneral || kind === 'parties_communes_speciales') return null;
  return "Une résolution de l'article 26 se vote sur la clé des charges générales, ou sur la clé de parties communes spéciales qu'elle concerne (loi du 10 juillet 1965, art. 6-2 et 26).";
}
