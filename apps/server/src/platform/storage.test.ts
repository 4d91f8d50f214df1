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
    await st.delete('a/b.pdf');
    expect(await st.exists('a/b.pdf')).toBe(false);
    // A sweep may run twice: an absent object is no error.
    await st.delete('a/b.pdf');
  });

  it('signs a GET of an original for all its sizes (decision 56), of a size for that size, a PUT for its key only', async () => {
    const st = localStorageAdapter(await mkdtemp(path.join(os.tmpdir(), 'st-')), 'secret');
    const url = new URL(await st.signedGetUrl('d/1/original/abc.jpg', 60), 'http://x');
    const e = Number(url.searchParams.get('e'));
    const s = url.searchParams.get('s')!;
    expect(st.verify('d/1/medium/abc.jpg', 'GET', e, s)).toBe(true);
    expect(st.verify('d/1/mini/abc.jpg', 'GET', e, s)).toBe(true);
    expect(st.verify('d/1/medium/abd.jpg', 'GET', e, s)).toBe(false);
    expect(st.verify('d/2/medium/abc.jpg', 'GET', e, s)).toBe(false);
    // A size's own URL opens that size only: a thumbnail never leads to the original.
    const small = new URL(await st.signedGetUrl('d/1/small/abc.jpg', 60), 'http://x');
    const ss = small.searchParams.get('s')!;
    const se = Number(small.searchParams.get('e'));
    expect(st.verify('d/1/small/abc.jpg', 'GET', se, ss)).toBe(true);
    expect(st.verify('d/1/original/abc.jpg', 'GET', se, ss)).toBe(false);
    expect(st.verify('d/1/large/abc.jpg', 'GET', se, ss)).toBe(false);
    const pdf = new URL(await st.signedGetUrl('d/1/original/abc.pdf', 60), 'http://x');
    expect(st.verify('d/1/medium/abc.pdf', 'GET', e, pdf.searchParams.get('s')!)).toBe(false);
    const up = new URL(await st.signedPutUrl('d/1/original/abc.jpg', 'image/jpeg', 60), 'http://x');
    const ps = up.searchParams.get('s')!;
    const pe = Number(up.searchParams.get('e'));
    expect(st.verify('d/1/original/abc.jpg', 'PUT', pe, ps)).toBe(true);
    expect(st.verify('d/1/medium/abc.jpg', 'PUT', pe, ps)).toBe(false);
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
    s3StorageAdapter(
      {
        endpoint,
        bucket: 'tantieme',
        region: 'us-east-1',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
      },
      'secret',
    );

  it('puts and gets objects', async () => {
    const st = adapter();
    await st.put('docs/r.pdf', Buffer.from('%PDF-1.7 demo'), 'application/pdf');
    expect((await st.get('docs/r.pdf')).toString()).toBe('%PDF-1.7 demo');
    expect(await st.exists('docs/r.pdf')).toBe(true);
    expect(await st.exists('docs/absent.pdf')).toBe(false);
  });

  it('deletes an object; deleting an absent one is no error', async () => {
    const st = adapter();
    await st.put('docs/gone.pdf', Buffer.from('%PDF-1.7 gone'), 'application/pdf');
    await st.delete('docs/gone.pdf');
    expect(await st.exists('docs/gone.pdf')).toBe(false);
    await st.delete('docs/gone.pdf');
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

  it('hands sized images out through app URLs (one signature for every size) and their objects directly', async () => {
    const st = adapter();
    await st.put('inv/1/medium/abc.jpg', Buffer.from('MEDIUM'), 'image/jpeg');
    const app = new URL(await st.signedGetUrl('inv/1/original/abc.jpg', 60), 'http://x');
    expect(app.pathname).toBe('/files/inv/1/original/abc.jpg');
    const e = Number(app.searchParams.get('e'));
    expect(st.verify('inv/1/medium/abc.jpg', 'GET', e, app.searchParams.get('s')!)).toBe(true);
    const direct = await st.objectUrl!('inv/1/medium/abc.jpg', 60);
    expect(await (await fetch(direct)).text()).toBe('MEDIUM');
    expect(await st.signedPutUrl('inv/1/original/abc.jpg', 'image/jpeg', 60)).toMatch(/^\/files\//);
    expect(await st.signedPutUrl('inv/1/abc.pdf', 'application/pdf', 60)).toContain('X-Amz-Signature=');
    expect(await st.signedGetUrl('inv/1/abc.pdf', 60)).toContain('X-Amz-Signature=');
  });
});
