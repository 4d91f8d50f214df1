import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signalements } from '../db/schema/index.js';
import { makeCopropriete, makeCoproprietaire, makeSignedInUser } from '../test/factories.js';
import { createTestApp, json, type TestApp } from '../test/harness.js';
import { startS3rver } from '../test/s3rver.fixture.js';

/**
 * The S3 store goes away (s3rver stopped: every connection refused): uploads and what depends on
 * a stored object answer a 503 in the envelope, in French, and write no row.
 */
let s3: Awaited<ReturnType<typeof startS3rver>>;
let t: TestApp;
let owner: Awaited<ReturnType<typeof makeSignedInUser>> & { base: string };
let coproId: string;

beforeAll(async () => {
  s3 = await startS3rver();
  t = await createTestApp({ platform: { storage: s3.storage } });
  coproId = (await makeCopropriete(t.database.db)).id;
  const u = await makeSignedInUser(t.database.db);
  const rec = await makeCoproprietaire(t.database.db, { copropriete_id: coproId, user_id: u.user.id });
  owner = { ...u, base: `/api/signalements/coproprietaires/${rec.id}` };
});
afterAll(() => t.close());

const presign = (bucket: string, file: string, type: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/media/presigned-url',
    headers: owner.headers,
    payload: { bucket, file_name: file, file_type: type },
  });
const put = (url: string, data: Buffer, type: string) =>
  t.app.inject({ method: 'PUT', url, payload: data, headers: { 'content-type': type } });
const jpeg = () =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: '#8a6' } })
    .jpeg()
    .toBuffer();
const report = (photos: string[]) => ({
  title: "L'ascenseur est bloqué au 3e étage",
  place: 'ASCENSEUR',
  description: 'Bloqué portes ouvertes depuis ce matin.',
  visibility: 'IMMEUBLE',
  photos,
});
const ownRows = () =>
  t.database.db.select().from(signalements).where(eq(signalements.copropriete_id, coproId));

describe('S3 unreachable', () => {
  it('answers 503 STORAGE_UNAVAILABLE in French to an upload and to a report naming a photo, with no row written', async () => {
    // A photo stored while the store is up.
    const before = json(await presign('signalements', 'avant.jpg', 'image/jpeg')).data;
    expect((await put(before.upload_url, await jpeg(), 'image/jpeg')).statusCode).toBe(200);

    await s3.close();

    const photo = json(await presign('signalements', 'apres.jpg', 'image/jpeg')).data;
    const up = await put(photo.upload_url, await jpeg(), 'image/jpeg');
    expect(up.statusCode, up.body).toBe(503);
    expect(json(up)).toMatchObject({
      success: false,
      code: 'STORAGE_UNAVAILABLE',
      message:
        "Le stockage des fichiers est momentanément indisponible\u202f: rien n'a été enregistré, réessayez dans quelques minutes.",
    });

    const created = await t.app.inject({
      method: 'POST',
      url: owner.base,
      headers: owner.headers,
      payload: report([before.key]),
    });
    expect(created.statusCode, created.body).toBe(503);
    expect(json(created).code).toBe('STORAGE_UNAVAILABLE');
    expect(await ownRows()).toHaveLength(0);

    // The same report without a photo needs no store: it goes through.
    const plain = await t.app.inject({
      method: 'POST',
      url: owner.base,
      headers: owner.headers,
      payload: report([]),
    });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(await ownRows()).toHaveLength(1);
  }, 30_000);
});
