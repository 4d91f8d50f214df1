import { UPLOAD_MAX_BYTES, UPLOAD_STATUS } from '@tantieme/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
