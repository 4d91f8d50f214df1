import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, documentTypes, syndicAuditLog } from '../../../db/schema/index.js';
import { makeSyndicWithKey } from '../../../test/factories.syndic.js';
import { createTestApp, json, type TestApp } from '../../../test/harness.js';
import { stagingKey } from './uploads.js';

/**
 * Documents in bulk: presigned PUTs, then one bulk call with the stored forms. Each document is
 * validated field by field, idempotent by external_id, and its file must be there with the
 * announced SHA-256 and size; another syndic cannot register a file it did not upload.
 */

let t: TestApp;
let a: Awaited<ReturnType<typeof makeSyndicWithKey>>;
let b: Awaited<ReturnType<typeof makeSyndicWithKey>>;
type H = Record<string, string>;
const call = async (method: 'GET' | 'POST' | 'PUT', url: string, headers: H, payload?: unknown) => {
  const res = await t.app.inject({
    method,
    url: `/api/syndic/v1${url}`,
    headers,
    ...(payload ? { payload: payload as object } : {}),
  });
  return { status: res.statusCode, body: json(res) };
};
/** The PUT an integrator makes to the presigned URL (here, the app's own signed `/files/` URL). */
const putTo = (url: string, data: Buffer, type: string) =>
  t.app.inject({
    method: 'PUT',
    url: new URL(url).pathname + new URL(url).search,
    payload: data,
    headers: { 'content-type': type },
  });

const pdf = (n: number) =>
  Buffer.from(`%PDF-1.4\n% appel de fonds ${n}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`);
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const stored = (n: number, data = pdf(n)) => ({
  name: `appel-de-fonds-${n}.pdf`,
  content_type: 'application/pdf',
  sha256: sha(data),
  size: data.length,
});
const item = (n: number, file = stored(n)) => ({
  external_id: `AF-DOC-${n}`,
  place: 'coproprietaire',
  coproprietaire: 'P1',
  type: 'APPEL_FONDS',
  name: `Appel de fonds n° ${n}`,
  date: '2026-01-01',
  file,
});

beforeAll(async () => {
  t = await createTestApp();
  a = await makeSyndicWithKey(t.database.db);
  b = await makeSyndicWithKey(t.database.db);
  await t.database.db
    .insert(documentTypes)
    .values({ code: 'APPEL_FONDS', name: 'Appels de fonds', sort: 1 })
    .onConflictDoNothing();
  for (const s of [a, b]) {
    expect(
      (
        await call('PUT', '/coproprietes/IMM', s.headers, {
          name: 'Résidence Les Tilleuls',
          address: { full_address: '14 rue des Tilleuls 69003 Lyon' },
        })
      ).status,
    ).toBe(200);
    expect(
      (await call('PUT', '/coproprietaires/P1', s.headers, { copropriete: 'IMM', last_name: 'Durand' }))
        .status,
    ).toBe(200);
  }
});
afterAll(() => t.close());

