import { describe, expect, it } from 'vitest';
import { checkProxies, type ProxyDelegation, type ProxyMandataire } from './proxies.js';

/** A syndicat of 10 000 voix (charges générales); 10 % is 1 000. */
const SYNDICAT = 10_000;
const martin = (own_voix: number, exclusion: ProxyMandataire['exclusion'] = null): ProxyMandataire => ({
  key: 'M',
  name: 'M. Martin',
  own_voix,
  exclusion,
});
const give = (m: ProxyMandataire, voix: number[]): ProxyDelegation[] =>
  voix.map((v, i) => ({ mandant_id: `A${i + 1}`, voix: v, mandataire: m }));

/** Loi du 10 juillet 1965, art. 22 I. */
describe('proxies: three délégations, the 10 % exception, the excluded mandataires', () => {
  it.each<{ name: string; delegations: ProxyDelegation[]; errors: RegExp[] }>([
    {
      name: 'three délégations, whatever their voix',
      delegations: give(martin(900), [2000, 2000, 2000]),
      errors: [],
    },
    {
      name: 'four délégations holding 1 000 with his own (exactly 10 %): allowed',
      delegations: give(martin(200), [200, 200, 200, 200]),
      errors: [],
    },
    {
      name: 'four délégations holding 1 001 with his own: refused, naming him and the limit',
      delegations: give(martin(201), [200, 200, 200, 200]),
      errors: [
        /^M\. Martin reçoit 4 délégations de vote\u202f: au plus 3.*10\u202f%.*ici 1\u202f001 sur 10\u202f000.*art\. 22 I/,
      ],
    },
    {
      name: 'four délégations to a non-member with 0 voix of his own, mandants 900: allowed',
      delegations: give(martin(0), [300, 300, 200, 100]),
      errors: [],
    },
    {
      name: 'the syndic’s préposé cannot hold even one',
      delegations: give(martin(0, 'prepose'), [10]),
      errors: [/^M\. Martin ne peut pas recevoir de mandat\u202f: préposé du syndic/],
    },
    {
      name: 'the syndic’s spouse cannot hold one',
      delegations: give(martin(50, 'famille_du_syndic'), [10, 10]),
      errors: [/conjoint, partenaire, concubin, ascendant ou descendant du syndic/],
    },
    {
      name: 'the syndic himself cannot',
      delegations: give(martin(0, 'syndic'), [10]),
      errors: [/ne peut pas recevoir de mandat\u202f: le syndic/],
    },
  ])('$name', ({ delegations, errors }) => {
    const out = checkProxies(delegations, SYNDICAT);
    expect(out).toHaveLength(errors.length);
    out.forEach((e, i) => {
      expect(e.message).toMatch(errors[i]);
      expect(e.mandataire).toBe('M');
    });
  });

  it('counts per mandataire: two mandataires with three each are both lawful', () => {
    const other: ProxyMandataire = { key: 'N', name: 'Mme Noël', own_voix: 5000 };
    expect(
      checkProxies([...give(martin(5000), [500, 500, 500]), ...give(other, [500, 500, 500])], SYNDICAT),
    ).toEqual([]);
  });

  it('names the délégations of the mandataire who breaks the rule', () => {
    const [e] = checkProxies(give(martin(2000), [1, 1, 1, 1, 1]), SYNDICAT);
    expect(e.mandants).toEqual(['A1', 'A2', 'A3', 'A4', 'A5']);
  });

  it.each([
    {
      name: 'too many délégations',
      d: give(martin(2000), [1, 1, 1, 1, 1]),
      rule: 'delegations',
      count: 5,
      voix: 2005,
    },
    {
      name: 'an excluded person',
      d: give({ key: 'M', name: 'M. Martin', own_voix: 0, exclusion: 'prepose' as const }, [10]),
      rule: 'exclusion',
      count: 1,
      voix: 10,
    },
    {
      name: 'oneself',
      d: [{ mandant_id: 'M', voix: 100, mandataire: martin(100) }],
      rule: 'self',
      count: 1,
      voix: 200,
    },
  ])('tells which limit is broken, with the count and the voix: $name', ({ d, rule, count, voix }) => {
    const [e] = checkProxies(d, SYNDICAT);
    expect({ rule: e.rule, count: e.count, voix: e.voix }).toEqual({ rule, count, voix });
  });

  it('a co-owner cannot be their own mandataire', () => {
    const out = checkProxies([{ mandant_id: 'M', voix: 100, mandataire: martin(100) }], SYNDICAT);
    expect(out.map((e) => e.message)).toEqual(['M. Martin ne peut pas être son propre mandataire.']);
  });
});
