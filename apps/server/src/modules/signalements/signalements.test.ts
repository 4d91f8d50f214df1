import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coproprietaireLots, coproprietes, notifications, previewTokens } from '../../db/schema/index.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { makeCopropriete, makeCoproprietaire, makeSignedInUser } from '../../test/factories.js';
import { createTestApp, json, type TestApp } from '../../test/harness.js';

let t: TestApp;
let coproId: string;
type Owner = Awaited<ReturnType<typeof owner>>;
let claire: Owner;
let bob: Owner;
let council: Owner;
let stranger: Owner;

async function owner(copro: string, v: { council?: boolean; lots?: string[] } = {}) {
  const u = await makeSignedInUser(t.database.db);
  const rec = await makeCoproprietaire(t.database.db, {
    copropriete_id: copro,
    user_id: u.user.id,
    is_member_syndicat: !!v.council,
    lotNames: v.lots,
  });
  return { ...u, rec, base: `/api/signalements/coproprietaires/${rec.id}` };
}

beforeAll(async () => {
  t = await createTestApp();
  coproId = (await makeCopropriete(t.database.db)).id;
  claire = await owner(coproId, { lots: ['Appartement T3'] });
  bob = await owner(coproId);
  council = await owner(coproId, { council: true });
  stranger = await owner((await makeCopropriete(t.database.db)).id);
});
afterAll(() => t.close());

const call = (o: Owner, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path = '', payload?: object) =>
  t.app.inject({ method, url: `${o.base}${path}`, headers: o.headers, payload });

/** A photo taken with the phone: uploaded through the presigned URL, resized on the way in. */
async function uploadPhoto(app: TestApp['app'], headers: Record<string, string>) {
  const pre = await app.inject({
    method: 'POST',
    url: '/api/media/presigned-url',
    headers,
    payload: { bucket: 'signalements', file_name: 'photo.jpg', file_type: 'image/jpeg' },
  });
  const { key, upload_url } = json(pre).data as { key: string; upload_url: string };
  const jpeg = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#8a6' } })
    .jpeg()
    .toBuffer();
  const up = await app.inject({
    method: 'PUT',
    url: upload_url,
    payload: jpeg,
    headers: { 'content-type': 'image/jpeg' },
  });
  expect(up.statusCode, up.body).toBe(200);
  return key;
}

const report = (v: Partial<Record<string, unknown>> = {}) => ({
  title: 'La porte du hall ne ferme plus',
  place: 'HALL',
  description: 'La gâche électrique ne retient plus la porte depuis hier soir.',
  visibility: 'IMMEUBLE',
  ...v,
});

describe('filing a report', () => {
  it('stores the photos resized, answers the report with them and lists it open first', async () => {
    const key = await uploadPhoto(t.app, claire.headers);
    const res = await call(claire, 'POST', '', report({ photos: [key] }));
    expect(res.statusCode, res.body).toBe(200);
    const d = json(res).data;
    expect(d).toMatchObject({ status: 'NOUVEAU', place_label: 'Hall', is_mine: true, supporters: 0 });
    expect(d.photos).toHaveLength(1);
    expect(d.photos[0].medium).toContain('/medium/');
    const img = await t.app.inject({ method: 'GET', url: d.photos[0].small });
    expect((await sharp(img.rawPayload).metadata()).width).toBe(400);
    expect(d.events.map((e: { kind: string }) => e.kind)).toEqual(['CREATED']);
    const list = json(await call(bob, 'GET')).data.items;
    expect(list.map((x: { id: string }) => x.id)).toContain(d.id);
  });

  it("refuses a photo that is not the caller's own upload, a lot of someone else, a 6th photo", async () => {
    const bobsPhoto = await uploadPhoto(t.app, bob.headers);
    const stolen = await call(claire, 'POST', '', report({ photos: [bobsPhoto] }));
    expect(stolen.statusCode).toBe(400);
    expect(json(stolen).errors).toHaveProperty('photos.0');
    const [bobLot] = await t.database.db
      .select()
      .from(coproprietaireLots)
      .where(eq(coproprietaireLots.coproprietaire_id, claire.rec.id));
    const notHers = await call(bob, 'POST', '', report({ place: 'LOT', lot_id: bobLot.lot_id }));
    expect(notHers.statusCode).toBe(400);
    expect(json(notHers).errors).toHaveProperty('lot_id');
    const six = await call(claire, 'POST', '', report({ photos: Array(6).fill('uploads/x.jpg') }));
    expect(six.statusCode).toBe(400);
    const ownLot = await call(
      claire,
      'POST',
      '',
      report({ place: 'LOT', lot_id: bobLot.lot_id, visibility: 'PRIVE' }),
    );
    expect(ownLot.statusCode, ownLot.body).toBe(200);
    expect(json(ownLot).data.place_label).toMatch(/^Lot .+ · Appartement T3$/);
  });

  it("needs a session: signed out, or with only a syndic's preview token (the preview has no signalements), is a 401", async () => {
    const anon = await t.app.inject({ method: 'POST', url: claire.base, payload: report() });
    expect(anon.statusCode).toBe(401);
    const [copro] = await t.database.db.select().from(coproprietes).where(eq(coproprietes.id, coproId));
    const token = randomToken();
    await t.database.db.insert(previewTokens).values({
      token_hash: sha256(token),
      syndic_id: copro.syndic_id,
      coproprietaire_id: claire.rec.id,
      expires_at: new Date(Date.now() + 3600_000),
    });
    const h = { 'x-preview-token': token };
    const read = await t.app.inject({ method: 'GET', url: claire.base, headers: h });
    expect(read.statusCode).toBe(401);
    const write = await t.app.inject({ method: 'POST', url: claire.base, headers: h, payload: report() });
    expect(write.statusCode).toBe(401);
  });
});

