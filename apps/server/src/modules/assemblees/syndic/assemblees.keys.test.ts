import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assembly, call, ok, session, setUpWith, t, tally } from './session.fixture.js';
import { onMeetingDay } from '../meeting-day.fixture.js';

/**
 * Through the syndic API, a syndicat of two co-owners (loi 1965 art. 41-16: no art. 22 reduction,
 * art. 25 decided by the holder of two thirds) and the key of an art. 26 resolution (art. 6-2, 26).
 * O1 holds 7 000 of the 10 000 voix of charges générales, O2 3 000.
 */

beforeAll(() => setUpWith({ O1: 7000, O2: 3000 }));
afterAll(() => t.close());

describe('loi 1965 art. 41-16: two co-owners', () => {
  it('O1 7 000 for, O2 3 000 against: art. 24 and art. 25 adopted by O1 alone, nobody reduced', async () => {
    await ok(call('PUT', '/assemblees/AGX', assembly()));
    await onMeetingDay(t.database.db, () => ok(call('POST', '/assemblees/AGX/start-session')));
    await ok(
      session([
        {
          coproprietaire: 'O1',
          attendance: 'present',
          choices: [
            { resolution: 'R1', vote_1: 'agree' },
            { resolution: 'R2', vote_1: 'agree' },
          ],
        },
        {
          coproprietaire: 'O2',
          attendance: 'present',
          choices: [
            { resolution: 'R1', vote_1: 'disagree' },
            { resolution: 'R2', vote_1: 'disagree' },
          ],
        },
      ]),
    );
    const row = await tally();
    // With three co-owners O1 would be reduced to 3 000: a tie at art. 24, the passerelle at art. 25.
    expect(row(1)).toMatchObject({ decision: 'adopted', rule: 'ART-41-16', reduced: [] });
    expect(row(1).first.agree.tantiemes).toBe(7000);
    expect(row(2)).toMatchObject({ decision: 'adopted', rule: 'ART-41-16', second: null });
    expect(row(2).total.tantiemes).toBe(10_000);
  });
});

describe('loi 1965 art. 26 and 6-2: the key of an art. 26 resolution', () => {
  const key = (kind?: string) => ({
    copropriete: 'RES',
    code: '002',
    name: 'Bâtiment B',
    total_tantieme: 1000,
    ...(kind ? { kind } : {}),
    tantiemes: [
      { lot: 'LO1', tantieme: 600 },
      { lot: 'LO2', tantieme: 400 },
    ],
  });
  const onKey = () =>
    assembly({
      resolutions: [
        { external_id: 'K1', number: 1, title: 'Fermeture du hall', article: 'ART-26', repartition: 'BATB' },
      ],
    });

  it('refuses art. 26 on a key of charges spéciales, naming the field', async () => {
    const rep = await ok(call('PUT', '/repartitions/BATB', key()));
    expect(rep.resource.kind).toBe('charges_speciales');
    const put = await call('PUT', '/assemblees/AGK', onKey());
    expect(put.status).toBe(400);
    expect(put.body.errors).toEqual({
      'resolutions.0.repartition':
        "Une résolution de l'article 26 se vote sur la clé des charges générales, ou sur la clé de parties communes spéciales qu'elle concerne (loi du 10 juillet 1965, art. 6-2 et 26).",
    });
  });

  it('accepts it once the key is declared one of parties communes spéciales', async () => {
    const rep = await ok(call('PUT', '/repartitions/BATB', key('parties_communes_speciales')));
    expect(rep.resource.kind).toBe('parties_communes_speciales');
    const put = await ok(call('PUT', '/assemblees/AGK', onKey()));
    expect(put.resource.resolutions[0]).toMatchObject({ article: 'ART-26', repartition: 'BATB' });
  });
});
