import {
  buildPath,
  parisDate,
  parisInstant,
  postalRequestEndpoints,
  settingsEndpoints,
} from '@tantieme/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assembleeConvocations, coproprietaires, syndicAuditLog } from '../../../db/schema/index.js';
import { localLreAdapter } from '../../../platform/lre/index.js';
import { makeSignedInUser } from '../../../test/factories.js';
import { makeSyndicWithKey } from '../../../test/factories.syndic.js';
import { createTestApp, json, type TestApp } from '../../../test/harness.js';

/**
 * The convocation per co-owner through the syndic API: electronic (LRE) unless the co-owner asked
 * for the post, from the settings or by a letter the syndic records (loi 1965 art. 42-1 as
 * rewritten by loi 2024-322); the consent of the former text is still recorded, as history. The
 * LRE's proof comes from the adapter, and the 21 days run from each co-owner's first presentation
 * (décret 1967 art. 9, 64 and 64-1).
 */
let t: TestApp;
let syndic: Awaited<ReturnType<typeof makeSyndicWithKey>>;
const lre = localLreAdapter({ delaySeconds: 3600 });
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
const owners: Record<string, { id: string; headers: H }> = {};
let coproId = '';

const dayPlus = (n: number) => {
  const [y, m, d] = parisDate(new Date()).split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
};

async function building() {
  const h = syndic.headers;
  coproId = (
    await ok(
      call('PUT', '/coproprietes/IMM', h, {
        name: 'Résidence Les Tilleuls',
        address: { full_address: '14 rue des Tilleuls 69003 Lyon' },
      }),
    )
  ).id;
  const people = [
    ['C1', 'Moreau'],
    ['C2', 'Lefèvre'],
    ['C3', 'Garnier'],
    ['C4', 'Roux'],
  ];
  await ok(
    call('POST', '/lots/bulk', h, {
      items: people.map(([c], i) => ({
        external_id: `L${c}`,
        copropriete: 'IMM',
        number: String(i + 1),
        name: `Lot ${i + 1}`,
      })),
    }),
  );
  await ok(
    call('PUT', '/repartitions/CG', h, {
      copropriete: 'IMM',
      code: '001',
      name: 'Charges générales',
      total_tantieme: 1000,
      tantiemes: people.map(([c]) => ({ lot: `L${c}`, tantieme: 250 })),
    }),
  );
  for (const [ext, last] of people) {
    const r = await ok(
      call('PUT', `/coproprietaires/${ext}`, h, {
        copropriete: 'IMM',
        civility: 'mrs',
        first_name: 'Claire',
        last_name: last,
        lots: [`L${ext}`],
        address: { full_address: `${ext} rue des Tilleuls 69003 Lyon` },
      }),
    );
    owners[ext] = { id: r.id, headers: {} };
    if (ext === 'C4') continue;
    const u = await makeSignedInUser(t.database.db);
    await t.database.db
      .update(coproprietaires)
      .set({ user_id: u.user.id })
      .where(eq(coproprietaires.id, r.id));
    owners[ext].headers = u.headers;
  }
}

const assembly = (date: Date, name: string) => ({
  copropriete: 'IMM',
  name,
  year: date.getUTCFullYear(),
  date: date.toISOString(),
  general_repartition: 'CG',
  convocation: {
    name: 'Convocation AG.pdf',
    content_type: 'application/pdf',
    content_base64: PDF.toString('base64'),
  },
  resolutions: [
    { external_id: 'R1', number: 1, title: 'Approbation des comptes', article: 'ART-24', repartition: 'CG' },
  ],
  participants: ['C1', 'C2', 'C3', 'C4'].map((c) => ({ coproprietaire: c })),
});

/** A co-owner's own act: 'Valider mes choix' (onboarding) or the settings switch. */
function choose(ext: string, act: 'onboarding' | 'settings', value: '0' | '1') {
  const ep = act === 'onboarding' ? settingsEndpoints.initSettingsPut : settingsEndpoints.coproprietairePut;
  return t.app.inject({
    method: 'PUT',
    url: `/api${buildPath(ep.path, { coproprieteId: coproId, coproprietaireId: owners[ext].id })}`,
    headers: owners[ext].headers,
    payload: { settings: [{ key: 'allow-convocation-electronic', value }] },
  });
}
const consentOf = (ext: string, headers = owners[ext].headers) =>
  t.app.inject({
    method: 'GET',
    url: `/api${buildPath(settingsEndpoints.consentGet.path, { id: owners[ext].id })}`,
    headers,
  });

beforeAll(async () => {
  t = await createTestApp({ platform: { lre } });
  syndic = await makeSyndicWithKey(t.database.db);
  await building();
});
afterAll(() => t.close());

