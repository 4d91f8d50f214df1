import { UPLOAD_MAX_BYTES, UPLOAD_STATUS } from '@tantieme/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sizeKey } from '../../platform/image-keys.js';
import { IMAGE_SIZE_PX } from '../../platform/images.js';
import { startS3rver } from '../../test/s3rver.fixture.js';
import { makeSignedInUser } from '../../test/factories.js';
import { createTestApp, json, type TestApp } from '../../test/harness.js';

let t: TestApp;
let headers: Record<string, string>;
let userId: string;
beforeAll(async () => {
  t = await createTestApp();
  const u = await makeSignedInUser(t.app.db);
  headers = u.headers;
  userId = u.user.id;
});
afterAll(() => t.close());

const presign = (body: Record<string, unknown>, h = headers) =>
  t.app.inject({ method: 'POST', url: '/api/media/presigned-url', headers: h, payload: body });
const put = (url: string, data: Buffer, type: string) =>
  t.app.inject({ method: 'PUT', url, payload: data, headers: { 'content-type': type } });
const PDF = Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj<<>>endobj\n%%EOF\n');

describe('POST /media/presigned-url then PUT', () => {
  it('gives a server-chosen name under the caller’s prefix; the PUT stores a real PDF that then serves', async () => {
    const res = await presign({
      bucket: 'documents',
      file_name: '../../etc/passwd.pdf',
      file_type: 'application/pdf',
    });
    expect(res.statusCode).toBe(200);
    const { key, upload_url, expires_in } = json(res).data;
    expect(key).toMatch(new RegExp(`^uploads/documents/${userId}/[A-Za-z0-9_-]{16}\\.pdf$`));
    expect(expires_in).toBe(900);
    const up = await put(upload_url, PDF, 'application/pdf');
    expect(up.statusCode).toBe(200);
    const url = await t.app.platform.storage.signedGetUrl(key, 60);
    const got = await t.app.inject({ method: 'GET', url });
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.rawPayload.equals(PDF)).toBe(true);
  });

  it('refuses a type outside the allow-list (400 on file_type) and needs a session', async () => {
    const res = await presign({
      bucket: 'documents',
      file_name: 'x.exe',
      file_type: 'application/x-msdownload',
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).errors).toHaveProperty('file_type', 'Type de fichier non autorisé.');
    expect(
      (await presign({ bucket: 'documents', file_name: 'a.pdf', file_type: 'application/pdf' }, {}))
        .statusCode,
    ).toBe(401);
  });

  it('refuses bytes that are not what the type says (magic bytes)', async () => {
    const { upload_url } = json(
      await presign({ bucket: 'documents', file_name: 'photo.jpg', file_type: 'image/jpeg' }),
    ).data;
    const res = await put(upload_url, Buffer.from('MZ\x90\x00 not a jpeg'), 'image/jpeg');
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe('Le contenu du fichier ne correspond pas à son type.');
  });

  it('answers 413 in French above the size limit', async () => {
    const { upload_url } = json(
      await presign({ bucket: 'documents', file_name: 'big.pdf', file_type: 'application/pdf' }),
    ).data;
    const big = Buffer.concat([PDF, Buffer.alloc(UPLOAD_MAX_BYTES)]);
    const res = await put(upload_url, big, 'application/pdf');
    expect(res.statusCode).toBe(413);
    expect(json(res).message).toMatch(/volumineux/);
  });

  it('refuses a tampered or expired upload URL', async () => {
    const { upload_url } = json(
      await presign({ bucket: 'documents', file_name: 'a.pdf', file_type: 'application/pdf' }),
    ).data;
    const u = new URL(upload_url, 'http://x');
    const other = `${u.pathname.replace(/\.pdf$/, 'x.pdf')}${u.search}`;
    expect((await put(other, PDF, 'application/pdf')).statusCode).toBe(403);
    const expired = `${u.pathname}?e=${Math.floor(Date.now() / 1000) - 1}&s=${u.searchParams.get('s')}`;
    expect((await put(expired, PDF, 'application/pdf')).statusCode).toBe(403);
  });

  it('names the upload statuses of SPEC §3', () => {
    expect(UPLOAD_STATUS).toEqual({ pending: 1, uploading: 2, success: 3, fail: -1 });
  });
});

