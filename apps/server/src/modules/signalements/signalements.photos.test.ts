import { IMAGE_SIZES } from '@tantieme/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sizeKey } from '../../platform/image-keys.js';
import { makeCopropriete, makeCoproprietaire, makeSignedInUser } from '../../test/factories.js';
import { createTestApp, json, type TestApp } from '../../test/harness.js';
import { metadataLeft, photoWithMetadata } from '../../test/photo-metadata.fixture.js';

let t: TestApp;
type Owner = Awaited<ReturnType<typeof owner>>;
let claire: Owner;
let bob: Owner;

async function owner(copro: string) {
  const u = await makeSignedInUser(t.database.db);
  const rec = await makeCoproprietaire(t.database.db, { copropriete_id: copro, user_id: u.user.id });
  return { ...u, rec, base: `/api/signalements/coproprietaires/${rec.id}` };
}

beforeAll(async () => {
  t = await createTestApp();
  const coproId = (await makeCopropriete(t.database.db)).id;
  claire = await owner(coproId);
  bob = await owner(coproId);
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });
const clean = { markers: [], exif: false, xmp: false, iptc: false, orientation: 1 };

describe("a signalement photo keeps none of the phone's metadata", () => {
  let key: string;
  let photos: { small: string; medium: string }[];

  beforeAll(async () => {
    const jpeg = await photoWithMetadata();
    // The photo as sent holds everything the test then looks for.
    expect(await metadataLeft(jpeg)).toMatchObject({ exif: true, xmp: true, orientation: 6 });
    expect((await metadataLeft(jpeg)).markers).toHaveLength(4);
    const pre = await t.app.inject({
      method: 'POST',
      url: '/api/media/presigned-url',
      headers: claire.headers,
      payload: { bucket: 'signalements', file_name: 'photo.jpg', file_type: 'image/jpeg' },
    });
    ({ key } = json(pre).data);
    const up = await t.app.inject({
      method: 'PUT',
      url: json(pre).data.upload_url,
      payload: jpeg,
      headers: { 'content-type': 'image/jpeg' },
    });
    expect(up.statusCode, up.body).toBe(200);
    const filed = await t.app.inject({
      method: 'POST',
      url: claire.base,
      headers: claire.headers,
      payload: {
        title: 'Infiltration au plafond du garage',
        place: 'PARKING',
        description: "De l'eau coule le long de la poutre au-dessus de la place 12.",
        visibility: 'IMMEUBLE',
        photos: [key],
      },
    });
    expect(filed.statusCode, filed.body).toBe(200);
    const seen = await t.app.inject({
      method: 'GET',
      url: `${bob.base}/${json(filed).data.id}`,
      headers: bob.headers,
    });
    expect(seen.statusCode, seen.body).toBe(200);
    photos = json(seen).data.photos;
  });

  it('the sizes a neighbour is given carry no EXIF, GPS, serial number, name or XMP, and stand upright', async () => {
    for (const url of [photos[0].small, photos[0].medium]) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      const left = await metadataLeft(res.rawPayload);
      expect(left).toMatchObject(clean);
      // Orientation 6 applied: the 1600×1200 landscape frame is shown as a portrait.
      expect(left.height!).toBeGreaterThan(left.width!);
    }
  });

  it('a URL signed for one size opens that size only, never the original or another size', async () => {
    for (const given of ['small', 'medium'] as const) {
      for (const size of IMAGE_SIZES.filter((s) => s !== given)) {
        const res = await get(photos[0][given].replace(`/${given}/`, `/${size}/`));
        expect(res.statusCode, `${given} → ${size}`).toBe(403);
      }
    }
  });

  it('no stored byte keeps the metadata: every size and the original itself, through the storage and the URL of the original', async () => {
    const storage = t.app.platform.storage;
    const original = await storage.signedGetUrl(key, 60);
    for (const size of IMAGE_SIZES) {
      const stored = await storage.get(sizeKey(key, size)!);
      expect(await metadataLeft(stored), size).toMatchObject(clean);
      const served = await get(original.replace('/original/', `/${size}/`));
      expect(served.statusCode, size).toBe(200);
      expect(served.rawPayload.equals(stored), size).toBe(true);
    }
    expect(await metadataLeft(await storage.get(key))).toMatchObject({ ...clean, width: 1200, height: 1600 });
  });
});
