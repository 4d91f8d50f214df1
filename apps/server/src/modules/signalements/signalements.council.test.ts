import { buildPath, notificationPreferenceEndpoints as prefs } from '@tantieme/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coproprietaires, notifications, outbox } from '../../db/schema/index.js';
import { makeCopropriete, makeCoproprietaire, makeSignedInUser } from '../../test/factories.js';
import { createTestApp, json, type TestApp } from '../../test/harness.js';

let t: TestApp;
let coproId: string;
type Owner = Awaited<ReturnType<typeof owner>>;
let claire: Owner;
let bob: Owner;
let president: Owner;
let smsOnly: Owner;
let removed: Owner;
let elsewhere: Owner;

async function owner(copro: string, council = false) {
  const u = await makeSignedInUser(t.database.db);
  const rec = await makeCoproprietaire(t.database.db, {
    copropriete_id: copro,
    user_id: u.user.id,
    is_member_syndicat: council,
    user_supplement_info: { contact: { email: u.user.email, phone: null } },
  });
  return { ...u, rec, coproId: copro };
}

const file = (o: Owner, v: { title: string; visibility: 'IMMEUBLE' | 'PRIVE'; place?: string }) =>
  t.app.inject({
    method: 'POST',
    url: `/api/signalements/coproprietaires/${o.rec.id}`,
    headers: o.headers,
    payload: {
      title: v.title,
      place: v.place ?? 'ASCENSEUR',
      description: "L'ascenseur s'arrête entre le 2e et le 3e étage.",
      visibility: v.visibility,
      photos: [],
    },
  });

/** Per record told of the report: the notification's title and the channels its deliveries took. */
async function told(signalementId: string) {
  const rows = await t.database.db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.type, 'SIGNALEMENT'),
        sql`${notifications.data}->>'url' = ${`/{id}/signalements/${signalementId}`}`,
      ),
    );
  const out = new Map<string, { title: string; body: string; channels: string[] }>();
  for (const n of rows) {
    const sent = await t.database.db
      .select()
      .from(outbox)
      .where(inArray(outbox.ref_id, [n.id]));
    out.set(n.coproprietaire_id ?? '', {
      title: n.title,
      body: n.body,
      channels: sent.map((s) => s.channel).sort(),
    });
  }
  return out;
}

beforeAll(async () => {
  t = await createTestApp();
  coproId = (await makeCopropriete(t.database.db)).id;
  claire = await owner(coproId);
  bob = await owner(coproId);
  president = await owner(coproId, true);
  smsOnly = await owner(coproId, true);
  removed = await owner(coproId, true);
  await t.database.db
    .update(coproprietaires)
    .set({ removed_at: new Date() })
    .where(eq(coproprietaires.id, removed.rec.id));
  elsewhere = await owner((await makeCopropriete(t.database.db)).id, true);
  const choose = await t.app.inject({
    method: 'PUT',
    url: `/api${buildPath(prefs.put.path, { coproprieteId: coproId, coproprietaireId: smsOnly.rec.id })}`,
    headers: smsOnly.headers,
    payload: {
      changes: [
        { kind: 'signalements', channel: 'email', enabled: false },
        { kind: 'signalements', channel: 'sms', enabled: true },
      ],
    },
  });
  expect(choose.statusCode, choose.body).toBe(200);
});
afterAll(() => t.close());

describe('the council is told of a new report', () => {
  it('each member still in the building, by the channels they chose for signalements, never the other co-owners', async () => {
    const res = await file(claire, { title: "L'ascenseur est bloqué", visibility: 'IMMEUBLE' });
    expect(res.statusCode, res.body).toBe(200);
    const byRecord = await told(json(res).data.id);
    expect([...byRecord.keys()].sort()).toEqual([president.rec.id, smsOnly.rec.id].sort());
    expect(byRecord.get(president.rec.id)).toEqual({
      title: "Nouveau signalement\u202f: L'ascenseur est bloqué",
      body: `${claire.rec.display_name} signale un problème dans les parties communes (Ascenseur).`,
      channels: ['email'],
    });
    expect(byRecord.get(smsOnly.rec.id)?.channels).toEqual(['sms']);
    for (const o of [claire, bob, removed, elsewhere]) expect(byRecord.has(o.rec.id)).toBe(false);
  });

  it('a private report reaches the council, whom the visibility rule lets see it, and no other co-owner', async () => {
    const res = await file(claire, {
      title: "Fuite sous l'évier",
      visibility: 'PRIVE',
      place: 'AUTRE',
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = json(res).data.id;
    const byRecord = await told(id);
    expect([...byRecord.keys()].sort()).toEqual([president.rec.id, smsOnly.rec.id].sort());
    // What they were told of, they may open; bob may not.
    const open = (o: Owner) =>
      t.app.inject({
        method: 'GET',
        url: `/api/signalements/coproprietaires/${o.rec.id}/${id}`,
        headers: o.headers,
      });
    expect((await open(president)).statusCode).toBe(200);
    expect((await open(bob)).statusCode).toBe(404);
  });

  it('a council member filing a report is not told of their own', async () => {
    const res = await file(president, { title: 'La porte du parking reste ouverte', visibility: 'IMMEUBLE' });
    expect(res.statusCode, res.body).toBe(200);
    const byRecord = await told(json(res).data.id);
    expect([...byRecord.keys()]).toEqual([smsOnly.rec.id]);
  });
});
