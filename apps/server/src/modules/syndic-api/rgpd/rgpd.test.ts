import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANONYMISED_NAME } from '@tantieme/contract';
import {
  consentementsNotificationElectronique,
  coproprietaireSettings,
  coproprietaires,
  invitations,
  outbox,
  syndicAuditLog,
} from '../../../db/schema/index.js';
import { makeSignedInUser } from '../../../test/factories.js';
import { makeSyndicWithKey } from '../../../test/factories.syndic.js';
import { createTestApp, json, type TestApp } from '../../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type H = Record<string, string>;
const call = (headers: H, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/syndic/v1${url}`, headers, ...(payload ? { payload } : {}) });

const body = (ext: string) => ({
  copropriete: `${ext}-IMM`,
  civility: 'mrs',
  first_name: 'Léa',
  last_name: 'Fontaine',
  address: { full_address: '12 rue des Lilas 69003 Lyon' },
  contacts: [
    {
      first_name: 'Léa',
      last_name: 'Fontaine',
      emails: [{ value: 'lea.fontaine@example.fr' }],
      phones: [{ value: '+33698765432' }],
    },
  ],
  members: [{ first_name: 'Paul', last_name: 'Fontaine' }],
  lots: [`${ext}-L1`],
});

async function owner(headers: H, ext: string) {
  await call(headers, 'PUT', `/coproprietes/${ext}-IMM`, {
    name: 'Résidence du Parc',
    address: { full_address: '5 allée du Parc 69006 Lyon' },
  });
  await call(headers, 'PUT', `/lots/${ext}-L1`, {
    copropriete: `${ext}-IMM`,
    number: '1',
    name: 'Appartement 1',
  });
  const res = await call(headers, 'PUT', `/coproprietaires/${ext}`, body(ext));
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data.id as string;
}

const row = async (id: string) =>
  (await t.database.db.select().from(coproprietaires).where(eq(coproprietaires.id, id)))[0];

describe('restore', () => {
  it('a PUT of a removed co-owner is a 409 naming the restore call; restore brings it back', async () => {
    const { headers } = await makeSyndicWithKey(t.database.db);
    const id = await owner(headers, 'RS1');
    expect((await call(headers, 'DELETE', '/coproprietaires/RS1')).statusCode).toBe(200);
    const put = await call(headers, 'PUT', '/coproprietaires/RS1', body('RS1'));
    expect(put.statusCode).toBe(409);
    expect(json(put).message).toContain('/syndic/v1/coproprietaires/RS1/restore');
    expect((await row(id)).removed_at).not.toBeNull();
    // In bulk too: the item is refused, naming the field.
    const bulk = await call(headers, 'POST', '/coproprietaires/bulk', {
      items: [{ external_id: 'RS1', ...body('RS1') }],
    });
    expect(JSON.stringify(json(bulk))).toContain('/restore');
    expect((await row(id)).removed_at).not.toBeNull();

    const restored = await call(headers, 'POST', '/coproprietaires/RS1/restore');
    expect(restored.statusCode, restored.body).toBe(200);
    expect(json(restored).data.result).toBe('restored');
    expect((await row(id)).removed_at).toBeNull();
    expect(json(await call(headers, 'POST', '/coproprietaires/RS1/restore')).data.result).toBe('unchanged');
    const again = await call(headers, 'PUT', '/coproprietaires/RS1', body('RS1'));
    expect(again.statusCode).toBe(200);
    expect(json(again).data.resource.lots).toEqual(['RS1-L1']);
    const audit = await t.database.db
      .select()
      .from(syndicAuditLog)
      .where(and(eq(syndicAuditLog.resource_id, id), eq(syndicAuditLog.action, 'restored')));
    expect(audit).toHaveLength(1);
  });

  it("another syndic's key gets 404 on restore, anonymise, export and revoke", async () => {
    const a = await makeSyndicWithKey(t.database.db);
    const b = await makeSyndicWithKey(t.database.db);
    await owner(a.headers, 'X1');
    const inv = await call(a.headers, 'POST', '/coproprietaires/X1/invitations', {
      channel: 'email',
      external_id: 'INV-X1',
    });
    const invId = json(inv).data.id as string;
    await call(a.headers, 'DELETE', '/coproprietaires/X1');
    for (const [m, url] of [
      ['POST', '/coproprietaires/X1/restore'],
      ['POST', '/coproprietaires/X1/anonymise'],
      ['GET', '/coproprietaires/X1/export'],
      ['POST', `/invitations/${invId}/revoke`],
      ['POST', '/invitations/INV-X1/revoke'],
    ] as const) {
      expect((await call(b.headers, m, url)).statusCode, `${m} ${url}`).toBe(404);
    }
    // Nothing changed on the first syndic's side.
    const x1 = json(await call(a.headers, 'GET', '/coproprietaires/X1')).data;
    expect(x1.removed_at).not.toBeNull();
    expect(x1.last_name).toBe('Fontaine');
  });

  it('needs the write scope to restore, the read scope to export', async () => {
    const { syndic, headers } = await makeSyndicWithKey(t.database.db);
    await owner(headers, 'SC1');
    const read = await makeSyndicWithKey(t.database.db, ['read'], syndic);
    expect((await call(read.headers, 'POST', '/coproprietaires/SC1/restore')).statusCode).toBe(403);
    expect((await call(read.headers, 'GET', '/coproprietaires/SC1/export')).statusCode).toBe(200);
  });
});

describe('revoke an invitation', () => {
  it('by id or external_id: the code stops working, twice changes nothing, audited', async () => {
    const { headers } = await makeSyndicWithKey(t.database.db);
    await owner(headers, 'IV1');
    const a = json(
      await call(headers, 'POST', '/coproprietaires/IV1/invitations', {
        channel: 'email',
        external_id: 'E-1',
      }),
    ).data;
    const b = json(
      await call(headers, 'POST', '/coproprietaires/IV1/invitations', { channel: 'email' }),
    ).data;
    const byExt = await call(headers, 'POST', '/invitations/E-1/revoke');
    expect(byExt.statusCode, byExt.body).toBe(200);
    expect(json(byExt).data).toMatchObject({ id: a.id, status: 'revoked' });
    const byId = await call(headers, 'POST', `/invitations/${b.id}/revoke`);
    expect(json(byId).data.status).toBe('revoked');
    expect(json(await call(headers, 'POST', `/invitations/${b.id}/revoke`)).data.status).toBe('revoked');
    const [inv] = await t.database.db.select().from(invitations).where(eq(invitations.id, a.id));
    const user = await makeSignedInUser(t.database.db);
    const attach = await t.app.inject({
      method: 'POST',
      url: `/api/extranets/attach-coproprietaire/${inv.code}`,
      headers: user.headers,
    });
    expect(attach.statusCode).toBe(404);
    const audit = await t.database.db
      .select()
      .from(syndicAuditLog)
      .where(and(eq(syndicAuditLog.resource, 'invitation'), eq(syndicAuditLog.action, 'revoked')));
    expect(audit.map((x) => x.resource_id).sort()).toEqual([a.id, b.id].sort());
  });

  it('a used invitation answers 409', async () => {
    const { headers } = await makeSyndicWithKey(t.database.db);
    await owner(headers, 'IV2');
    const a = json(
      await call(headers, 'POST', '/coproprietaires/IV2/invitations', { channel: 'email' }),
    ).data;
    const [inv] = await t.database.db.select().from(invitations).where(eq(invitations.id, a.id));
    const user = await makeSignedInUser(t.database.db);
    const attach = await t.app.inject({
      method: 'POST',
      url: `/api/extranets/attach-coproprietaire/${inv.code}`,
      headers: user.headers,
    });
    expect(attach.statusCode, attach.body).toBe(200);
    expect((await call(headers, 'POST', `/invitations/${a.id}/revoke`)).statusCode).toBe(409);
  });
});

describe('anonymise', () => {
  it('only a removed co-owner; erases personal fields, keeps the record and history, one audit line', async () => {
    const { headers } = await makeSyndicWithKey(t.database.db);
    const id = await owner(headers, 'AN1');
    await call(headers, 'POST', '/coproprietaires/AN1/invitations', { channel: 'email' });
    const queued = async () =>
      (await t.database.db.select().from(outbox)).filter((m) => m.recipient === 'lea.fontaine@example.fr')
        .length;
    const before = await queued();
    expect(before).toBeGreaterThan(0);
    await t.database.db
      .insert(coproprietaireSettings)
      .values({ coproprietaire_id: id, key: 'allow-convocation-electronic', value: '1' });
    const early = await call(headers, 'POST', '/coproprietaires/AN1/anonymise');
    expect(early.statusCode).toBe(409);
    expect((await row(id)).last_name).toBe('Fontaine');

    await call(headers, 'DELETE', '/coproprietaires/AN1');
    const res = await call(headers, 'POST', '/coproprietaires/AN1/anonymise');
    expect(res.statusCode, res.body).toBe(200);
    const d = json(res).data;
    expect(d.result).toBe('anonymised');
    expect(d.kept.reason).toContain('L123-22');
    const r = await row(id);
    expect(r).toMatchObject({
      name: ANONYMISED_NAME,
      display_name: ANONYMISED_NAME,
      first_name: null,
      last_name: null,
      address: null,
      contacts: [],
      members: [],
      user_id: null,
    });
    expect(r.anonymised_at).not.toBeNull();
    // Nothing personal left anywhere the syndic API reads: the record, invitations, audit log.
    const got = await call(headers, 'GET', '/coproprietaires/AN1');
    const invs = await t.database.db.select().from(invitations).where(eq(invitations.coproprietaire_id, id));
    const audit = await t.database.db.select().from(syndicAuditLog).where(eq(syndicAuditLog.resource_id, id));
    const ids = new Set(invs.map((i) => i.id));
    const sent = (await t.database.db.select().from(outbox)).filter((m) =>
      ids.has(String(m.meta?.invitation_id)),
    );
    expect(invs.length).toBeGreaterThan(0);
    for (const text of [got.body, JSON.stringify(invs), JSON.stringify(audit), JSON.stringify(sent)]) {
      expect(text).not.toContain('Fontaine');
      expect(text).not.toContain('lea.fontaine');
      expect(text).not.toContain('Lilas');
    }
    expect(audit.filter((a) => a.action === 'anonymised')).toHaveLength(1);
    expect(sent).toHaveLength(0);
    expect(await queued()).toBe(before - 1);
    expect(
      await t.database.db
        .select()
        .from(coproprietaireSettings)
        .where(eq(coproprietaireSettings.coproprietaire_id, id)),
    ).toHaveLength(0);
    // Twice: unchanged, no second audit line; and it cannot be restored any more.
    expect(json(await call(headers, 'POST', '/coproprietaires/AN1/anonymise')).data.result).toBe('unchanged');
    expect((await call(headers, 'POST', '/coproprietaires/AN1/restore')).statusCode).toBe(409);
  });
});

describe('export', () => {
  it('what the co-owner entered: contact, occupancy by lot external_id, settings', async () => {
    const { headers } = await makeSyndicWithKey(t.database.db);
    const id = await owner(headers, 'EX1');
    const lotId = json(await call(headers, 'GET', '/lots/EX1-L1')).data.id as string;
    await t.database.db
      .update(coproprietaires)
      .set({
        user_supplement_info: {
          contact: { phone: '+33611223344', email: 'perso@example.fr', address: null },
          lots: { [lotId]: { occupancy: 'owner' } as never },
        },
      })
      .where(eq(coproprietaires.id, id));
    await t.database.db
      .insert(coproprietaireSettings)
      .values({ coproprietaire_id: id, key: 'allow-convocation-electronic', value: '1' });
    // A consent given at onboarding and withdrawn in the settings, then given again.
    await t.database.db.insert(consentementsNotificationElectronique).values([
      {
        coproprietaire_id: id,
        given_at: new Date('2026-01-10T09:00:00Z'),
        given_by: 'onboarding',
        revoked_at: new Date('2026-02-03T18:30:00Z'),
        revoked_by: 'settings',
      },
      { coproprietaire_id: id, given_at: new Date('2026-03-15T08:00:00Z'), given_by: 'settings' },
    ]);
    const res = await call(headers, 'GET', '/coproprietaires/EX1/export');
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data).toMatchObject({
      external_id: 'EX1',
      contact: { phone: '+33611223344', email: 'perso@example.fr', address: null },
      occupancy: { 'EX1-L1': { occupancy: 'owner' } },
      settings: { 'allow-convocation-electronic': '1' },
      consents: [
        {
          given_at: '2026-01-10T09:00:00.000Z',
          given_by: 'onboarding',
          revoked_at: '2026-02-03T18:30:00.000Z',
          revoked_by: 'settings',
        },
        { given_at: '2026-03-15T08:00:00.000Z', given_by: 'settings', revoked_at: null, revoked_by: null },
      ],
      attached: false,
    });
  });
});
