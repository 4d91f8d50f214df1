import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolutions, votes } from '../../../db/schema/index.js';
import {
  assembly,
  call,
  meeting,
  ok,
  openMeeting,
  owners,
  session,
  setUp,
  t,
  tally,
} from './session.fixture.js';

/**
 * The law at the meeting, through the syndic API: a correspondence form voided by presence,
 * per-resolution entry, the tally read from the register alone, proxies under loi art. 22 I,
 * unanimity, and what the PUT refuses (no general key, an unknown article, a participants list
 * that does not add up, a deadline earlier than the law's).
 *
 * Building of 10 000 voix of charges générales: O1 4 000, O2 3 000, O3 1 000, O4 to O7 200 each,
 * O8 1 200. 10 % of the syndicat is 1 000.
 */

beforeAll(setUp);
afterAll(() => t.close());

describe('what the PUT refuses', () => {
  it('no charges générales key, an unknown article, a deadline earlier than the law’s, a list short of the key’s total', async () => {
    const { general_repartition: _, ...noGeneral } = assembly();
    const a = await call('PUT', '/assemblees/AGX', noGeneral);
    expect(a.status).toBe(400);
    expect(Object.keys(a.body.errors)).toEqual(['general_repartition']);

    const b = await call(
      'PUT',
      '/assemblees/AGX',
      assembly({
        resolutions: [{ external_id: 'R1', number: 1, title: 'X', article: 'ART-27', repartition: 'GEN' }],
      }),
    );
    expect(b.body.errors).toEqual({
      'resolutions.0.article': 'Article attendu\u202f: ART-24, ART-25, ART-26 ou UNANIMITE.',
    });

    const c = await call(
      'PUT',
      '/assemblees/AGX',
      assembly({ valid_to: new Date(meeting.getTime() - 5 * 86_400_000).toISOString() }),
    );
    expect(c.body.errors.valid_to).toMatch(/^Date légale, calculée\u202f: le .* trois jours francs/);

    const d = await call(
      'PUT',
      '/assemblees/AGX',
      assembly({ participants: ['O1', 'O2', 'O3'].map((o) => ({ coproprietaire: o })) }),
    );
    expect(d.body.errors).toEqual({
      participants:
        'Les participants détiennent 8\u202f000 tantièmes de la clé GEN sur 10\u202f000 déclarés\u202f: il en manque 2\u202f000. Tous les copropriétaires sont convoqués et comptent pour les articles 25 et 26.',
    });
    expect((await call('GET', '/assemblees/AGX')).status).toBe(404);
  });
});

describe('a meeting under the law, from the register alone', () => {
  it('creates the assembly with a unanimity resolution; O1 votes by correspondence', openMeeting);

  it('enters resolution 1, then resolution 2: resolution 1’s votes are kept', async () => {
    await ok(
      session([
        { coproprietaire: 'O2', attendance: 'present', choices: [{ resolution: 'R1', vote_1: 'disagree' }] },
        { coproprietaire: 'O3', attendance: 'present', choices: [{ resolution: 'R1', vote_1: 'agree' }] },
      ]),
    );
    const second = await ok(
      session([
        { coproprietaire: 'O2', attendance: 'present', choices: [{ resolution: 'R2', vote_1: 'agree' }] },
        { coproprietaire: 'O3', attendance: 'present', choices: [{ resolution: 'R2', vote_1: 'disagree' }] },
      ]),
    );
    // Attendance unchanged: one record each, the resolution's vote.
    expect(second.map((s: { records: unknown[] }) => s.records.length)).toEqual([1, 1]);
    const row = await tally();
    expect(row(1).first.disagree.tantiemes).toBe(3000);
    // O1 is not at the meeting: the form counts, but its "Pour" on the amended R1 is défaillant.
    expect(row(1).first.agree.tantiemes).toBe(1000);
    expect(row(1).amended_defaulting).toBe(1);
    expect(row(2).first.agree.tantiemes).toBe(4000 + 3000);
  });

  it('a form then presence: the form no longer counts, for every resolution; the amended resolution stays rejected', async () => {
    await ok(session([{ coproprietaire: 'O1', attendance: 'present', choices: [] }]));
    const row = await tally();
    // O1 present without a meeting vote: a participant who did not vote, not a "Pour".
    expect(row(1)).toMatchObject({ decision: 'rejected', rule: 'ART-24', amended_defaulting: 0 });
    expect(row(1).first.agree.tantiemes).toBe(1000);
    expect(row(1).first.participants.tantiemes).toBe(8000);
    expect(row(2).first.agree.tantiemes).toBe(3000);
    expect(row(3)).toMatchObject({ decision: 'rejected', rule: 'UNANIMITE' });
    // Withdrawn as a mistake: the form counts again (and, R1 being amended, its "Pour" is défaillant).
    await ok(session([{ coproprietaire: 'O1', attendance: 'absent', choices: [] }]));
    const again = await tally();
    expect(again(1).amended_defaulting).toBe(1);
    expect(again(2).first.agree.tantiemes).toBe(7000);
    await ok(session([{ coproprietaire: 'O1', attendance: 'present', choices: [] }]));
  });

  it('the second vote is entered after the first without touching it', async () => {
    await ok(
      session([
        { coproprietaire: 'O2', attendance: 'present', choices: [{ resolution: 'R2', vote_2: 'agree' }] },
        { coproprietaire: 'O3', attendance: 'present', choices: [{ resolution: 'R2', vote_2: 'agree' }] },
      ]),
    );
    const row = await tally();
    // 3 000 of 10 000 is short of a third: no passerelle, the second vote is not read.
    expect(row(2)).toMatchObject({ decision: 'rejected', rule: 'ART-25', second: null });
    expect(row(2).first.agree.tantiemes).toBe(3000);
    await ok(
      session([
        {
          coproprietaire: 'O1',
          attendance: 'present',
          choices: [{ resolution: 'R2', vote_1: 'agree', vote_2: 'agree' }],
        },
      ]),
    );
    const next = await tally();
    expect(next(2)).toMatchObject({ decision: 'adopted', rule: 'ART-25' });
    expect(next(2).first.agree.tantiemes).toBe(7000);
  });

  it('a vote changed in the votes table does not move the tally', async () => {
    const before = await ok(call('GET', '/assemblees/AGX/tally'));
    const [r1] = await t.database.db.select().from(resolutions).where(eq(resolutions.external_id, 'R1'));
    const changed = await t.database.db
      .update(votes)
      .set({ vote_value: 'agree' })
      .where(and(eq(votes.resolution_id, r1.id), eq(votes.coproprietaire_id, owners.O2.id)))
      .returning();
    expect(changed).toHaveLength(1);
    expect(await ok(call('GET', '/assemblees/AGX/tally'))).toEqual(before);
  });
});
