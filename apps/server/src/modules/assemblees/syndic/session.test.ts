import { assembleeEndpoints, buildPath, hasSecondVote, type VoteBody } from '@tantieme/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coproprietaires, resolutions, votes } from '../../../db/schema/index.js';
import { makeSignedInUser } from '../../../test/factories.js';
import { makeSyndicWithKey } from '../../../test/factories.syndic.js';
import { createTestApp, json, type TestApp } from '../../../test/harness.js';

/**
 * The law at the meeting, through the syndic API: a correspondence form voided by presence,
 * per-resolution entry, the tally read from the register alone, proxies under loi art. 22 I,
 * unanimity, and what the PUT refuses (no general key, an unknown article, a participants list
 * that does not add up, a deadline earlier than the law's).
 *
 * Building of 10 000 voix of charges générales: O1 4 000, O2 3 000, O3 1 000, O4 to O7 200 each,
 * O8 1 200. 10 % of the syndicat is 1 000.
 */

let t: TestApp;
let syndic: Awaited<ReturnType<typeof makeSyndicWithKey>>;
type H = Record<string, string>;
const call = async (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) => {
  const res = await t.app.inject({
    method,
    url: `/api/syndic/v1${url}`,
    headers: syndic.headers,
    ...(payload ? { payload: payload as object } : {}),
  });
  return { status: res.statusCode, body: json(res) };
};
const ok = async (p: ReturnType<typeof call>) => {
  const r = await p;
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
};

const SHARES: Record<string, number> = {
  O1: 4000,
  O2: 3000,
  O3: 1000,
  O4: 200,
  O5: 200,
  O6: 200,
  O7: 200,
  O8: 1200,
};
const owners: Record<string, { id: string; headers: H }> = {};
const meeting = new Date(Date.now() + 40 * 86_400_000);
meeting.setUTCHours(16, 0, 0, 0);

const assembly = (over: Record<string, unknown> = {}) => ({
  copropriete: 'RES',
  name: 'Assemblée générale',
  year: meeting.getUTCFullYear(),
  date: meeting.toISOString(),
  general_repartition: 'GEN',
  resolutions: [
    { external_id: 'R1', number: 1, title: 'Ravalement', article: 'ART-24', repartition: 'GEN' },
    { external_id: 'R2', number: 2, title: 'Syndic', article: 'ART-25', repartition: 'GEN' },
    {
      external_id: 'R3',
      number: 3,
      title: 'Répartition des charges',
      article: 'UNANIMITE',
      repartition: 'GEN',
    },
  ],
  participants: Object.keys(SHARES).map((c) => ({ coproprietaire: c })),
  ...over,
});

beforeAll(async () => {
  t = await createTestApp();
  syndic = await makeSyndicWithKey(t.database.db);
  await ok(
    call('PUT', '/coproprietes/RES', {
      name: 'Résidence du Parc',
      address: { full_address: '2 allée du Parc 69006 Lyon' },
    }),
  );
  const lots = Object.keys(SHARES).map((o) => `L${o}`);
  await ok(
    call('POST', '/lots/bulk', {
      items: lots.map((l, i) => ({ external_id: l, copropriete: 'RES', number: String(i + 1), name: l })),
    }),
  );
  await ok(
    call('PUT', '/repartitions/GEN', {
      copropriete: 'RES',
      code: '001',
      name: 'Charges générales',
      total_tantieme: 10_000,
      tantiemes: Object.entries(SHARES).map(([o, v]) => ({ lot: `L${o}`, tantieme: v })),
    }),
  );
  for (const o of Object.keys(SHARES)) {
    const r = await ok(
      call('PUT', `/coproprietaires/${o}`, { copropriete: 'RES', last_name: `Nom ${o}`, lots: [`L${o}`] }),
    );
    owners[o] = { id: r.id, headers: {} };
  }
  const u = await makeSignedInUser(t.database.db);
  await t.database.db
    .update(coproprietaires)
    .set({ user_id: u.user.id, init_settings_done: true })
    .where(eq(coproprietaires.id, owners.O1.id));
  owners.O1.headers = u.headers;
});
afterAll(() => t.close());

