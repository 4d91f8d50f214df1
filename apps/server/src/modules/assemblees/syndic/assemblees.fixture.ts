import { assembleeEndpoints, buildPath, type VoteBody } from '@tantieme/contract';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  consentementsNotificationElectronique,
  coproprietaireSettings,
  coproprietaires,
  demandesVoiePostale,
} from '../../../db/schema/index.js';
import { makeSignedInUser } from '../../../test/factories.js';
import { makeSyndicWithKey } from '../../../test/factories.syndic.js';
import { createTestApp, json, type TestApp } from '../../../test/harness.js';
import { onMeetingDay } from '../meeting-day.fixture.js';

/**
 * The fixture of the syndic's general assembly run through its API (AG2026): the building (four
 * co-owners of 400, 300, 200 and 100 voix, C1 and C2 with an account, C1 consenting to electronic
 * notice), the assembly's body, and the steps each test file starts from.
 */

export let t: TestApp;
export let syndic: Awaited<ReturnType<typeof makeSyndicWithKey>>;
export type H = Record<string, string>;
export const call = async (method: 'GET' | 'PUT' | 'POST', url: string, headers: H, payload?: unknown) => {
  const res = await t.app.inject({
    method,
    url: `/api/syndic/v1${url}`,
    headers,
    ...(payload ? { payload: payload as object } : {}),
  });
  return { status: res.statusCode, body: json(res) };
};
export const ok = async (p: ReturnType<typeof call>) => {
  const r = await p;
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
};

export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
export const meeting = new Date(Date.now() + 30 * 86_400_000);
meeting.setUTCHours(16, 0, 0, 0);

/** owner ext → { record id, co-owner headers } */
export const owners: Record<string, { id: string; headers: H }> = {};

async function building(headers: H) {
  await ok(
    call('PUT', '/coproprietes/IMM', headers, {
      name: 'Résidence Les Tilleuls',
      address: { full_address: '14 rue des Tilleuls 69003 Lyon' },
    }),
  );
  await ok(
    call('POST', '/lots/bulk', headers, {
      items: ['1', '2', '3', '4'].map((n) => ({
        external_id: `L${n}`,
        copropriete: 'IMM',
        number: n,
        name: `Appartement ${n}`,
      })),
    }),
  );
  await ok(
    call('PUT', '/repartitions/CG', headers, {
      copropriete: 'IMM',
      code: '001',
      name: 'Charges générales',
      total_tantieme: 1000,
      tantiemes: [
        { lot: 'L1', tantieme: 400 },
        { lot: 'L2', tantieme: 300 },
        { lot: 'L3', tantieme: 200 },
        { lot: 'L4', tantieme: 100 },
      ],
    }),
  );
  await ok(
    call('PUT', '/repartitions/ASC', headers, {
      copropriete: 'IMM',
      code: '002',
      name: 'Ascenseur',
      total_tantieme: 100,
      tantiemes: [
        { lot: 'L1', tantieme: 60 },
        { lot: 'L3', tantieme: 40 },
      ],
    }),
  );
  const people: [string, string, string, object[]][] = [
    ['C1', 'Moreau', 'L1', []],
    ['C2', 'Lefèvre', 'L2', []],
    [
      'C3',
      'Garnier',
      'L3',
      [
        {
          last_name: 'Garnier',
          emails: [{ value: 'garnier@example.fr' }],
          phones: [{ value: '+33612345678' }],
        },
      ],
    ],
    ['C4', 'Roux', 'L4', []],
  ];
  for (const [ext, last, lot, contacts] of people) {
    const r = await ok(
      call('PUT', `/coproprietaires/${ext}`, headers, {
        copropriete: 'IMM',
        civility: 'mrs',
        first_name: 'Claire',
        last_name: last,
        lots: [lot],
        contacts,
        address: { full_address: `${ext} rue des Tilleuls 69003 Lyon` },
      }),
    );
    owners[ext] = { id: r.id, headers: {} };
  }
  // C1 and C2 have an account (their e-mail); C2 chose the post for convocations.
  for (const ext of ['C1', 'C2']) {
    const u = await makeSignedInUser(t.database.db);
    await t.database.db
      .update(coproprietaires)
      .set({ user_id: u.user.id, init_settings_done: true })
      .where(eq(coproprietaires.id, owners[ext].id));
    owners[ext].headers = u.headers;
  }
  // C1 consented to electronic notice ('Valider mes choix'), C2 chose the post, C3 and C4 never
  // chose (loi art. 42-1): C4's switch shows the default, which is no consent.
  await t.database.db.insert(coproprietaireSettings).values([
    { coproprietaire_id: owners.C1.id, key: 'allow-convocation-electronic', value: '1' },
    { coproprietaire_id: owners.C2.id, key: 'allow-convocation-electronic', value: '0' },
  ]);
  await t.database.db
    .insert(consentementsNotificationElectronique)
    .values({ coproprietaire_id: owners.C1.id, given_by: 'onboarding' });
  // Loi art. 42-1 as rewritten: C2's choice of the post is a request received a month ago.
  await t.database.db.insert(demandesVoiePostale).values({
    coproprietaire_id: owners.C2.id,
    received_at: new Date(Date.now() - 30 * 86_400_000),
    made_by: 'settings',
  });
}

