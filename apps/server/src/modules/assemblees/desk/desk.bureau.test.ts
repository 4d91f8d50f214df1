import { AMENDMENT_SCOPE } from '@tantieme/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assemblees, coproprietaires, syndics } from '../../../db/schema/index.js';
import { makeSyndic } from '../../../test/factories.js';
import { json } from '../../../test/harness.js';
import { makeStaff } from '../../console/console.fixture.js';
import { bureauOf } from '../bureau.js';
import { loadMinutesFacts } from '../minutes.service.js';
import { buildPv } from '../pv.js';
import { assembly, call, ok, owners, setUp, syndic, t } from '../syndic/session.fixture.js';

/**
 * The bureau elected first (décret 1967 art. 15) and an amendment in session (art. 13, loi art.
 * 17-1 A) at the desk, on the building of 10 000 voix: O1 4 000, O2 3 000, O3 1 000, O4 to O7 200,
 * O8 1 200. The agenda: B1 président de séance, B2 scrutateur, R1 ravalement, R2 syndic.
 */

type H = Record<string, string>;
let admin: H;
let stranger: H;
let base = '';
let agRow: { id: string; copropriete_id: string };
let syndicName = '';
const DAY = 86_400_000;
const ids: Record<string, string> = {};

const gestion = async (method: 'GET' | 'POST', path: string, headers: H, payload?: object) => {
  const res = await t.app.inject({ method, url: `${base}${path}`, headers, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: json(res) };
};
const entry = (payload: object, headers = admin) => gestion('POST', '/seance/entrees', headers, payload);
const desk = async () => (await gestion('GET', '/seance', admin)).body.data;
const resolution = async (n: string) =>
  (await desk()).resolutions.find((r: { id: string }) => r.id === ids[n]);
const votes = (r: string, list: [string, string][]) =>
  entry({
    kind: 'votes',
    resolution: ids[r],
    votes: list.map(([o, v]) => ({ coproprietaire: owners[o].id, vote_1: v })),
  });
const member = (r: string, m: { coproprietaire?: string; name: string }) =>
  entry({
    kind: 'bureau',
    resolution: ids[r],
    member: {
      coproprietaire: m.coproprietaire ? owners[m.coproprietaire].id : null,
      name: m.name || m.coproprietaire,
    },
  });

beforeAll(async () => {
  await setUp();
  const agenda = assembly({
    resolutions: [
      {
        external_id: 'B1',
        number: 1,
        title: 'Élection du président de séance',
        article: 'ART-24',
        repartition: 'GEN',
        nature: 'bureau_president',
      },
      {
        external_id: 'B2',
        number: 2,
        title: 'Élection du ou des scrutateurs',
        article: 'ART-24',
        repartition: 'GEN',
        nature: 'bureau_scrutateur',
      },
      { external_id: 'R1', number: 3, title: 'Ravalement', article: 'ART-24', repartition: 'GEN' },
      { external_id: 'R2', number: 4, title: "Contrat d'entretien", article: 'ART-24', repartition: 'GEN' },
    ],
  });
  const put = await ok(call('PUT', '/assemblees/AGX', agenda));
  const db = t.database.db;
  await db.update(assemblees).set({ date: new Date() }).where(eq(assemblees.id, put.id));
  const [row] = await db
    .select({ c: coproprietaires.copropriete_id })
    .from(coproprietaires)
    .where(eq(coproprietaires.id, owners.O1.id));
  agRow = { id: put.id, copropriete_id: row!.c };
  syndicName = (await db.select().from(syndics).where(eq(syndics.id, syndic.syndic.id)))[0]!.name;
  base = `/api/gestion/coproprietes/${row!.c}/assemblees/${put.id}`;
  admin = (await makeStaff(db, syndic.syndic.id, 'administrateur')).headers;
  stranger = (await makeStaff(db, (await makeSyndic(db)).id, 'administrateur')).headers;
  const rs = (await desk()).resolutions as { id: string; number: number }[];
  for (const [k, n] of [
    ['B1', 1],
    ['B2', 2],
    ['R1', 3],
    ['R2', 4],
  ] as const)
    ids[k] = rs.find((r) => r.number === n)!.id;
  // O2's paper form, in time: Pour on R1 and R2.
  const form = await entry({
    kind: 'paper_form',
    coproprietaire: owners.O2.id,
    method: 'papier',
    received_at: new Date(Date.now() - 5 * DAY).toISOString(),
    choices: [
      { resolution: ids.R1, vote_1: 'agree' },
      { resolution: ids.R2, vote_1: 'agree' },
    ],
  });
  expect(form.status, JSON.stringify(form.body)).toBe(200);
  expect((await gestion('POST', '/seance/ouverture', admin)).status).toBe(200);
  for (const o of ['O1', 'O3'])
    expect(
      (await entry({ kind: 'attendance', coproprietaire: owners[o].id, attendance: 'present' })).status,
    ).toBe(200);
  const rep = await entry({
    kind: 'attendance',
    coproprietaire: owners.O4.id,
    attendance: 'represented',
    mandataire: { coproprietaire: null, name: 'Paul Martin' },
  });
  expect(rep.status, JSON.stringify(rep.body)).toBe(200);
});
afterAll(() => t.close());

describe('the bureau, elected first (décret 1967 art. 15)', () => {
  it('the desk names each bureau resolution and nothing else is voted before the président', async () => {
    expect([(await resolution('B1')).bureau_role, (await resolution('R1')).bureau_role]).toEqual([
      'president',
      null,
    ]);
    const early = await votes('R1', [['O1', 'agree']]);
    expect(early.status).toBe(400);
    expect(early.body.errors.resolution).toContain("président de séance n'est pas encore élu");
  });

  it('records the président once elected, refusing the syndic and an absent co-owner', async () => {
    const before = await member('B1', { coproprietaire: 'O1', name: '' });
    expect(before.status).toBe(400);
    expect(before.body.errors.resolution).toContain("n'est pas adoptée");
    expect(
      (
        await votes('B1', [
          ['O1', 'agree'],
          ['O3', 'agree'],
        ])
      ).status,
    ).toBe(200);
    const theSyndic = await member('B1', { name: syndicName });
    expect([theSyndic.status, theSyndic.body.errors.member]).toEqual([
      400,
      expect.stringContaining('art. 22 I'),
    ]);
    const byPost = await member('B1', { coproprietaire: 'O2', name: '' });
    expect(byPost.body.errors.member).toContain('présentes à la séance');
    const elected = await member('B1', { coproprietaire: 'O1', name: '' });
    expect(elected.status, JSON.stringify(elected.body)).toBe(200);
    expect(elected.body.data.bureau.president).toEqual({ id: owners.O1.id, name: expect.any(String) });
    const foreign = await gestion('POST', '/seance/entrees', stranger, {
      kind: 'bureau',
      resolution: ids.B1,
      member: { coproprietaire: owners.O3.id, name: 'O3' },
    });
    expect([foreign.status, foreign.body.data]).toEqual([404, undefined]);
  });

  it('a mandataire present is elected scrutateur; bureauOf gives the bureau with the syndic as secrétaire', async () => {
    expect((await votes('B2', [['O1', 'agree']])).status).toBe(200);
    const r = await member('B2', { name: 'Paul Martin' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const bureau = await bureauOf(t.database.db, agRow);
    expect(bureau).toEqual({
      president: { id: owners.O1.id, name: expect.any(String) },
      secretaire: { id: null, name: syndicName },
      scrutateurs: [{ id: null, name: 'Paul Martin' }],
    });
    expect((await desk()).bureau).toEqual(bureau);
  });
});

describe('amendments in session (décret art. 13, loi art. 17-1 A)', () => {
  const amend = (r: string, o: string, within = true) =>
    entry({
      kind: 'amendment',
      resolution: ids[r],
      proposed_by: owners[o].id,
      text: 'Le ravalement est limité à la façade sur rue, pour 48 200 € TTC.',
      within_agenda: within,
    });

  it('refuses an amendment beyond the question, or proposed by someone not at the meeting', async () => {
    const beyond = await amend('R1', 'O3', false);
    expect([beyond.status, beyond.body.errors.within_agenda]).toEqual([400, AMENDMENT_SCOPE]);
    const absent = await amend('R1', 'O2');
    expect(absent.body.errors.proposed_by).toContain("n'est ni présent ni représenté");
  });

  it('an amended resolution: the correspondence « Pour » is défaillant, in the tally and the PV', async () => {
    const r = await amend('R1', 'O3');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(
      (
        await votes('R1', [
          ['O1', 'disagree'],
          ['O3', 'agree'],
        ])
      ).status,
    ).toBe(200);
    const r1 = await resolution('R1');
    expect([r1.amended, r1.amendments.map((a: { text: string }) => a.text), r1.decision]).toEqual([
      true,
      ['Le ravalement est limité à la façade sur rue, pour 48 200 € TTC.'],
      'rejected',
    ]);
    // O2's 3 000 Pour no longer count: 1 000 Pour, 4 000 Contre.
    expect([r1.first.pour.voix, r1.first.contre.voix]).toEqual([1000, 4000]);
    const late = await amend('R1', 'O3');
    expect(late.body.errors.resolution).toContain('déjà saisis');

    const db = t.database.db;
    const [ag] = await db.select().from(assemblees).where(eq(assemblees.id, agRow.id));
    const pv = buildPv(await loadMinutesFacts(db, ag!, 'Résidence du Parc'));
    const p1 = pv.resolutions.find((x) => x.number === 3)!;
    expect(p1.amendments).toEqual([
      {
        text: 'Le ravalement est limité à la façade sur rue, pour 48 200 € TTC.',
        proposed_by: expect.any(String),
      },
    ]);
    expect(p1.defaillants.find((d) => d.assimilated)?.voix).toBe(3000);
    expect(pv.resolutions.find((x) => x.number === 1)!.elected).toHaveLength(1);
    // R2 was not amended: O2's form counts.
    expect(pv.resolutions.find((x) => x.number === 4)!.amendments).toEqual([]);
  });

  it('the syndic API enters an amendment by external ids, once', async () => {
    const body = {
      external_id: 'AMD-R2',
      entry: {
        kind: 'amendment',
        resolution: 'R2',
        proposed_by: 'O1',
        text: 'Le contrat est conclu pour un an.',
        within_agenda: true,
      },
    };
    const first = await ok(call('POST', '/assemblees/AGX/desk-entries', body));
    expect(first.records.map((x: { kind: string }) => x.kind)).toEqual(['amendment']);
    expect((await ok(call('POST', '/assemblees/AGX/desk-entries', body))).result).toBe('unchanged');
    expect((await resolution('R2')).amended).toBe(true);
  });
});