describe('who sees what (decision 116)', () => {
  it('a private report: its author and the council see it; a neighbour and another building get 404', async () => {
    const res = await call(
      claire,
      'POST',
      '',
      report({ title: 'Fuite sous mon évier', visibility: 'PRIVE' }),
    );
    const id = json(res).data.id as string;
    expect((await call(claire, 'GET', `/${id}`)).statusCode).toBe(200);
    expect((await call(council, 'GET', `/${id}`)).statusCode).toBe(200);
    expect(json(await call(council, 'GET')).data.items.map((x: { id: string }) => x.id)).toContain(id);
    expect((await call(bob, 'GET', `/${id}`)).statusCode).toBe(404);
    expect(json(await call(bob, 'GET')).data.items.map((x: { id: string }) => x.id)).not.toContain(id);
    expect((await call(stranger, 'GET', `/${id}`)).statusCode).toBe(404);
    expect((await call(bob, 'PUT', `/${id}/soutien`)).statusCode).toBe(404);
  });

  it("another building's co-owner gets 404 on a building report, and on the author's record", async () => {
    const id = json(await call(claire, 'POST', '', report({ title: 'Ampoule grillée' }))).data.id as string;
    expect((await call(stranger, 'GET', `/${id}`)).statusCode).toBe(404);
    expect(json(await call(stranger, 'GET')).data.items).toEqual([]);
    const viaHers = await t.app.inject({
      method: 'GET',
      url: `${claire.base}/${id}`,
      headers: stranger.headers,
    });
    expect(viaHers.statusCode).toBe(404);
    const bad = await call(claire, 'GET', '/pas-un-id');
    expect(bad.statusCode).toBe(400);
  });
});

describe("'Moi aussi'", () => {
  it("counts one per record, idempotent; not on one's own report; withdrawn on request", async () => {
    const id = json(await call(claire, 'POST', '', report({ title: 'Interphone muet' }))).data.id as string;
    const once = await call(bob, 'PUT', `/${id}/soutien`);
    expect(once.statusCode, once.body).toBe(200);
    const twice = json(await call(bob, 'PUT', `/${id}/soutien`)).data;
    expect(twice).toMatchObject({ supporters: 1, supported_by_me: true, can_comment: true });
    expect(twice.supporter_names).toHaveLength(1);
    await call(council, 'PUT', `/${id}/soutien`);
    expect(json(await call(claire, 'GET', `/${id}`)).data.supporters).toBe(2);
    expect((await call(claire, 'PUT', `/${id}/soutien`)).statusCode).toBe(409);
    const off = json(await call(bob, 'DELETE', `/${id}/soutien`)).data;
    expect(off).toMatchObject({ supporters: 1, supported_by_me: false, can_comment: false });
    expect((await call(bob, 'POST', `/${id}/commentaires`, { text: 'Chez moi aussi' })).statusCode).toBe(403);
  });
});

describe('notifications of a change', () => {
  it('the author and supporters are told with the kind SIGNALEMENT, linking to the report', async () => {
    const id = json(await call(claire, 'POST', '', report({ title: 'Boîtes aux lettres forcées' }))).data
      .id as string;
    await call(bob, 'PUT', `/${id}/soutien`);
    const c = await call(council, 'POST', `/${id}/commentaires`, { text: 'Deux boîtes sont fracturées.' });
    expect(c.statusCode, c.body).toBe(200);
    expect(json(c).data.events.at(-1)).toMatchObject({ kind: 'COMMENT', by: 'coproprietaire' });
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.type, 'SIGNALEMENT'), eq(notifications.coproprietaire_id, bob.rec.id)));
    expect(told.map((n) => n.data?.url)).toContain(`/{id}/signalements/${id}`);
    // The one who wrote it is not told of their own comment (only, as council, of the new report).
    const self = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.type, 'SIGNALEMENT'), eq(notifications.coproprietaire_id, council.rec.id)));
    expect(self.filter((n) => n.data?.url === `/{id}/signalements/${id}`).map((n) => n.title)).toEqual([
      'Nouveau signalement\u202f: Boîtes aux lettres forcées',
    ]);
  });
});