let agId = '';
let coproId = '';
const session = (entries: unknown[]) => call('POST', '/assemblees/AGX/session-votes', { votes: entries });
const tally = async () => {
  const rows = await ok(call('GET', '/assemblees/AGX/tally'));
  return (n: number) => rows.find((r: { number: number }) => r.number === n);
};

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
  it('creates the assembly with a unanimity resolution; O1 votes by correspondence', async () => {
    const put = await ok(call('PUT', '/assemblees/AGX', assembly()));
    agId = put.id;
    expect(put.resource.resolutions[2].article).toBe('UNANIMITE');
    const [row] = await t.database.db
      .select({ c: coproprietaires.copropriete_id })
      .from(coproprietaires)
      .where(eq(coproprietaires.id, owners.O1.id));
    coproId = row.c;
    const url = (ep: { path: string }) => `/api${buildPath(ep.path, { agId, coproId, id: owners.O1.id })}`;
    const res = json(
      await t.app.inject({
        method: 'GET',
        url: url(assembleeEndpoints.resolutions),
        headers: owners.O1.headers,
      }),
    ).data;
    const body = {
      coproprietaire: { id: owners.O1.id, name: 'x' },
      list_data: res.resolutions.map((r: { id: string; title: string; article: string }) => ({
        id: r.id,
        title: r.title,
        field: {
          vote_1: { vote_value: 'agree' },
          vote_2: { vote_value: hasSecondVote(r.article) ? 'agree' : null },
        },
        has_vote_two: hasSecondVote(r.article),
      })),
    } as VoteBody;
    const v = await t.app.inject({
      method: 'POST',
      url: url(assembleeEndpoints.vote),
      headers: owners.O1.headers,
      payload: body,
    });
    expect(v.statusCode, v.body).toBe(200);
    await ok(call('POST', '/assemblees/AGX/start-session'));
    // Amended in session: a correspondence "Pour" would now count as défaillant.
    const amended = assembly();
    amended.resolutions[0] = { ...amended.resolutions[0], amended: true } as never;
    expect((await ok(call('PUT', '/assemblees/AGX', amended))).result).toBe('updated');
  });

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

  it('proxies: three délégations, a fourth within 10 %, none beyond, no excluded mandataire', async () => {
    const by = (o: string, mandataire: Record<string, unknown> | null) => ({
      coproprietaire: o,
      attendance: 'represented',
      mandataire,
      choices: [],
    });
    const o3 = { coproprietaire: 'O3', name: 'Nom O3' };
    const tiers = { name: 'Mme Tiers' };
    const missing = await session([{ coproprietaire: 'O4', attendance: 'represented', choices: [] }]);
    expect(missing.body.errors).toEqual({
      'votes.0.mandataire': 'Un copropriétaire représenté nomme son mandataire.',
    });
    await ok(session([by('O4', o3), by('O5', o3), by('O6', o3)]));
    // A fourth to O3: his 1 000 and his mandants' 800 exceed 10 % of 10 000.
    const fourth = await session([by('O7', o3)]);
    expect(fourth.status).toBe(400);
    expect(fourth.body.errors['votes.0.mandataire']).toBe(
      "Nom O3 reçoit 4 délégations de vote\u202f: au plus 3, sauf si ses voix et celles de ses mandants n'excèdent pas 10\u202f% des voix du syndicat (ici 1\u202f800 sur 10\u202f000, au-delà de 1\u202f000) (loi du 10 juillet 1965, art. 22 I).",
    );
    // Mme Tiers, not a co-owner, takes the four small ones: 800 voix, within 10 %.
    await ok(session([by('O4', tiers), by('O5', tiers), by('O6', tiers), by('O7', tiers)]));
    const fifth = await session([by('O8', tiers)]);
    expect(fifth.body.errors['votes.0.mandataire']).toMatch(
      /^Mme Tiers reçoit 5 délégations de vote.*ici 2\u202f000 sur 10\u202f000/,
    );
    const excluded = await session([by('O8', { name: 'M. Commis', exclusion: 'prepose' })]);
    expect(excluded.body.errors).toEqual({
      'votes.0.mandataire':
        'M. Commis ne peut pas recevoir de mandat\u202f: préposé du syndic (loi du 10 juillet 1965, art. 22 I).',
    });
    const ag = await ok(call('GET', '/assemblees/AGX'));
    const att = Object.fromEntries(
      ag.participants.map((p: { coproprietaire: string; attendance: string | null }) => [
        p.coproprietaire,
        p.attendance,
      ]),
    );
    expect(att).toMatchObject({ O4: 'represented', O7: 'represented', O8: null });
  });

  it('unanimity: rejected while O8 is absent, adopted when every co-owner votes for', async () => {
    const all = (v: string) =>
      Object.keys(SHARES).map((o) => ({
        coproprietaire: o,
        attendance: ['O4', 'O5', 'O6', 'O7'].includes(o) ? 'represented' : 'present',
        mandataire: ['O4', 'O5', 'O6', 'O7'].includes(o) ? { name: 'Mme Tiers' } : null,
        choices: [{ resolution: 'R3', vote_1: v }],
      }));
    await ok(session(all('agree').filter((e) => e.coproprietaire !== 'O8')));
    expect((await tally())(3)).toMatchObject({ decision: 'rejected', rule: 'UNANIMITE' });
    await ok(session(all('agree')));
    const row = await tally();
    expect(row(3)).toMatchObject({
      decision: 'adopted',
      rule: 'UNANIMITE',
      total: { tantiemes: 10_000, count: 8 },
    });
    const check = await ok(call('GET', '/assemblees/AGX/chain-check'));
    expect(check.ok).toBe(true);
    // The attendance sheet, from the register: who is present, who represents whom, their voix.
    const sheet = await ok(call('GET', '/assemblees/AGX/attendance'));
    expect(sheet).toHaveLength(8);
    const line = (o: string) => sheet.find((r: { coproprietaire: string }) => r.coproprietaire === o);
    expect(line('O4')).toMatchObject({
      attendance: 'represented',
      mandataire: { name: 'Mme Tiers', coproprietaire: null },
      tantiemes: 200,
    });
    expect(line('O1')).toMatchObject({ attendance: 'present', mandataire: null, tantiemes: 4000 });
  });
});