describe('consent to electronic notification: given by an act, dated, revocable, kept', () => {
  it("'Valider mes choix' with the switch on gives it; the co-owner reads its date; another user gets 404", async () => {
    expect((await choose('C1', 'onboarding', '1')).statusCode).toBe(200);
    const mine = json(await consentOf('C1')).data;
    expect(mine.active).toMatchObject({ given_by: 'onboarding', revoked_at: null });
    expect(Date.now() - Date.parse(mine.active.given_at)).toBeLessThan(60_000);
    expect((await consentOf('C1', owners.C2.headers)).statusCode).toBe(404);
  });

  it('the settings switch gives it and takes it back; the revoked consent is kept with its date', async () => {
    await choose('C2', 'settings', '1');
    await choose('C2', 'settings', '1');
    await choose('C2', 'settings', '0');
    const c2 = json(await consentOf('C2')).data;
    expect(c2.active).toBeNull();
    expect(c2.history).toHaveLength(1);
    expect(c2.history[0]).toMatchObject({ given_by: 'settings', revoked_by: 'settings' });
    expect(c2.history[0].revoked_at).not.toBeNull();
    // C3 never acted: the switch shows the spec's default, which is no consent.
    expect(json(await consentOf('C3')).data).toEqual({ active: null, history: [] });
  });
});

const postalRequest = (ext: string, method: 'GET' | 'PUT' | 'DELETE', headers = owners[ext].headers) =>
  t.app.inject({
    method,
    url: `/api${buildPath(postalRequestEndpoints.get.path, { id: owners[ext].id })}`,
    headers,
  });

describe('loi 1965 art. 42-1 as rewritten: the co-owner asks for the post, or withdraws it, from the settings', () => {
  it('asks for it: dated, read back; another user gets 404 and cannot make or withdraw it', async () => {
    expect((await postalRequest('C2', 'PUT', owners.C1.headers)).statusCode).toBe(404);
    expect((await postalRequest('C2', 'DELETE', owners.C1.headers)).statusCode).toBe(404);
    expect((await postalRequest('C2', 'GET', owners.C1.headers)).statusCode).toBe(404);
    const made = json(await postalRequest('C2', 'PUT')).data;
    expect(made.active).toMatchObject({ made_by: 'settings', withdrawn_at: null });
    expect(Date.now() - Date.parse(made.active.received_at)).toBeLessThan(60_000);
    // Asked again: the request in force is kept, its date too.
    const again = json(await postalRequest('C2', 'PUT')).data;
    expect(again.history).toHaveLength(1);
    expect(again.active.received_at).toBe(made.active.received_at);
    expect(json(await postalRequest('C1', 'GET')).data).toEqual({ active: null, history: [] });
  });
});