/** A real 3000×2000 photo-like JPEG (a gradient with noise, so it is not trivially small). */
const photo = (w = 3000, h = 2000) => {
  const raw = Buffer.alloc(w * h * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = ((i % (w * 3)) / 12 + ((i * 2654435761) >>> 27)) & 255;
  return sharp(raw, { raw: { width: w, height: h, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
};
const SIZES = Object.entries(IMAGE_SIZE_PX) as [keyof typeof IMAGE_SIZE_PX, number][];

describe('image sizes on upload (SPEC §3, decision 56)', () => {
  const storage = () => t.app.platform.storage;
  const upload = async (file_type: string, data: Buffer) => {
    const { key, upload_url } = json(await presign({ bucket: 'documents', file_name: 'x', file_type }))
      .data as { key: string; upload_url: string };
    return { key, upload_url, res: await put(upload_url, data, file_type) };
  };

  it('stores a JPEG as its original and every size within its max dimensions; /medium/ of the signed URL serves', async () => {
    const jpeg = await photo();
    const { key, res } = await upload('image/jpeg', jpeg);
    expect(res.statusCode).toBe(200);
    expect(key).toMatch(new RegExp(`^uploads/documents/${userId}/original/[A-Za-z0-9_-]{16}\\.jpg$`));
    // The original is stored re-encoded without metadata, at its full size.
    const original = await sharp(await storage().get(key)).metadata();
    expect([original.format, original.width, original.height, original.exif]).toEqual([
      'jpeg',
      3000,
      2000,
      undefined,
    ]);
    for (const [size, px] of SIZES) {
      const meta = await sharp(await storage().get(sizeKey(key, size)!)).metadata();
      expect(meta.format, size).toBe('jpeg');
      // 3:2, fitted inside px × px, never enlarged past the original's 3000 px.
      expect(meta.width, size).toBe(Math.min(px, 3000));
      expect(meta.height, size).toBe(Math.round((Math.min(px, 3000) * 2) / 3));
    }
    const url = await storage().signedGetUrl(key, 60);
    const medium = await t.app.inject({ method: 'GET', url: url.replace('/original/', '/medium/') });
    expect(medium.statusCode).toBe(200);
    expect(medium.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(medium.rawPayload).metadata()).width).toBe(1200);
    // The signature covers the sizes of that image, not another file.
    const other = url.replace(/\/original\/[^/?]+/, '/medium/AAAAAAAAAAAAAAAA.jpg');
    expect((await t.app.inject({ method: 'GET', url: other })).statusCode).toBe(403);
  });

  it('keeps a small PNG as its stored original in the sizes it already fits', async () => {
    const png = await sharp({ create: { width: 300, height: 150, channels: 3, background: '#2b6' } })
      .png()
      .toBuffer();
    const { key, res } = await upload('image/png', png);
    expect(res.statusCode).toBe(200);
    expect((await sharp(await storage().get(sizeKey(key, 'mini')!)).metadata()).width).toBe(100);
    const original = await storage().get(key);
    expect((await sharp(original).metadata()).width).toBe(300);
    expect((await storage().get(sizeKey(key, 'medium')!)).equals(original)).toBe(true);
  });

  it('gives a non-image its single key and no sizes', async () => {
    const { key, res } = await upload('application/pdf', PDF);
    expect(res.statusCode).toBe(200);
    expect(key).not.toContain('/original/');
    expect(await storage().exists(key)).toBe(true);
    const dir = key.slice(0, key.lastIndexOf('/'));
    const name = key.slice(key.lastIndexOf('/') + 1);
    for (const [size] of SIZES) expect(await storage().exists(`${dir}/${size}/${name}`)).toBe(false);
  });

  it('refuses a corrupt image with valid magic bytes in French (400) and writes nothing', async () => {
    const good = await photo(800, 600);
    for (const bad of [
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('pas une image '.repeat(40))]),
      good.subarray(0, good.length >> 1),
    ]) {
      const { key, upload_url, res } = await upload('image/jpeg', bad);
      expect(res.statusCode).toBe(400);
      expect(json(res).message).toBe('Cette image est illisible ou endommagée.');
      expect(await storage().exists(key)).toBe(false);
      for (const [size] of SIZES) expect(await storage().exists(sizeKey(key, size)!)).toBe(false);
      // Nothing was written, so the same upload URL still takes the real image.
      expect((await put(upload_url, good, 'image/jpeg')).statusCode).toBe(200);
    }
  });
});

describe('image sizes with the S3 adapter (against s3rver)', () => {
  let s3: Awaited<ReturnType<typeof startS3rver>>;
  let app: TestApp;
  let h: Record<string, string>;
  beforeAll(async () => {
    s3 = await startS3rver();
    const storage = s3.storage;
    app = await createTestApp({ platform: { storage } });
    h = (await makeSignedInUser(app.app.db)).headers;
  });
  afterAll(async () => {
    await app.close();
    await s3.close();
  });

  it('receives the image through the app, writes its sizes to the bucket, and redirects /medium/ to the object', async () => {
    const pre = await app.app.inject({
      method: 'POST',
      url: '/api/media/presigned-url',
      headers: h,
      payload: { bucket: 'documents', file_name: 'p.jpg', file_type: 'image/jpeg' },
    });
    const { key, upload_url } = json(pre).data as { key: string; upload_url: string };
    expect(upload_url.startsWith('/files/')).toBe(true);
    const jpeg = await photo(1600, 1200);
    const up = await app.app.inject({
      method: 'PUT',
      url: upload_url,
      payload: jpeg,
      headers: { 'content-type': 'image/jpeg' },
    });
    expect(up.statusCode).toBe(200);
    const st = app.app.platform.storage;
    for (const [size] of SIZES) expect(await st.exists(sizeKey(key, size)!), size).toBe(true);
    const url = await st.signedGetUrl(key, 60);
    const res = await app.app.inject({ method: 'GET', url: url.replace('/original/', '/medium/') });
    expect(res.statusCode).toBe(302);
    const img = await fetch(res.headers.location as string);
    expect(img.status).toBe(200);
    expect((await sharp(Buffer.from(await img.arrayBuffer())).metadata()).width).toBe(1200);
    // A PDF still goes straight to the bucket.
    const pdf = json(
      await app.app.inject({
        method: 'POST',
        url: '/api/media/presigned-url',
        headers: h,
        payload: { bucket: 'documents', file_name: 'a.pdf', file_type: 'application/pdf' },
      }),
    ).data;
    expect(pdf.upload_url).toContain('X-Amz-Signature=');
  });
});
