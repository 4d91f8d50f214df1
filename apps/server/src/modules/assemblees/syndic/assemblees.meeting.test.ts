import { assembleeEndpoints } from '@tantieme/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assembleeRecords, syndicWebhookDeliveries } from '../../../db/schema/index.js';
import { json } from '../../../test/harness.js';
import {
  assembleeUpdated,
  ballot,
  call,
  coOwnerCall,
  FORMS,
  ok,
  owners,
  prepare,
  publishAssemblee,
  SESSION_VOTES,
  setUp,
  state,
  syndic,
  t,
} from './assemblees.fixture.js';
import { onMeetingDay } from '../meeting-day.fixture.js';

/**
 * The published assembly AG2026 through the syndic API: co-owners vote by correspondence, the
 * session starts, the votes of the meeting are entered and chained, and the ballots, the legal
 * tally and the chain check are read back.
 */

beforeAll(async () => {
  await setUp();
  await prepare();
  await publishAssemblee();
});
afterAll(() => t.close());

describe('the meeting of a general assembly through the API', () => {
  it('co-owners vote through their API; the webhook hears ballot.cast; the resolutions freeze', async () => {
    await ok(
      call('POST', '/webhooks', syndic.headers, {
        url: 'http://127.0.0.1:9/hook',
        events: ['ballot.cast', 'signature.saved'],
      }),
    );
    // A (400) for everything, second choices for; B (300) against, then for at the second votes.
    const a = await coOwnerCall('C1', assembleeEndpoints.vote, await ballot('C1', FORMS.C1));
    expect(a.statusCode, a.body).toBe(200);
    const b = await coOwnerCall('C2', assembleeEndpoints.vote, await ballot('C2', FORMS.C2));
    expect(b.statusCode, b.body).toBe(200);
    const events = await t.database.db
      .select()
      .from(syndicWebhookDeliveries)
      .where(eq(syndicWebhookDeliveries.event_type, 'ballot.cast'));
    expect(events).toHaveLength(2);
    expect(JSON.parse(events[0].body).data).toMatchObject({
      assemblee: { id: state.agId, external_id: 'AG2026' },
      coproprietaire: { external_id: 'C1' },
      digest: json(a).data.digest,
    });

    const changed = assembleeUpdated();
    changed.resolutions[1] = { ...changed.resolutions[1], article: 'ART-24' };
    const refused = await call('PUT', '/assemblees/AG2026', syndic.headers, changed);
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.errors)).toEqual(['resolutions']);
    const dropped = await call('PUT', '/assemblees/AG2026', syndic.headers, {
      ...assembleeUpdated(),
      participants: ['C2', 'C3', 'C4'].map((c) => ({ coproprietaire: c })),
    });
    expect(dropped.body.errors).toEqual({
      participants: 'C1 a voté par correspondance\u202f: il reste convoqué.',
    });
  });

  it('starts the session: the online vote closes', async () => {
    const early = await call('POST', '/assemblees/AG2026/session-votes', syndic.headers, {
      votes: [{ coproprietaire: 'C3', attendance: 'present', choices: [] }],
    });
    expect(early.status).toBe(409);
    // Thirty days before the meeting the online vote stays open: starting is refused.
    const tooEarly = await call('POST', '/assemblees/AG2026/start-session', syndic.headers);
    expect(tooEarly.status).toBe(409);
    expect(tooEarly.body.message).toMatch(
      /^La séance ne peut commencer que le jour de l'assemblée, le \d{2}\/\d{2}\/\d{4}/,
    );
    const s = await onMeetingDay(t.database.db, () =>
      ok(call('POST', '/assemblees/AG2026/start-session', syndic.headers)),
    );
    expect(s).toEqual({ result: 'updated', status_session: 1 });
    expect(await ok(call('POST', '/assemblees/AG2026/start-session', syndic.headers))).toEqual({
      result: 'unchanged',
      status_session: 1,
    });
    const late = await coOwnerCall(
      'C1',
      assembleeEndpoints.vote,
      await ballot('C1', { 1: ['disagree', null], 2: ['agree', 'agree'], 3: ['agree', 'agree'] }),
    );
    expect(late.statusCode).toBe(409);
    expect(json(late).code).toBe('assemblee_session_has_been_start');
  });

  it('records the votes cast at the meeting by members present or represented, chained like the others', async () => {
    const bad = await call('POST', '/assemblees/AG2026/session-votes', syndic.headers, {
      votes: [
        { coproprietaire: 'C9', attendance: 'present', choices: [] },
        {
          coproprietaire: 'C3',
          attendance: 'present',
          choices: [
            { resolution: 'R1', vote_1: 'agree', vote_2: 'agree' },
            { resolution: 'R4', vote_1: 'agree' },
            { resolution: 'RX', vote_1: 'agree' },
          ],
        },
      ],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({
      'votes.0.coproprietaire': "C9 n'est pas convoqué à cette assemblée.",
      'votes.1.choices.0.vote_2': "Pas de second vote pour une résolution de l'article 24.",
      'votes.1.choices.1.resolution': "La résolution R4 n'est pas soumise au vote.",
      'votes.1.choices.2.resolution': 'Résolution inconnue\u202f: RX',
    });
    expect(
      await t.database.db
        .select()
        .from(assembleeRecords)
        .where(eq(assembleeRecords.assemblee_id, state.agId)),
    ).toHaveLength(2);

    // C3 (200) present; C4 (100) represented, did not vote on R2 and had no second vote.
    const done = await ok(call('POST', '/assemblees/AG2026/session-votes', syndic.headers, SESSION_VOTES));
    // Each change is a record of its own: the attendance, then one per resolution entered.
    type Rec = { seq: number; kind: string; resolution: string | null };
    expect(
      done.map((d: { coproprietaire: string; records: Rec[] }) => [
        d.coproprietaire,
        d.records.map((r) => [r.seq, r.kind, r.resolution]),
      ]),
    ).toEqual([
      [
        'C3',
        [
          [3, 'attendance', null],
          [4, 'session_vote', 'R1'],
          [5, 'session_vote', 'R2'],
          [6, 'session_vote', 'R3'],
        ],
      ],
      [
        'C4',
        [
          [7, 'attendance', null],
          [8, 'session_vote', 'R1'],
          [9, 'session_vote', 'R3'],
        ],
      ],
    ]);
    const [rep4] = await t.database.db
      .select()
      .from(assembleeRecords)
      .where(and(eq(assembleeRecords.assemblee_id, state.agId), eq(assembleeRecords.seq, 7)));
    expect(rep4.payload).toMatchObject({
      attendance: 'represented',
      mandataire: { name: 'Claire Garnier', coproprietaire_id: owners.C3.id, exclusion: null },
    });
    const ag = await ok(call('GET', '/assemblees/AG2026', syndic.headers));
    expect(ag.participants.map((p: { attendance: string | null }) => p.attendance)).toEqual([
      null,
      null,
      'present',
      'represented',
    ]);
    // The same PUT as before keeps the attendance the meeting recorded.
    expect((await ok(call('PUT', '/assemblees/AG2026', syndic.headers, assembleeUpdated()))).result).toBe(
      'unchanged',
    );
  });

  it('reads the ballots and a tally that follows the law (art. 24, 25-1 and 26-1 passerelles)', async () => {
    const ballots = await ok(call('GET', '/assemblees/AG2026/ballots', syndic.headers));
    expect(
      ballots.map((x: { coproprietaire: { external_id: string }; current: boolean }) => [
        x.coproprietaire.external_id,
        x.current,
      ]),
    ).toEqual([
      ['C1', true],
      ['C2', true],
    ]);
    // The meeting's votes are records of their own, one per resolution, with how they were cast.
    const meetingVotes = await t.database.db
      .select()
      .from(assembleeRecords)
      .where(and(eq(assembleeRecords.assemblee_id, state.agId), eq(assembleeRecords.kind, 'session_vote')));
    expect(meetingVotes).toHaveLength(5);
    expect(meetingVotes[0].payload).toMatchObject({ method: 'visio_direct', vote_1: 'agree', number: 1 });
    expect(ballots[0]).toMatchObject({ method: 'e_form', user_agent: 'vitest-syndic-e2e' });
    expect(ballots[0].choices[1]).toEqual({
      resolution: 'R2',
      number: 2,
      article: 'ART-25',
      repartition: 'CG',
      tantiemes: 400,
      vote_1: 'agree',
      vote_2: 'agree',
    });
    const tally = await ok(call('GET', '/assemblees/AG2026/tally', syndic.headers));
    const row = (n: number) => tally.find((x: { number: number }) => x.number === n);
    // Art. 24: 600 for (C1 online, C3 at the meeting), 300 against; C4's abstention is not a vote cast.
    expect(row(1)).toMatchObject({ resolution: 'R1', decision: 'adopted', rule: 'ART-24' });
    expect(row(1).first.agree.tantiemes).toBe(600);
    expect(row(1).first.disagree.tantiemes).toBe(300);
    expect(row(1).first.abstain.tantiemes).toBe(100);
    // Art. 25: 400 of 1 000 is not a majority of all votes, but at least a third: voted again at
    // art. 24, 700 for (C1, C2) and 200 against (C3).
    expect(row(2)).toMatchObject({
      decision: 'adopted',
      rule: 'ART-25-1',
      total: { tantiemes: 1000, count: 4 },
    });
    expect(row(2).second.agree.tantiemes).toBe(700);
    expect(row(2).second.disagree.tantiemes).toBe(200);
    // Art. 26: 2 members of 4 are not a majority; half of the 4 taking part with a third of the
    // votes opens a second vote at art. 25: 900 of 1 000.
    expect(row(3)).toMatchObject({ decision: 'adopted', rule: 'ART-26-1' });
    expect(row(3).first.participants.count).toBe(4);
    expect(row(3).second.agree.tantiemes).toBe(900);
    expect(row(4)).toMatchObject({ decision: 'no_vote', rule: null });
  });

  it('the chain check of the syndic endpoint catches a ballot altered in the database', async () => {
    expect(await ok(call('GET', '/assemblees/AG2026/chain-check', syndic.headers))).toEqual({
      ok: true,
      length: 9,
      first_broken: null,
    });
    await t.database.db
      .update(assembleeRecords)
      .set({ payload: sql`jsonb_set(${assembleeRecords.payload}, '{choices,0,vote_1}', '"agree"')` })
      .where(and(eq(assembleeRecords.assemblee_id, state.agId), eq(assembleeRecords.seq, 2)));
    expect(await ok(call('GET', '/assemblees/AG2026/chain-check', syndic.headers))).toEqual({
      ok: false,
      length: 9,
      first_broken: { seq: 2, reason: 'digest' },
    });
  });
});