export const assembly = (over: Record<string, unknown> = {}) => ({
  copropriete: 'IMM',
  name: 'Assemblée générale ordinaire',
  year: meeting.getUTCFullYear(),
  date: meeting.toISOString().replace('.000Z', '+00:00'),
  priority: 1,
  general_repartition: 'CG',
  visio_url: 'https://meet.jit.si/residence-les-tilleuls',
  convocation: {
    name: 'Convocation AG.pdf',
    content_type: 'application/pdf',
    content_base64: PDF.toString('base64'),
  },
  resolutions: [
    { external_id: 'R1', number: 1, title: 'Approbation des comptes', article: 'ART-24', repartition: 'CG' },
    { external_id: 'R2', number: 2, title: 'Désignation du syndic', article: 'ART-25', repartition: 'CG' },
    { external_id: 'R3', number: 3, title: 'Travaux de ravalement', article: 'ART-26', repartition: 'CG' },
    { external_id: 'R4', number: 4, title: 'Questions diverses', article: 'ART-24', no_vote: true },
  ],
  participants: ['C4', 'C3', 'C2', 'C1'].map((c) => ({ coproprietaire: c })),
  ...over,
});

export function assembleeUpdated() {
  const body = assembly();
  body.resolutions[0] = { ...body.resolutions[0], title: 'Approbation des comptes 2025' };
  return body;
}

/** The assembly and the co-owner record the co-owner calls address. */
export const state = { agId: '', coproId: '' };

export async function setUp() {
  t = await createTestApp();
  syndic = await makeSyndicWithKey(t.database.db);
  await building(syndic.headers);
  const [row] = await t.database.db
    .select({ copropriete_id: coproprietaires.copropriete_id })
    .from(coproprietaires)
    .where(eq(coproprietaires.id, owners.C1.id));
  state.coproId = row.copropriete_id;
}

export const coOwnerCall = (
  ext: string,
  ep: typeof assembleeEndpoints.vote | typeof assembleeEndpoints.resolutions,
  payload?: unknown,
) =>
  t.app.inject({
    method: ep.method,
    url: `/api${buildPath(ep.path, { agId: state.agId, coproId: state.coproId, id: owners[ext].id })}`,
    headers: { ...owners[ext].headers, 'user-agent': 'vitest-syndic-e2e' },
    ...(payload ? { payload: payload as object } : {}),
  });

export async function ballot(
  ext: string,
  choices: Record<number, [string, string | null]>,
): Promise<VoteBody> {
  const res = json(await coOwnerCall(ext, assembleeEndpoints.resolutions)).data;
  return {
    coproprietaire: { id: owners[ext].id, name: 'x' },
    list_data: res.resolutions
      .filter((r: { no_vote: boolean }) => !r.no_vote)
      .map((r: { id: string; number: number; title: string; article: string }) => ({
        id: r.id,
        title: r.title,
        field: {
          vote_1: { vote_value: choices[r.number][0] },
          vote_2: { vote_value: choices[r.number][1] },
        },
        has_vote_two: r.article !== 'ART-24',
      })),
  } as VoteBody;
}

/** C1 (400) for everything, second choices for; C2 (300) against, then for at the second votes. */
export const FORMS: Record<'C1' | 'C2', Record<number, [string, string | null]>> = {
  C1: { 1: ['agree', null], 2: ['agree', 'agree'], 3: ['agree', 'agree'] },
  C2: { 1: ['disagree', null], 2: ['disagree', 'agree'], 3: ['disagree', 'agree'] },
};

/** C3 (200) present; C4 (100) represented by C3, did not vote on R2 and had no second vote. */
export const SESSION_VOTES = {
  votes: [
    {
      coproprietaire: 'C3',
      attendance: 'present',
      method: 'visio_direct',
      choices: [
        { resolution: 'R1', vote_1: 'agree' },
        { resolution: 'R2', vote_1: 'disagree', vote_2: 'disagree' },
        { resolution: 'R3', vote_1: 'agree', vote_2: 'agree' },
      ],
    },
    {
      coproprietaire: 'C4',
      attendance: 'represented',
      mandataire: { coproprietaire: 'C3', name: 'Claire Garnier' },
      choices: [
        { resolution: 'R1', vote_1: 'abstain' },
        { resolution: 'R3', vote_1: 'disagree' },
      ],
    },
  ],
};

// The steps of AG2026, for the files that start later in its life.

/** Created, then R1 renamed (the body `assembleeUpdated` gives). */
export async function prepare() {
  state.agId = (await ok(call('PUT', '/assemblees/AG2026', syndic.headers, assembly()))).id;
  await ok(call('PUT', '/assemblees/AG2026', syndic.headers, assembleeUpdated()));
}

export const publishAssemblee = () => ok(call('POST', '/assemblees/AG2026/publish', syndic.headers));

/** The syndic's webhook for ballots and signatures, then the forms of C1 and C2. */
export async function castForms() {
  await ok(
    call('POST', '/webhooks', syndic.headers, {
      url: 'http://127.0.0.1:9/hook',
      events: ['ballot.cast', 'signature.saved'],
    }),
  );
  for (const ext of ['C1', 'C2'] as const) {
    const res = await coOwnerCall(ext, assembleeEndpoints.vote, await ballot(ext, FORMS[ext]));
    expect(res.statusCode, res.body).toBe(200);
  }
}

export const startSession = () =>
  onMeetingDay(t.database.db, () => ok(call('POST', '/assemblees/AG2026/start-session', syndic.headers)));

export const enterSessionVotes = () =>
  ok(call('POST', '/assemblees/AG2026/session-votes', syndic.headers, SESSION_VOTES));
