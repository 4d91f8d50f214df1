import {
  assembleeEndpoints,
  buildPath,
  correspondenceDeadline,
  syndicAssembleeEndpoints,
  type VoteBody,
} from '@tantieme/contract';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assembleeRecords,
  communications,
  assembleeConvocations,
  consentementsNotificationElectronique,
  coproprietaireSettings,
  coproprietaires,
  notifications,
  outbox,
  resolutions,
  syndicAuditLog,
  syndicWebhookDeliveries,
} from '../../../db/schema/index.js';
import { TINY_PNG } from '../../../test/factories.assemblees.js';
import { makeSignedInUser } from '../../../test/factories.js';
import { makeSyndicWithKey } from '../../../test/factories.syndic.js';
import { createTestApp, json, type TestApp } from '../../../test/harness.js';

/**
 * A syndic runs a general assembly end to end through its API: building, assembly with its
 * resolutions and participants, convocation published (e-mail or post per each co-owner's
 * choice), co-owners voting by correspondence through their own API, session started, ballots,
 * chain and the legal tally read back, signature links sent through the outbox.
 */

let t: TestApp;
let syndic: Awaited<ReturnType<typeof makeSyndicWithKey>>;
type H = Record<string, string>;
const call = async (method: 'GET' | 'PUT' | 'POST', url: string, headers: H, payload?: unknown) => {
  const res = await t.app.inject({
    method,
    url: `/api/syndic/v1${url}`,
    headers,
    ...(payload ? { payload: payload as object } : {}),
  });
  return { status: res.statusCode, body: json(res) };
};
const ok = async (p: ReturnType<typeof call>) => {
  const r = await p;
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
};

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const meeting = new Date(Date.now() + 30 * 86_400_000);
meeting.setUTCHours(16, 0, 0, 0);

/** owner ext → { record id, co-owner headers } */
const owners: Record<string, { id: string; headers: H }> = {};

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
}

