import { assembleeEndpoints, buildPath, hasSecondVote, type VoteBody } from '@tantieme/contract';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { coproprietaires } from '../../../db/schema/index.js';
import { makeSyndicWithKey } from '../../../test/factories.syndic.js';
import { putSyndicat } from './syndicat.fixture.js';
import { createTestApp, json, type TestApp } from '../../../test/harness.js';
import { onMeetingDay } from '../meeting-day.fixture.js';

/**
 * The fixture of the whole assembly run through the syndic API (whole-assembly.test.ts says the
 * scenario): the building, the steps of the meeting, and the helpers that enter them.
 */

export let t: TestApp;
export let syndic: Awaited<ReturnType<typeof makeSyndicWithKey>>;
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
export const owners: Record<string, { id: string; headers: Record<string, string> }> = {};
export const meeting = new Date(Date.now() + 40 * 86_400_000);
meeting.setUTCHours(16, 0, 0, 0);
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

export const RESOLUTIONS = [
  { external_id: 'R1', number: 1, title: 'Approbation des comptes', article: 'ART-24', repartition: 'GEN' },
  { external_id: 'R2', number: 2, title: 'Désignation du syndic', article: 'ART-25', repartition: 'GEN' },
  { external_id: 'R3', number: 3, title: 'Travaux de ravalement', article: 'ART-26', repartition: 'GEN' },
  {
    external_id: 'R4',
    number: 4,
    title: 'Modification de la répartition des charges',
    article: 'UNANIMITE',
    repartition: 'GEN',
  },
];
export const assembly = (amended = false) => ({
  copropriete: 'RES',
  name: 'Assemblée générale 2027',
  year: meeting.getUTCFullYear(),
  date: meeting.toISOString(),
  general_repartition: 'GEN',
  convocation: {
    name: 'Convocation AG.pdf',
    content_type: 'application/pdf',
    content_base64: PDF.toString('base64'),
  },
  resolutions: RESOLUTIONS.map((r) => (amended && r.external_id === 'R1' ? { ...r, amended: true } : r)),
  participants: Object.keys(SHARES).map((c) => ({ coproprietaire: c })),
});

/** The building, its co-owners, and the accounts of O1, O2 and O8 (who vote by correspondence). */
export async function setUp() {
  t = await createTestApp();
  syndic = await makeSyndicWithKey(t.database.db);
  const made = await putSyndicat(
    t.database.db,
    call,
    ok,
    SHARES,
    { name: 'Résidence Les Tilleuls', full_address: '12 rue des Tilleuls 69003 Lyon' },
    ['O1', 'O2', 'O8'],
  );
  Object.assign(owners, made);
}

export let agId = '';
export let coproId = '';
export type Choice = 'agree' | 'disagree' | 'abstain';