describe('publishing: LRE unless the post was asked for; 21 days per co-owner from the first presentation', () => {
  it('sends an LRE to every co-owner with an e-mail who did not ask for the post, and lists channel, proof and deadline', async () => {
    const meeting = parisInstant(dayPlus(40), '18:00');
    await ok(
      call('PUT', '/assemblees/AGOK', syndic.headers, assembly(meeting, 'Assemblée générale ordinaire')),
    );
    const pub = await ok(call('POST', '/assemblees/AGOK/publish', syndic.headers));
    // C1 and C3 by LRE (their account e-mail); C2 asked for the post; C4 has no e-mail.
    expect(pub.sent).toEqual({ lre: 2, postal: 2 });
    let list = await ok(call('GET', '/assemblees/AGOK/convocations', syndic.headers));
    const by = (l: { coproprietaire: string }[], c: string) =>
      l.find((x) => x.coproprietaire === c) as never as Record<string, unknown>;
    expect(by(list, 'C1')).toMatchObject({
      channel: 'lre',
      provider: 'local',
      first_presented_at: null,
      first_presentation_source: null,
      deadline_ok: null,
      error: null,
    });
    expect(by(list, 'C1').sent_at).toEqual(expect.any(String));
    expect(by(list, 'C3')).toMatchObject({ channel: 'lre', postal_request_received_at: null });
    for (const c of ['C2', 'C4'])
      expect(by(list, c)).toMatchObject({
        channel: 'postal',
        first_presentation_source: 'estimated',
        deadline_ok: true,
      });
    // C2's letter names the request it relies on, C4's none (no address known).
    expect(by(list, 'C2').postal_request_received_at).toEqual(expect.any(String));
    expect(by(list, 'C4').postal_request_received_at).toBeNull();

    // The provider reports the first presentation: the proof is kept, the deadline computed from it.
    const sendingId = String(by(list, 'C1').sending_id);
    lre.present(sendingId, new Date(Date.now() + 60_000));
    list = await ok(call('GET', '/assemblees/AGOK/convocations', syndic.headers));
    expect(by(list, 'C1')).toMatchObject({ first_presentation_source: 'provider', deadline_ok: true });
    const [row] = await t.database.db
      .select()
      .from(assembleeConvocations)
      .where(and(eq(assembleeConvocations.coproprietaire_id, owners.C1.id)));
    expect(row.proof).toMatchObject({ deposit: { id: sendingId }, presentation: { id: sendingId } });
  });

  it('records the postal first presentation the syndic enters; an LRE (409), an unknown co-owner or another syndic (404) cannot', async () => {
    const late = parisInstant(dayPlus(25), '10:30');
    const c2 = await ok(
      call('PUT', '/assemblees/AGOK/convocations/C2/first-presentation', syndic.headers, {
        first_presented_at: late.toISOString(),
      }),
    );
    expect(c2).toMatchObject({ channel: 'postal', first_presentation_source: 'syndic', deadline_ok: false });
    expect(c2.earliest_meeting).toBe(dayPlus(47));
    const lreTry = await call('PUT', '/assemblees/AGOK/convocations/C1/first-presentation', syndic.headers, {
      first_presented_at: late.toISOString(),
    });
    expect(lreTry.status).toBe(409);
    expect(lreTry.body.code).toBe('CONVOCATION_NOT_POSTAL');
    const bad = await call('PUT', '/assemblees/AGOK/convocations/C2/first-presentation', syndic.headers, {
      first_presented_at: 'mardi',
    });
    expect(bad.status).toBe(400);
    expect(
      (
        await call('PUT', '/assemblees/AGOK/convocations/NOPE/first-presentation', syndic.headers, {
          first_presented_at: late.toISOString(),
        })
      ).status,
    ).toBe(404);
    const other = await makeSyndicWithKey(t.database.db);
    expect((await call('GET', '/assemblees/AGOK/convocations', other.headers)).status).toBe(404);
    const audit = await t.database.db
      .select()
      .from(syndicAuditLog)
      .where(eq(syndicAuditLog.action, 'updated'));
    expect(audit.some((a) => JSON.stringify(a.changes).includes('convocations.C2.first_presented_at'))).toBe(
      true,
    );
  });

  it('a meeting too close for the co-owners convened by post is refused naming them only; the override is recorded as a risk', async () => {
    // C2 withdraws the request; the syndic records C3's, received by letter yesterday: this time
    // an LRE goes to C1 and C2, the post to C3 and C4.
    expect(json(await postalRequest('C2', 'DELETE')).data.active).toBeNull();
    const received = new Date(Date.now() - 86_400_000).toISOString();
    const recorded = await ok(
      call('PUT', '/coproprietaires/C3/postal-request', syndic.headers, { received_at: received }),
    );
    expect(recorded.active).toMatchObject({ made_by: 'syndic', received_at: received });
    // Idempotent: the request in force stays as first recorded.
    const twice = await ok(
      call('PUT', '/coproprietaires/C3/postal-request', syndic.headers, {
        received_at: new Date().toISOString(),
      }),
    );
    expect(twice.active.received_at).toBe(received);
    const other = await makeSyndicWithKey(t.database.db);
    expect(
      (await call('PUT', '/coproprietaires/C3/postal-request', other.headers, { received_at: received }))
        .status,
    ).toBe(404);
    const bad = await call('PUT', '/coproprietaires/C3/postal-request', syndic.headers, {
      received_at: 'hier',
    });
    expect(Object.keys(bad.body.errors)).toEqual(['received_at']);
    const meeting = parisInstant(dayPlus(22), '18:00');
    await ok(
      call(
        'PUT',
        '/assemblees/AGSOON',
        syndic.headers,
        assembly(meeting, 'Assemblée générale extraordinaire'),
      ),
    );
    const refused = await call('POST', '/assemblees/AGSOON/publish', syndic.headers);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('CONVOCATION_TOO_LATE');
    expect(refused.body.message).toMatch(
      /^Réunion trop proche pour Mme Claire (Garnier|Roux) \(au plus tôt le [\d/]+\), Mme Claire (Garnier|Roux) \(au plus tôt le [\d/]+\)\u202f: 21 jours/,
    );
    expect(refused.body.message).not.toMatch(/Moreau|Lefèvre/);
    expect(Object.keys(refused.body.errors).sort()).toEqual(['C3', 'C4']);
    expect((await ok(call('GET', '/assemblees/AGSOON', syndic.headers))).published_at).toBeNull();

    const pub = await ok(call('POST', '/assemblees/AGSOON/publish?override_delay=true', syndic.headers));
    expect(pub.sent).toEqual({ lre: 2, postal: 2 });
    expect(pub.warnings[0]).toMatch(/^Délai de 21 jours non respecté pour 2 copropriétaire\(s\)/);
    const ag = await ok(call('GET', '/assemblees/AGSOON', syndic.headers));
    expect(ag.convocation_risk.late.map((l: { coproprietaire: string }) => l.coproprietaire).sort()).toEqual([
      'C3',
      'C4',
    ]);
    const list = await ok(call('GET', '/assemblees/AGSOON/convocations', syndic.headers));
    expect(
      list
        .map((l: { coproprietaire: string; channel: string; deadline_ok: boolean | null }) => [
          l.coproprietaire,
          l.channel,
          l.deadline_ok,
        ])
        .sort(),
    ).toEqual([
      ['C1', 'lre', null],
      ['C2', 'lre', null],
      ['C3', 'postal', false],
      ['C4', 'postal', false],
    ]);
    // C2's withdrawn request is kept, dated, beside the letter it governed.
    const c2 = json(await postalRequest('C2', 'GET')).data;
    expect(c2.history).toHaveLength(1);
    expect(c2.history[0]).toMatchObject({ made_by: 'settings', withdrawn_by: 'settings' });
  });
});
