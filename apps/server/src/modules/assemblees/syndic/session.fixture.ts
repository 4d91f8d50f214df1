import { assembleeEndpoints, buildPath, hasSecondVote, type VoteBody } from '@tantieme/contract';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { coproprietaires } from '../../../db/schema/index.js';
import { makeSyndicWithKey } from '../../../test/factories.syndic.js';
import { putSyndicat } from './syndicat.fixture.js';
import { createTestApp, json, type TestApp } from '../../../test/harness.js';
import { onMeetingDay } from '../meeting-day.fixture.js';

/**
 * The fixture of the meeting tests through the syndic API. Building of 10 000 voix of charges
 * générales: O1 4 000, O2 3 000, O3 1 000, O4 to O7 200 each, O8 1 200. 10 % of the syndicat is
 * 1 000. Only O1 has an account (to vote by correspondence).
 */

export let t: TestApp;
export let syndic: Awaited<ReturnType<typeof makeSyndicWithKey>>;
type H = Record<string, string>;
export const call = async (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) => {
  const res = await t.app.inject({
    method,
    url: `/api/syndic/v1${url}`,
    headers: syndic.headers,
    ...(payload ? { payload: payload as object } : {}),
  });
  return { status: res.statusCode, body: json(res) };
};
export const ok = async (p: ReturnType<typeof call>) => {
  const r = await p;
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
};

export const SHARES: Record<string, number> = {
  O1: 4000,
  O2: 3000,
  O3: 1000,
  O4: 200,
  O5: 200,
  O6: 200,
  O7: 200,
  O8: 1200,
};
export const owners: Record<string, { id: string; headers: H }> = {};
export const meeting = new Date(Date.now() + 40 * 86_400_000);
meeting.setUTCHours(16, 0, 0, 0);

let building = SHARES;

export const assembly = (over: Record<string, unknown> = {}) => ({
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
  participants: Object.keys(building).map((c) => ({ coproprietaire: c })),
  ...over,
});

/** The building of SHARES, its co-owners and O1's account. */
export const setUp = () => setUpWith(SHARES);

/** A building of these shares of charges générales, its co-owners and O1's account. */
export async function setUpWith(shares: Record<string, number>) {
  building = shares;
  t = await createTestApp();
  syndic = await makeSyndicWithKey(t.database.db);
  const made = await putSyndicat(
    t.database.db,
    call,
    ok,
    shares,
    { name: 'Résidence du Parc', full_address: '2 allée du Parc 69006 Lyon' },
    ['O1'],
  );
  Object.assign(owners, made);
}

export let agId = '';
export let coproId = '';
export const session = (entries: unknown[]) =>
  call('POST', '/assemblees/AGX/session-votes', { votes: entries });
export const tally = async () => {
  const rows = await ok(call('GET', '/assemblees/AGX/tally'));
  return (n: number) => rows.find((r: { number: number }) => r.number === n);
};

/**
 * The assembly AGX with a unanimity resolution; O1 votes 'Pour' everywhere by correspondence; the
 * meeting starts and R1 is amended in session.
 */
export async function openMeeting() {
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
  await onMeetingDay(t.database.db, () => ok(call('POST', '/assemblees/AGX/start-session')));
  // Amended in session: a correspondence "Pour" would now count as défaillant.
  const amended = assembly();
  amended.resolutions[0] = { ...amended.resolutions[0], amended: true } as never;
  expect((await ok(call('PUT', '/assemblees/AGX', amended))).result).toBe('updated');
}
