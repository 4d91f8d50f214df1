import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentTypes } from '../../../db/schema/index.js';
import { startS3rver } from '../../../test/s3rver.fixture.js';
import { makeSyndicWithKey } from '../../../test/factories.syndic.js';
import { createTestApp, json, type TestApp } from '../../../test/harness.js';
import { stagingKey } from './uploads.js';

/**
 * Documents in bulk with the S3 adapter (against s3rver): the presigned PUT carries the announced
 * length and SHA-256 for S3 to check, and bytes a bucket took anyway are found when read back,
 * removed, and reported as not uploaded (decision 177).
 */

let s3: Awaited<ReturnType<typeof startS3rver>>;
let t: TestApp;
let a: Awaited<ReturnType<typeof makeSyndicWithKey>>;
beforeAll(async () => {
  s3 = await startS3rver();
  const storage = s3.storage;
  t = await createTestApp({ platform: { storage } });
  a = await makeSyndicWithKey(t.database.db);
  await t.database.db
    .insert(documentTypes)
    .values({ code: 'APPEL_FONDS', name: 'Appels de fonds', sort: 1 })
    .onConflictDoNothing();
  for (const [url, payload] of [
    [
      '/coproprietes/IMM',
      { name: 'Résidence Les Tilleuls', address: { full_address: '14 rue des Tilleuls 69003 Lyon' } },
    ],
    ['/coproprietaires/P1', { copropriete: 'IMM', last_name: 'Durand' }],
  ] as const)
    expect((await call('PUT', url, payload)).status).toBe(200);
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

async function call(method: 'PUT' | 'POST', url: string, payload: unknown) {
  const res = await t.app.inject({
    method,
    url: `/api/syndic/v1${url}`,
    headers: a.headers,
    payload: payload as object,
  });
  return { status: res.statusCode, body: json(res) };
}

const pdf = (n: number) =>
  Buffer.from(`%PDF-1.4\n% appel de fonds ${n}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`);
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('presigned uploads to S3 are checked against the announced SHA-256 and size', () => {
  const data = pdf(40);
  const f = { sha256: sha(data), size: data.length, content_type: 'application/pdf' };
  const announce = async () =>
    (await call('POST', '/documents/uploads', { files: [f] })).body.data.uploads[0];
  const putTo = (url: string, body: Buffer) =>
    fetch(url, { method: 'PUT', body: new Uint8Array(body), headers: { 'Content-Type': 'application/pdf' } });

  it('signs the announced length and SHA-256 into the URL; a shorter file the bucket took is removed when read back', async () => {
    const u = await announce();
    const url = new URL(u.url);
    expect(url.pathname).toMatch(/^\/tantieme\/uploads\/syndic\//);
    // S3 checks both at the PUT; s3rver checks neither, so the read-back below is what refuses here.
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toContain('content-length');
    expect(url.searchParams.get('x-amz-checksum-sha256')).toBe(
      Buffer.from(f.sha256, 'hex').toString('base64'),
    );
    expect((await putTo(u.url, data.subarray(0, 20))).status).toBe(200);
    expect((await announce()).uploaded).toBe(false);
    expect(await t.app.platform.storage.exists(stagingKey(a.syndic.id, f.sha256, f.content_type))).toBe(
      false,
    );
  });

  it('other bytes of the announced length are removed when read back: not uploaded, not registered', async () => {
    const u = await announce();
    const other = pdf(41);
    expect(other.length).toBe(data.length);
    expect((await putTo(u.url, other)).status).toBe(200);
    expect((await announce()).uploaded).toBe(false);
    const key = stagingKey(a.syndic.id, f.sha256, f.content_type);
    expect(await t.app.platform.storage.exists(key)).toBe(false);

    expect((await putTo(u.url, other)).status).toBe(200);
    const item = {
      external_id: 'AF-S3-1',
      place: 'coproprietaire',
      coproprietaire: 'P1',
      type: 'APPEL_FONDS',
      name: 'Appel de fonds T1',
      date: '2026-01-01',
      file: { name: 'af.pdf', ...f },
    };
    const refused = await call('POST', '/documents/bulk', { items: [item] });
    expect(refused.body.data.results[0].errors?.['file.sha256']).toBe(
      "Le fichier déposé n'a pas l'empreinte SHA-256 annoncée.",
    );
    expect(await t.app.platform.storage.exists(key)).toBe(false);

    expect((await putTo(u.url, data)).status).toBe(200);
    expect((await announce()).uploaded).toBe(true);
    const taken = await call('POST', '/documents/bulk', { items: [item] });
    expect(taken.body.data.counts).toMatchObject({ created: 1, error: 0 });
  });
});
