import { describe, expect, it } from 'vitest';
import { art26KeyRefusal, type RepartitionKind } from './art26Key.js';

describe('loi 1965 art. 26 and 6-2: the key of an art. 26 resolution', () => {
  it.each<[string, string, RepartitionKind, boolean, boolean]>([
    ['art. 26 on the assembly’s charges générales key', 'ART-26', 'generales', true, true],
    [
      'art. 26 on a key of parties communes spéciales (art. 6-2)',
      'ART-26',
      'parties_communes_speciales',
      false,
      true,
    ],
    [
      'art. 26 on an elevator key of charges spéciales is refused',
      'ART-26',
      'charges_speciales',
      false,
      false,
    ],
    ['art. 26 on another building’s charges générales key is refused', 'ART-26', 'generales', false, false],
    ['art. 24 on a key of charges spéciales (art. 24 IV)', 'ART-24', 'charges_speciales', false, true],
    ['art. 25 on a key of charges spéciales', 'ART-25', 'charges_speciales', false, true],
  ])('%s', (_, article, kind, isGeneral, allowed) => {
    const refusal = art26KeyRefusal(article, kind, isGeneral);
    expect(refusal === null).toBe(allowed);
    if (!allowed) expect(refusal).toContain('art. 6-2 et 26');
  });
});