/** A co-owner's correspondence form through the co-owner API, the same choice everywhere. */
export async function form(o: string, choice: Choice) {
  const url = (ep: { path: string }) => `/api${buildPath(ep.path, { agId, coproId, id: owners[o].id })}`;
  const list = json(
    await t.app.inject({
      method: 'GET',
      url: url(assembleeEndpoints.resolutions),
      headers: owners[o].headers,
    }),
  ).data.resolutions as { id: string; title: string; article: string }[];
  const body = {
    coproprietaire: { id: owners[o].id, name: `Nom ${o}` },
    list_data: list.map((r) => ({
      id: r.id,
      title: r.title,
      field: {
        vote_1: { vote_value: choice },
        vote_2: { vote_value: hasSecondVote(r.article) ? choice : null },
      },
      has_vote_two: hasSecondVote(r.article),
    })),
  } as VoteBody;
  const res = await t.app.inject({
    method: 'POST',
    url: url(assembleeEndpoints.vote),
    headers: owners[o].headers,
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
}

export const O3 = { coproprietaire: 'O3', name: 'Nom O3' };
export const O2 = { coproprietaire: 'O2', name: 'Nom O2' };
export const AT: Record<string, { attendance: string; mandataire: typeof O3 | null }> = {
  O2: { attendance: 'present', mandataire: null },
  O3: { attendance: 'present', mandataire: null },
  O4: { attendance: 'represented', mandataire: O3 },
  O5: { attendance: 'represented', mandataire: O3 },
  O6: { attendance: 'represented', mandataire: O3 },
  O8: { attendance: 'represented', mandataire: O2 },
};
/** One resolution's votes at the meeting: { owner: [vote_1, vote_2] }, undefined leaves a vote as it was. */
export const enter = (resolution: string, votes: Record<string, [Choice | undefined, Choice | undefined]>) =>
  ok(
    call('POST', '/assemblees/AGW/session-votes', {
      votes: Object.entries(votes).map(([o, [vote_1, vote_2]]) => ({
        coproprietaire: o,
        ...AT[o],
        choices: [
          {
            resolution,
            ...(vote_1 !== undefined ? { vote_1 } : {}),
            ...(vote_2 !== undefined ? { vote_2 } : {}),
          },
        ],
      })),
    }),
  );
export type Row = {
  number: number;
  decision: string;
  rule: string;
  amended_defaulting: number;
  total: { tantiemes: number; count: number };
  first: Record<'agree' | 'disagree' | 'abstain' | 'participants', { tantiemes: number; count: number }>;
  second: Row['first'] | null;
};

/** The assembly put with its resolutions and every co-owner, and its convocation published. */
export async function convene() {
  const put = await ok(call('PUT', '/assemblees/AGW', assembly()));
  agId = put.id;
  const [row] = await t.database.db
    .select({ c: coproprietaires.copropriete_id })
    .from(coproprietaires)
    .where(eq(coproprietaires.id, owners.O1.id));
  coproId = row.c;
  const pub = await ok(call('POST', '/assemblees/AGW/publish'));
  // Loi art. 42-1 as rewritten: the three with a known e-mail by LRE, nobody asked for the post;
  // the five others have no address but their home's.
  expect(pub.sent).toEqual({ lre: 3, postal: 5 });
}

/** The forms of O1, O2 and O8, then the meeting opened and R1 amended in session. */
export async function takeForms() {
  await form('O1', 'agree');
  await form('O2', 'disagree');
  await form('O8', 'agree');
  await onMeetingDay(t.database.db, () => ok(call('POST', '/assemblees/AGW/start-session')));
  expect((await ok(call('PUT', '/assemblees/AGW', assembly(true)))).result).toBe('updated');
}

/** The meeting's votes, resolution by resolution, the passerelle's second vote after the first. */
export async function enterMeeting() {
  await enter('R1', {
    O2: ['agree', undefined],
    O3: ['disagree', undefined],
    O4: ['abstain', undefined],
    O5: ['abstain', undefined],
    O6: ['abstain', undefined],
    O8: ['agree', undefined],
  });
  const r2 = {
    O2: 'disagree',
    O3: 'disagree',
    O4: 'abstain',
    O5: 'abstain',
    O6: 'abstain',
    O8: 'disagree',
  };
  await enter('R2', Object.fromEntries(Object.entries(r2).map(([o, v]) => [o, [v as Choice, undefined]])));
  const second = { O2: 'abstain', O3: 'agree', O4: 'agree', O5: 'agree', O6: 'agree', O8: 'disagree' };
  await enter(
    'R2',
    Object.fromEntries(Object.entries(second).map(([o, v]) => [o, [undefined, v as Choice]])),
  );
  const everyoneFor = Object.fromEntries(Object.keys(AT).map((o) => [o, ['agree', undefined]])) as Record<
    string,
    [Choice, undefined]
  >;
  await enter('R3', { ...everyoneFor, O8: ['disagree', undefined] });
  await enter('R4', everyoneFor);
}