describe('POST /documents/uploads then POST /documents/bulk', () => {
  it('presigns one absolute PUT URL per file, then registers the documents once (a replay is unchanged)', async () => {
    const files = [1, 2, 3].map((n) => stored(n));
    const up = await call('POST', '/documents/uploads', a.headers, {
      files: files.map(({ name: _n, ...f }) => f),
    });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const uploads = up.body.data.uploads as { url: string; method: string; uploaded: boolean; headers: H }[];
    expect(uploads).toHaveLength(3);
    for (const u of uploads) {
      expect(u).toMatchObject({
        method: 'PUT',
        uploaded: false,
        headers: { 'Content-Type': 'application/pdf' },
      });
      expect(u.url).toMatch(/^https?:\/\/.+\/files\/uploads\/syndic\/.+\.pdf\?e=\d+&s=/);
    }
    for (const [k, u] of uploads.entries())
      expect((await putTo(u.url, pdf(k + 1), 'application/pdf')).statusCode).toBe(200);
    const again = await call('POST', '/documents/uploads', a.headers, {
      files: [{ ...files[0], name: undefined }],
    });
    expect(again.body.data.uploads[0].uploaded).toBe(true);

    const items = [1, 2, 3].map((n) => item(n));
    const first = await call('POST', '/documents/bulk', a.headers, { items });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.counts).toEqual({ created: 3, updated: 0, unchanged: 0, error: 0 });
    const one = await call('GET', '/documents/AF-DOC-2', a.headers);
    expect(one.body.data).toMatchObject({ name: 'Appel de fonds n° 2', file: stored(2) });
    const replay = await call('POST', '/documents/bulk', a.headers, { items });
    expect(replay.body.data.counts).toEqual({ created: 0, updated: 0, unchanged: 3, error: 0 });
    const audit = await t.database.db
      .select()
      .from(syndicAuditLog)
      .where(eq(syndicAuditLog.external_id, 'AF-DOC-1'));
    expect(audit.map((r) => r.action)).toEqual(['created']);
  });

  it('names the field of an item whose file is missing, of another SHA-256 or size, and writes nothing of it', async () => {
    const data = pdf(10);
    const [u] = (
      await call('POST', '/documents/uploads', a.headers, {
        files: [{ sha256: sha(data), size: data.length, content_type: 'application/pdf' }],
      })
    ).body.data.uploads;
    expect((await putTo(u.url, data, 'application/pdf')).statusCode).toBe(200);
    const never = pdf(11);
    const res = await call('POST', '/documents/bulk', a.headers, {
      items: [
        item(11, stored(11, never)),
        item(12, { ...stored(10, data), size: data.length + 1 }),
        { ...item(13, stored(10, data)), date: '2026-13-01' },
        item(14, stored(10, data)),
      ],
    });
    expect(res.status).toBe(200);
    const r = res.body.data.results as { result: string; errors?: Record<string, string> }[];
    expect(r[0].errors?.['file.sha256']).toMatch(/introuvable/);
    expect(r[1].errors?.['file.size']).toMatch(/taille/);
    expect(Object.keys(r[2].errors ?? {})).toEqual(['date']);
    expect(r[3].result).toBe('created');
    const written = await t.database.db.select({ name: documents.name }).from(documents);
    expect(written.map((d) => d.name)).not.toContain('Appel de fonds n° 11');
  });

  it('refuses at the PUT bytes other than announced, fewer or different (nothing kept), then takes the right ones', async () => {
    const data = pdf(20);
    const announce = () =>
      call('POST', '/documents/uploads', a.headers, {
        files: [{ sha256: sha(data), size: data.length, content_type: 'application/pdf' }],
      });
    const [u] = (await announce()).body.data.uploads;
    const fewer = await putTo(u.url, data.subarray(0, data.length - 5), 'application/pdf');
    expect(fewer.statusCode).toBe(400);
    expect(json(fewer)).toMatchObject({
      code: 'UPLOAD_SIZE_MISMATCH',
      message: "Le fichier déposé n'a pas la taille annoncée.",
    });
    const other = await putTo(u.url, pdf(21), 'application/pdf');
    expect(pdf(21).length).toBe(data.length);
    expect(other.statusCode).toBe(400);
    expect(json(other).code).toBe('UPLOAD_SHA256_MISMATCH');
    expect((await announce()).body.data.uploads[0].uploaded).toBe(false);
    // The announced size and SHA-256 are part of the signature: a URL edited to fit is refused.
    const edited = new URL(u.url);
    edited.searchParams.set('n', String(data.length - 5));
    expect(
      (await putTo(edited.toString(), data.subarray(0, data.length - 5), 'application/pdf')).statusCode,
    ).toBe(403);
    expect((await putTo(u.url, data, 'application/pdf')).statusCode).toBe(200);
    expect((await announce()).body.data.uploads[0].uploaded).toBe(true);
  });

  it('reports as not uploaded, and removes, a staged object whose bytes are not the announced ones', async () => {
    const data = pdf(30);
    const f = { sha256: sha(data), size: data.length, content_type: 'application/pdf' };
    const key = stagingKey(a.syndic.id, f.sha256, f.content_type);
    // As a bucket takes any bytes on a presigned URL: a same-length file of other content.
    await t.app.platform.storage.put(key, pdf(31), 'application/pdf');
    const [u] = (await call('POST', '/documents/uploads', a.headers, { files: [f] })).body.data.uploads;
    expect(u.uploaded).toBe(false);
    expect(await t.app.platform.storage.exists(key)).toBe(false);
    await t.app.platform.storage.put(key, pdf(31), 'application/pdf');
    const res = await call('POST', '/documents/bulk', a.headers, { items: [item(30, stored(30, data))] });
    expect(res.body.data.results[0].errors?.['file.sha256']).toBe(
      "Le fichier déposé n'a pas l'empreinte SHA-256 annoncée.",
    );
    expect(await t.app.platform.storage.exists(key)).toBe(false);
  });

  it("another syndic cannot register a file it did not upload, nor see the first syndic's documents", async () => {
    const res = await call('POST', '/documents/bulk', b.headers, { items: [item(1)] });
    expect(res.body.data.results[0].errors?.['file.sha256']).toMatch(/introuvable/);
    expect((await call('GET', '/documents/AF-DOC-1', b.headers)).status).toBe(404);
  });

  it('refuses a bad announcement (type, size, SHA-256) naming the field, and a key without the write scope', async () => {
    const bad = await call('POST', '/documents/uploads', a.headers, {
      files: [{ sha256: 'abc', size: 0, content_type: 'application/x-msdownload' }],
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(
      expect.arrayContaining(['files.0.sha256', 'files.0.size', 'files.0.content_type']),
    );
    const noKey = await t.app.inject({
      method: 'POST',
      url: '/api/syndic/v1/documents/uploads',
      payload: { files: [] },
    });
    expect(noKey.statusCode).toBe(401);
  });
});
