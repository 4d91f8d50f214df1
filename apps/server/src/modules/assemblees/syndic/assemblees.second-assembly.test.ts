import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assemblees } from '../../../db/schema/index.js';
import { assembly, call, ok, setUp, t } from './session.fixture.js';
import { onMeetingDay } from '../meeting-day.fixture.js';

/**
 * Loi 1965 art. 25-1, 2e alinéa, through the syndic API: energy-saving works (art. 25 f) that got
 * less than a third of all the voix at a first assembly may be decided at art. 24 by a new assembly
 * convened within three months; and the catalogue of decisions asks a reason for another article.
 * Building of 10 000 voix: O1 4 000, O2 3 000, O3 1 000, O4 to O7 200 each, O8 1 200.
 */

beforeAll(setUp);
afterAll(() => t.close());

const first = () =>
  assembly({
    resolutions: [
      {
        external_id: 'F1',
        number: 1,
        title: 'Isolation thermique par l’extérieur',
        article: 'ART-25',
        repartition: 'GEN',
        nature: 'travaux_economie_energie',
      },
      { external_id: 'F2', number: 2, title: 'Désignation du syndic', article: 'ART-25', repartition: 'GEN' },
    ],
  });
const takingUp = (resolution: string, article = 'ART-24') =>
  assembly({
    name: 'Assemblée générale extraordinaire',
    resolutions: [
      {
        external_id: 'N1',
        number: 1,
        title: 'Isolation thermique par l’extérieur (nouvelle assemblée)',
        article,
        repartition: 'GEN',
        nature: resolution === 'F1' ? 'travaux_economie_energie' : null,
        follows: { assemblee: 'AG1', resolution },
      },
    ],
  });

describe('loi 1965 art. 25-1, 2e alinéa', () => {
  it('a first assembly gives the 25 f works 3 000 of 10 000 voix, less than a third', async () => {
    await ok(call('PUT', '/assemblees/AG1', first()));
    await onMeetingDay(t.database.db, () => ok(call('POST', '/assemblees/AG1/start-session')));
    const votes = (o: string, v: string) => ({
      coproprietaire: o,
      attendance: 'present',
      choices: [
        { resolution: 'F1', vote_1: v },
        { resolution: 'F2', vote_1: v },
      ],
    });
    await ok(
      call('POST', '/assemblees/AG1/session-votes', {
        votes: [votes('O2', 'agree'), votes('O1', 'disagree')],
      }),
    );
    // Before the first is closed, nothing can take it up.
    const early = await call('PUT', '/assemblees/AG2', takingUp('F1'));
    expect(early.body.errors['resolutions.0.follows']).toMatch(/n'est pas encore tenue et close/);
    await ok(call('POST', '/assemblees/AG1/close'));
    const [row] = (await ok(call('GET', '/assemblees/AG1/tally'))) as {
      first: { agree: { tantiemes: number } };
    }[];
    expect(row.first.agree.tantiemes).toBe(3000);
  });

  it('refuses to take up a resolution that is not 25 f works, or at another article than 24', async () => {
    const notF = await call('PUT', '/assemblees/AG2', takingUp('F2'));
    expect(notF.status).toBe(400);
    expect(notF.body.errors['resolutions.0.follows']).toMatch(/travaux d'économie d'énergie \(art\. 25 f\)/);
    const at25 = await call('PUT', '/assemblees/AG2', takingUp('F1', 'ART-25'));
    expect(at25.body.errors['resolutions.0.follows']).toMatch(/majorité de l'article 24/);
    const unknown = await call('PUT', '/assemblees/AG2', takingUp('NOPE'));
    expect(unknown.body.errors['resolutions.0.follows']).toBe(
      'Résolution suivie inconnue dans cette copropriété.',
    );
  });

  it('a new assembly convened within three months decides at art. 24, the link recorded', async () => {
    const put = await ok(call('PUT', '/assemblees/AG2', takingUp('F1')));
    expect(put.resource.resolutions[0]).toMatchObject({
      article: 'ART-24',
      nature: 'travaux_economie_energie',
      follows: { assemblee: 'AG1', resolution: 'F1' },
      article_reason: null,
    });
  });

  it('outside the three months it is refused', async () => {
    // The first assembly was held four months ago.
    const past = new Date(Date.now() - 122 * 86_400_000);
    await t.database.db
      .update(assemblees)
      .set({ date: past, date_effectue: past })
      .where(eq(assemblees.name, 'Assemblée générale'));
    const late = await call('PUT', '/assemblees/AG3', takingUp('F1'));
    expect(late.status).toBe(400);
    expect(late.body.errors['resolutions.0.follows']).toMatch(/plus de trois mois après la première/);
  });
});

describe('the catalogue of decisions', () => {
  it('another article than the one proposed needs a recorded reason', async () => {
    const body = (reason: string | null) =>
      assembly({
        resolutions: [
          {
            external_id: 'S1',
            number: 1,
            title: 'Désignation du syndic',
            article: 'ART-24',
            repartition: 'GEN',
            nature: 'designation_syndic',
            article_reason: reason,
          },
        ],
      });
    const refused = await call('PUT', '/assemblees/AGC', body(null));
    expect(refused.body.errors).toEqual({
      'resolutions.0.article_reason':
        "« Désignation du syndic » relève de l'article 25 (loi du 10 juillet 1965, art. 25 c)\u202f: indiquez la raison d'un autre choix (article_reason).",
    });
    const put = await ok(
      call('PUT', '/assemblees/AGC', body('Renouvellement du syndic sortant, art. 41-16 non applicable')),
    );
    expect(put.resource.resolutions[0].article_reason).toBe(
      'Renouvellement du syndic sortant, art. 41-16 non applicable',
    );
  });
});