const assembly = (over: Record<string, unknown> = {}) => ({
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

beforeAll(async () => {
  t = await createTestApp();
  syndic = await makeSyndicWithKey(t.database.db);
  await building(syndic.headers);
});
afterAll(() => t.close());

let agId = '';
const coOwnerCall = (
  ext: string,
  ep: typeof assembleeEndpoints.vote | typeof assembleeEndpoints.resolutions,
  payload?: unknown,
) =>
  t.app.inject({
    method: ep.method,
    url: `/api${buildPath(ep.path, { agId, coproId: coproId(), id: owners[ext].id })}`,
    headers: { ...owners[ext].headers, 'user-agent': 'vitest-syndic-e2e' },
    ...(payload ? { payload: payload as object } : {}),
  });
let coproIdValue = '';
const coproId = () => coproIdValue;

async function ballot(ext: string, choices: Record<number, [string, string | null]>): Promise<VoteBody> {
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

describe('a syndic runs a general assembly through the API', () => {
  it('creates the assembly with resolutions, participants, convocation and link; valid_to follows décret art. 9 bis', async () => {
    const r = await call('PUT', '/assemblees/AG2026', syndic.headers, assembly());
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.result).toBe('created');
    const ag = r.body.data.resource;
    agId = r.body.data.id;
    expect(ag).toMatchObject({
      external_id: 'AG2026',
      copropriete: 'IMM',
      date: meeting.toISOString(),
      valid_to: correspondenceDeadline(meeting).toISOString(),
      visio_url: 'https://meet.jit.si/residence-les-tilleuls',
      convocation: { name: 'Convocation AG.pdf', content_type: 'application/pdf', size: PDF.length },
      status_convocation: 0,
      published_at: null,
      total_coproprietaires: 4,
      total_lots: 4,
      total_tantiemes: 1000,
    });
    expect(ag.resolutions.map((x: { external_id: string }) => x.external_id)).toEqual([
      'R1',
      'R2',
      'R3',
      'R4',
    ]);
    expect(ag.participants.map((p: { coproprietaire: string }) => p.coproprietaire)).toEqual([
      'C1',
      'C2',
      'C3',
      'C4',
    ]);
    const [{ copropriete_id }] = await t.database.db
      .select({ copropriete_id: coproprietaires.copropriete_id })
      .from(coproprietaires)
      .where(eq(coproprietaires.id, owners.C1.id));
    coproIdValue = copropriete_id;

    // The same PUT again, and the stored form of the convocation, change nothing.
    expect((await ok(call('PUT', '/assemblees/AG2026', syndic.headers, assembly()))).result).toBe(
      'unchanged',
    );
    const again = await ok(
      call('PUT', '/assemblees/AG2026', syndic.headers, assembly({ convocation: ag.convocation })),
    );
    expect(again.result).toBe('unchanged');
    expect(await ok(call('GET', '/assemblees/AG2026', syndic.headers))).toEqual(ag);
    const list = await ok(call('GET', '/assemblees?limit=10', syndic.headers));
    expect(list.items.map((x: { external_id: string }) => x.external_id)).toEqual(['AG2026']);
    const audit = await t.database.db
      .select()
      .from(syndicAuditLog)
      .where(and(eq(syndicAuditLog.resource, 'assemblee'), eq(syndicAuditLog.external_id, 'AG2026')));
    expect(audit.map((a) => a.action)).toEqual(['created']);
    expect(JSON.stringify(audit[0].changes)).not.toContain('content_base64');
  });

  it('answers 400 naming each bad field and writes nothing', async () => {
    const before = await ok(call('GET', '/assemblees/AG2026', syndic.headers));
    const bad = await call(
      'PUT',
      '/assemblees/AG2026',
      syndic.headers,
      assembly({
        name: 'Renommée',
        resolutions: [
          { external_id: 'R1', number: 1, title: 'A', article: 'ART-24', repartition: 'NOPE' },
          { external_id: 'R1', number: 2, title: 'B', article: 'ART-25' },
        ],
        participants: [{ coproprietaire: 'C9' }, { coproprietaire: 'C1', tantiemes: { XX: 3 } }],
        valid_to: new Date(meeting.getTime() - 86_400_000).toISOString(),
        convocation: { name: 'x.pdf', content_type: 'application/pdf', content_base64: 'aGVsbG8=' },
      }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({
      'resolutions.0.repartition': 'Clé de répartition inconnue\u202f: NOPE',
      'resolutions.1.external_id': 'La résolution R1 est en double.',
      'resolutions.1.repartition': 'Une résolution soumise au vote a une clé de répartition.',
      'participants.0.coproprietaire': 'Copropriétaire inconnu\u202f: C9',
      'participants.1.tantiemes.XX': 'Clé de répartition inconnue\u202f: XX',
      'convocation.content_base64': "Ce fichier n'est pas un PDF.",
    });
    expect(bad.body.errors.valid_to).toMatch(/trois jours francs/);
    const schema = await call('PUT', '/assemblees/AG2026', syndic.headers, assembly({ date: '15/06/2026' }));
    expect(schema.status).toBe(400);
    expect(Object.keys(schema.body.errors)).toEqual(['date']);
    expect(await ok(call('GET', '/assemblees/AG2026', syndic.headers))).toEqual(before);
  });

  it('updates in place: resolution ids stay, a changed field is audited', async () => {
    const [r1] = await t.database.db.select().from(resolutions).where(eq(resolutions.external_id, 'R1'));
    const body = assembly();
    body.resolutions[0] = { ...body.resolutions[0], title: 'Approbation des comptes 2025' };
    const up = await ok(call('PUT', '/assemblees/AG2026', syndic.headers, body));
    expect(up.result).toBe('updated');
    const [r1b] = await t.database.db.select().from(resolutions).where(eq(resolutions.id, r1.id));
    expect(r1b.title).toBe('Approbation des comptes 2025');
  });

  it('publishes the convocation: a notification each, an LRE only with the recorded consent, once', async () => {
    const pub = await ok(call('POST', '/assemblees/AG2026/publish', syndic.headers));
    // C1 consented (account e-mail); C2 chose the post; C3 has an e-mail but never consented: the
    // post (loi art. 42-1); C4 has no e-mail.
    expect(pub.sent).toEqual({ lre: 1, postal: 3 });
    expect(pub.already_sent).toBe(0);
    expect(pub.warnings).toEqual([]);
    const comms = await t.database.db
      .select()
      .from(communications)
      .where(eq(communications.module, 'convocation'));
    const byOwner = Object.fromEntries(comms.map((c) => [c.coproprietaire_id, c.sending_method]));
    expect(byOwner).toEqual({
      [owners.C1.id]: 'email',
      [owners.C2.id]: 'postal',
      [owners.C3.id]: 'postal',
      [owners.C4.id]: 'postal',
    });
    const postal = comms.find((c) => c.coproprietaire_id === owners.C4.id)!;
    expect(postal.recipient_info.sending_address?.address_1).toBe('C4 rue des Tilleuls 69003 Lyon');
    // No plain e-mail: the electronic notice is the registered letter, deposited with the provider.
    const mails = await t.database.db
      .select()
      .from(outbox)
      .where(sql`${outbox.meta}->>'kind' = 'convocation'`);
    expect(mails).toHaveLength(0);
    const letters = await t.database.db
      .select()
      .from(assembleeConvocations)
      .where(eq(assembleeConvocations.assemblee_id, agId));
    const lre = letters.find((l) => l.coproprietaire_id === owners.C1.id)!;
    expect(lre).toMatchObject({ channel: 'lre', provider: 'local' });
    expect(lre.sending_id).toMatch(/^local-/);
    expect(letters.filter((l) => l.channel === 'postal')).toHaveLength(3);
    const notes = await t.database.db
      .select()
      .from(notifications)
      .where(
        inArray(
          notifications.coproprietaire_id,
          Object.values(owners).map((o) => o.id),
        ),
      );
    expect(notes.filter((n) => n.type === 'ASSEMBLEE')).toHaveLength(4);

    const again = await ok(call('POST', '/assemblees/AG2026/publish', syndic.headers));
    expect(again).toMatchObject({ sent: { lre: 0, postal: 0 }, already_sent: 4, warnings: [] });
    const ag = await ok(call('GET', '/assemblees/AG2026', syndic.headers));
    expect(ag.status_convocation).toBe(1);
    expect(ag.published_at).toBe(pub.published_at);
    // Tantièmes are fixed at publication.
    expect(ag.participants[0]).toEqual({
      coproprietaire: 'C1',
      tantiemes: { ASC: 60, CG: 400 },
      attendance: null,
    });
    // A PUT that omits them keeps them.
    expect((await ok(call('PUT', '/assemblees/AG2026', syndic.headers, assemblyUpdated()))).result).toBe(
      'unchanged',
    );
  });

  it('co-owners vote through their API; the webhook hears ballot.cast; the resolutions freeze', async () => {
    await ok(
      call('POST', '/webhooks', syndic.headers, {
        url: 'http://127.0.0.1:9/hook',
        events: ['ballot.cast', 'signature.saved'],
      }),
    );
    // A (400) for everything, second choices for; B (300) against, then for at the second votes.
    const a = await coOwnerCall(
      'C1',
      assembleeEndpoints.vote,
      await ballot('C1', { 1: ['agree', null], 2: ['agree', 'agree'], 3: ['agree', 'agree'] }),
    );
    expect(a.statusCode, a.body).toBe(200);
    const b = await coOwnerCall(
      'C2',
      assembleeEndpoints.vote,
      await ballot('C2', { 1: ['disagree', null], 2: ['disagree', 'agree'], 3: ['disagree', 'agree'] }),
    );
    expect(b.statusCode, b.body).toBe(200);
    const events = await t.database.db
      .select()
      .from(syndicWebhookDeliveries)
      .where(eq(syndicWebhookDeliveries.event_type, 'ballot.cast'));
    expect(events).toHaveLength(2);
    expect(JSON.parse(events[0].body).data).toMatchObject({
      assemblee: { id: agId, external_id: 'AG2026' },
      coproprietaire: { external_id: 'C1' },
      digest: json(a).data.digest,
    });

    const changed = assemblyUpdated();
    changed.resolutions[1] = { ...changed.resolutions[1], article: 'ART-24' };
    const refused = await call('PUT', '/assemblees/AG2026', syndic.headers, changed);
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.errors)).toEqual(['resolutions']);
    const dropped = await call('PUT', '/assemblees/AG2026', syndic.headers, {
      ...assemblyUpdated(),
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
    const s = await ok(call('POST', '/assemblees/AG2026/start-session', syndic.headers));
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
      await t.database.db.select().from(assembleeRecords).where(eq(assembleeRecords.assemblee_id, agId)),
    ).toHaveLength(2);

    // C3 (200) present; C4 (100) represented, did not vote on R2 and had no second vote.
    const done = await ok(
      call('POST', '/assemblees/AG2026/session-votes', syndic.headers, {
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
      }),
    );
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
      .where(and(eq(assembleeRecords.assemblee_id, agId), eq(assembleeRecords.seq, 7)));
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
    expect((await ok(call('PUT', '/assemblees/AG2026', syndic.headers, assemblyUpdated()))).result).toBe(
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
      .where(and(eq(assembleeRecords.assemblee_id, agId), eq(assembleeRecords.kind, 'session_vote')));
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
      .where(and(eq(assembleeRecords.assemblee_id, agId), eq(assembleeRecords.seq, 2)));
    expect(await ok(call('GET', '/assemblees/AG2026/chain-check', syndic.headers))).toEqual({
      ok: false,
      length: 9,
      first_broken: { seq: 2, reason: 'digest' },
    });
  });

  it('sends signature links by e-mail and SMS through the outbox; a bad request sends nothing', async () => {
    const before = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(outbox);
    const noPhone = await call('POST', '/assemblees/AG2026/signature-requests', syndic.headers, {
      mode: 'ATTENDANCE',
      channel: 'sms',
      coproprietaires: ['C3', 'C4'],
    });
    expect(noPhone.status).toBe(400);
    expect(noPhone.body.errors).toEqual({
      'coproprietaires.1': 'Aucun numéro de téléphone (format international) pour C4.',
    });
    const noProxy = await call('POST', '/assemblees/AG2026/signature-requests', syndic.headers, {
      mode: 'PROCURATION',
      channel: 'email',
      coproprietaires: ['C1'],
    });
    expect(noProxy.body.errors).toEqual({ 'procurations.C1': 'Indiquez les copropriétaires représentés.' });
    const after = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(outbox);
    expect(after[0].n).toBe(before[0].n);

    const sent = await ok(
      call('POST', '/assemblees/AG2026/signature-requests', syndic.headers, {
        mode: 'PROCURATION',
        channel: 'email',
        coproprietaires: ['C1'],
        procurations: { C1: ['C4'] },
      }),
    );
    expect(sent).toMatchObject([
      {
        coproprietaire: { external_id: 'C1' },
        mode: 'PROCURATION',
        status: 'pending',
        channel: 'email',
        signed_at: null,
      },
    ]);
    expect(JSON.stringify(sent)).not.toMatch(/auth_token/);
    const sms = await ok(
      call('POST', '/assemblees/AG2026/signature-requests', syndic.headers, {
        mode: 'PV_PRESIDENT',
        channel: 'sms',
        coproprietaires: ['C3'],
      }),
    );
    expect(sms[0]).toMatchObject({ channel: 'sms', recipient_masked: '+336******78' });

    // The link works on the public signature page, and names the represented owner.
    const [mail] = await t.database.db
      .select()
      .from(outbox)
      .where(sql`${outbox.meta}->>'kind' = 'signature_request' and ${outbox.channel} = 'email'`)
      .orderBy(desc(outbox.created_at))
      .limit(1);
    const token = /auth_token=([A-Za-z0-9_-]+)/.exec(mail.body)![1];
    const info = await t.app.inject({ method: 'GET', url: `/api/assemblee/signatures/tokens/${token}` });
    expect(info.statusCode).toBe(200);
    expect(json(info).data).toMatchObject({
      mode: 'PROCURATION',
      year_id: agId,
      coproprietaire_id: owners.C1.id,
    });
    expect(Object.values(json(info).data.coproprietaire.procurations)).toHaveLength(1);

    const list = await ok(call('GET', '/assemblees/AG2026/signatures', syndic.headers));
    expect(list.map((s: { mode: string; status: string }) => [s.mode, s.status])).toEqual([
      ['PROCURATION', 'pending'],
      ['PV_PRESIDENT', 'pending'],
    ]);

    // C1 signs on the public page: the syndic reads it signed, chained, and its webhook hears it.
    const signed = await t.app.inject({
      method: 'POST',
      url: '/api/assemblee/signatures',
      payload: {
        copr_id: coproId(),
        year_id: agId,
        coproprietaire_id: owners.C1.id,
        mode: 'PROCURATION',
        auth_token: token,
        signature: { name: 'signature.png', content_type: 'image/png', data: TINY_PNG },
        signed_on_paper: false,
      },
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const after2 = await ok(call('GET', '/assemblees/AG2026/signatures', syndic.headers));
    expect(after2[0]).toMatchObject({
      status: 'signed',
      record: { seq: 10, digest: json(signed).data.digest },
    });
    const [event] = await t.database.db
      .select()
      .from(syndicWebhookDeliveries)
      .where(eq(syndicWebhookDeliveries.event_type, 'signature.saved'));
    expect(JSON.parse(event.body).data).toMatchObject({
      assemblee: { external_id: 'AG2026' },
      coproprietaire: { external_id: 'C1' },
      signature_request: { mode: 'PROCURATION' },
      digest: json(signed).data.digest,
    });
    // A new request for the same co-owner and mode replaces a pending link: the old one expires.
    await ok(
      call('POST', '/assemblees/AG2026/signature-requests', syndic.headers, {
        mode: 'PV_PRESIDENT',
        channel: 'email',
        coproprietaires: ['C3'],
      }),
    );
    const modes = (await ok(call('GET', '/assemblees/AG2026/signatures', syndic.headers))).map(
      (s: { mode: string; status: string; channel: string }) => [s.mode, s.channel, s.status],
    );
    expect(modes).toEqual([
      ['PROCURATION', 'email', 'signed'],
      ['PV_PRESIDENT', 'sms', 'expired'],
      ['PV_PRESIDENT', 'email', 'pending'],
    ]);
  });

  it('two identical PUTs at once make one assembly', async () => {
    const body = assembly({ name: 'Assemblée générale extraordinaire', type: 'EXTRAORDINAIRE' });
    const results = await Promise.all([
      call('PUT', '/assemblees/AGE2026', syndic.headers, body),
      call('PUT', '/assemblees/AGE2026', syndic.headers, body),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect(results.map((r) => r.body.data.result).sort()).toEqual(['created', 'unchanged']);
    expect(results[0].body.data.id).toBe(results[1].body.data.id);
    const list = await ok(call('GET', '/assemblees', syndic.headers));
    expect(list.items.map((x: { external_id: string }) => x.external_id)).toEqual(['AG2026', 'AGE2026']);
  });
});

describe('OpenAPI', () => {
  it('documents every assembly endpoint under the syndic-api tag with the API key', async () => {
    const doc = json(await t.app.inject({ method: 'GET', url: '/api/docs/json' }));
    for (const e of Object.values(syndicAssembleeEndpoints)) {
      const path = `/api${e.path.replace(':external_id', '{external_id}')}`;
      const op = doc.paths[path]?.[e.method.toLowerCase()];
      expect(op, `${e.method} ${path}`).toBeDefined();
      expect(op.tags).toEqual(['syndic-api']);
      expect(op.security).toEqual([{ syndicApiKey: [] }]);
    }
  });
});

describe('loi 1965 art. 22 through the API', () => {
  it('reduces a co-owner holding more than half to the others’ sum, so art. 25 needs the passerelle', async () => {
    // C1 holds 600 of the 1 000 of the general key: more than half, reduced to the others' 400.
    // Declared tantièmes must add up to the key's total: 1 300 is refused, naming the difference.
    const tooMany = await call(
      'PUT',
      '/assemblees/AG22',
      syndic.headers,
      assembly({
        participants: [
          { coproprietaire: 'C1', tantiemes: { CG: 700 } },
          { coproprietaire: 'C2', tantiemes: { CG: 300 } },
          { coproprietaire: 'C3', tantiemes: { CG: 200 } },
          { coproprietaire: 'C4', tantiemes: { CG: 100 } },
        ],
      }),
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors.participants).toBe(
      'Les participants détiennent 1\u202f300 tantièmes de la clé CG sur 1\u202f000 déclarés\u202f: 300 de trop. Tous les copropriétaires sont convoqués et comptent pour les articles 25 et 26.',
    );
    const body = assembly({
      name: 'Assemblée générale spéciale',
      resolutions: [
        { external_id: 'S1', number: 1, title: 'Changement de syndic', article: 'ART-25', repartition: 'CG' },
      ],
      participants: [
        { coproprietaire: 'C1', tantiemes: { CG: 600 } },
        { coproprietaire: 'C2', tantiemes: { CG: 200 } },
        { coproprietaire: 'C3', tantiemes: { CG: 100 }, attendance: 'present' },
        { coproprietaire: 'C4', tantiemes: { CG: 100 } },
      ],
    });
    const put = await ok(call('PUT', '/assemblees/AG22', syndic.headers, body));
    expect(put.resource.total_tantiemes).toBe(1000);
    const saved = agId;
    agId = put.id;
    try {
      for (const [ext, v1, v2] of [
        ['C1', 'agree', 'agree'],
        ['C2', 'disagree', 'disagree'],
      ] as const) {
        const r = await coOwnerCall(ext, assembleeEndpoints.vote, await ballot(ext, { 1: [v1, v2] }));
        expect(r.statusCode, r.body).toBe(200);
      }
    } finally {
      agId = saved;
    }
    const [row] = await ok(call('GET', '/assemblees/AG22/tally', syndic.headers));
    // Unreduced, 600 of 1 000 would pass at art. 25. Reduced: 400 of 800 is not more than half,
    // but at least a third, so the 25-1 second vote decides at art. 24: 400 for, 200 against.
    // C3's presence, declared by the PUT, is a chained record: present without voting.
    expect(row).toMatchObject({
      decision: 'adopted',
      rule: 'ART-25-1',
      total: { tantiemes: 800, count: 4 },
      reduced: [{ coproprietaire: 'C1', from: 600, to: 400 }],
    });
    expect(row.first.agree.tantiemes).toBe(400);
    expect(row.first.participants).toEqual({ tantiemes: 700, count: 3 });
    expect(row.second.disagree.tantiemes).toBe(200);
  });
});

function assemblyUpdated() {
  const body = assembly();
  body.resolutions[0] = { ...body.resolutions[0], title: 'Approbation des comptes 2025' };
  return body;
}

describe('legal reminders and removed co-owners', () => {
  it('publishing less than 21 days before the meeting is refused naming the co-owners, unless overridden and recorded as a risk (décret 1967 art. 9, 64); a removed co-owner is not convened', async () => {
    const soon = new Date(Date.now() + 10 * 86_400_000);
    const body = assembly({
      name: 'Assemblée générale urgente',
      date: soon.toISOString(),
    });
    await ok(call('PUT', '/assemblees/AGSOON', syndic.headers, body));
    const refusedPub = await call('POST', '/assemblees/AGSOON/publish', syndic.headers);
    expect(refusedPub.status).toBe(409);
    expect(refusedPub.body.code).toBe('CONVOCATION_TOO_LATE');
    expect(refusedPub.body.message).toMatch(
      /^Réunion trop proche pour (Mme Claire \S+ \(au plus tôt le \d{2}\/\d{2}\/\d{4}\)(, )?){4}\u202f: 21 jours à compter du lendemain de la première présentation \(décret du 17 mars 1967, art\. 9 et 64\)\. En cas d'urgence, publiez avec override_delay=true\.$/,
    );
    const notSent = await ok(call('GET', '/assemblees/AGSOON', syndic.headers));
    expect(notSent).toMatchObject({ published_at: null, convocation_risk: null });
    const pub = await ok(call('POST', '/assemblees/AGSOON/publish?override_delay=true', syndic.headers));
    expect(pub.sent).toEqual({ lre: 1, postal: 3 });
    expect(pub.warnings).toEqual([
      "Délai de 21 jours non respecté pour 4 copropriétaire(s), publié à la demande du syndic\u202f: risque d'annulation (décret du 17 mars 1967, art. 9).",
    ]);
    const forced = await ok(call('GET', '/assemblees/AGSOON', syndic.headers));
    expect(
      forced.convocation_risk.late.map((l: { coproprietaire: string }) => l.coproprietaire).sort(),
    ).toEqual(['C1', 'C2', 'C3', 'C4']);

    await ok(
      call('PUT', '/coproprietaires/C5', syndic.headers, {
        copropriete: 'IMM',
        last_name: 'Vendeur',
        lots: [],
      }),
    );
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: '/api/syndic/v1/coproprietaires/C5',
          headers: syndic.headers,
        })
      ).statusCode,
    ).toBe(200);
    const refused = await call('PUT', '/assemblees/AGSOON', syndic.headers, {
      ...body,
      participants: [...body.participants, { coproprietaire: 'C5' }],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({
      'participants.4.coproprietaire': 'C5 a été retiré de la copropriété.',
    });
  });
});

describe('closing the assembly', () => {
  it('sets status_session 2 once, audits it and raises assemblee.closed with the tally; a second close is unchanged', async () => {
    await ok(
      call('POST', '/webhooks', syndic.headers, {
        url: 'http://127.0.0.1:9/closed',
        events: ['assemblee.closed'],
      }),
    );
    const tally = await ok(call('GET', '/assemblees/AG2026/tally', syndic.headers));
    const { id } = await ok(call('GET', '/assemblees/AG2026', syndic.headers));
    expect(await ok(call('POST', '/assemblees/AG2026/close', syndic.headers))).toMatchObject({
      result: 'updated',
      status_session: 2,
      head: { count: expect.any(Number), digest: expect.any(String) },
    });
    expect(await ok(call('POST', '/assemblees/AG2026/close', syndic.headers))).toEqual({
      result: 'unchanged',
      status_session: 2,
      head: null,
    });
    const events = (
      await t.database.db
        .select()
        .from(syndicWebhookDeliveries)
        .where(
          and(
            eq(syndicWebhookDeliveries.syndic_id, syndic.syndic.id),
            eq(syndicWebhookDeliveries.event_type, 'assemblee.closed'),
          ),
        )
    ).map((d) => JSON.parse(d.body));
    expect(events).toHaveLength(1);
    expect(events[0].data.assemblee).toEqual({ id, external_id: 'AG2026' });
    expect(events[0].data.tally).toEqual(tally);
    expect(events[0].data.tally[0]).toMatchObject({ resolution: 'R1', decision: 'adopted', rule: 'ART-24' });
    const closes = (
      await t.database.db
        .select()
        .from(syndicAuditLog)
        .where(and(eq(syndicAuditLog.syndic_id, syndic.syndic.id), eq(syndicAuditLog.resource_id, id)))
    ).filter((a) => (a.changes.status_session as { after?: unknown } | undefined)?.after === 2);
    expect(closes.map((a) => a.changes)).toEqual([{ status_session: { before: 1, after: 2 } }]);
    expect((await ok(call('GET', '/assemblees/AG2026', syndic.headers))).status_session).toBe(2);
  });
});
