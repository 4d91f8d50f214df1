import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3StorageAdapter } from './s3.js';
import { localStorageAdapter } from './storage.js';

describe('local storage adapter', () => {
  it('signs expiring URLs that cannot be forged or reused for another key or method', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'st-'));
    const st = localStorageAdapter(dir, 'secret');
    await st.put('a/b.pdf', Buffer.from('%PDF-1.4'), 'application/pdf');
    expect((await st.get('a/b.pdf')).toString()).toBe('%PDF-1.4');
    expect(await st.exists('a/b.pdf')).toBe(true);
    expect(await st.exists('a/none.pdf')).toBe(false);
    const url = new URL(await st.signedGetUrl('a/b.pdf', 60), 'http://x');
    const e = Number(url.searchParams.get('e'));
    const s = url.searchParams.get('s')!;
    expect(st.verify('a/b.pdf', 'GET', e, s)).toBe(true);
    expect(st.verify('a/c.pdf', 'GET', e, s)).toBe(false);
    expect(st.verify('a/b.pdf', 'PUT', e, s)).toBe(false);
    expect(st.verify('a/b.pdf', 'GET', Math.floor(Date.now() / 1000) - 1, s)).toBe(false);
    await expect(st.put('../escape', Buffer.from('x'), 'text/plain')).rejects.toThrow();
  });
});

describe('S3 adapter against a local S3-compatible server (s3rver)', () => {
  let server: S3rver;
  let endpoint: string;
  beforeAll(async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 's3-'));
    server = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: dir,
      configureBuckets: [{ name: 'tantieme' }],
    });
    const addr = await server.run();
    endpoint = `http://127.0.0.1:${addr.port}`;
  });
  afterAll(() => server.close());

  const adapter = () =>
    s3StorageAdapter({
      endpoint,
      bucket: 'tantieme',
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    });

  it('puts and gets objects', async () => {
    const st = adapter();
    await st.put('docs/r.pdf', Buffer.from('%PDF-1.7 demo'), 'application/pdf');
    expect((await st.get('docs/r.pdf')).toString()).toBe('%PDF-1.7 demo');
    expect(await st.exists('docs/r.pdf')).toBe(true);
    expect(await st.exists('docs/absent.pdf')).toBe(false);
  });

  it('serves presigned GET and accepts presigned PUT URLs', async () => {
    const st = adapter();
    const putUrl = await st.signedPutUrl('avatars/u1.png', 'image/png', 60);
    const put = await fetch(putUrl, {
      method: 'PUT',
      body: Buffer.from('PNGDATA'),
      headers: { 'content-type': 'image/png' },
    });
    expect(put.status).toBe(200);
    const getUrl = await st.signedGetUrl('avatars/u1.png', 60);
    const got = await fetch(getUrl);
    expect(got.status).toBe(200);
    expect(await got.text()).toBe('PNGDATA');
    expect(getUrl).toContain('X-Amz-Signature=');
    expect(new URL(getUrl).searchParams.get('X-Amz-Expires')).toBe('60');
  });
});
