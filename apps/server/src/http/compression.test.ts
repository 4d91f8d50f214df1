import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staticCacheControl } from '../app.js';
import { createTestApp, type TestApp } from '../test/harness.js';

/** A built SPA as the Vite build leaves it: hashed assets with their .br/.gz, index.html. */
function fakeWebDist() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tantieme-web-'));
  mkdirSync(path.join(dir, 'assets'));
  const js = `console.log(${JSON.stringify('x'.repeat(4000))});`;
  const html = `<!doctype html><html lang="fr"><body><div id="root"></div>${'<!-- -->'.repeat(300)}</body></html>`;
  const write = (rel: string, body: string) => {
    writeFileSync(path.join(dir, rel), body);
    writeFileSync(path.join(dir, `${rel}.br`), brotliCompressSync(body));
    writeFileSync(path.join(dir, `${rel}.gz`), gzipSync(body));
  };
  write('assets/index-AbC_12-z.js', js);
  write('index.html', html);
  const login = html.replace('<div id="root"></div>', '<div id="root"><h1>Connexion</h1></div>');
  write('login.html', login);
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return { dir, js, html, login };
}

let t: TestApp;
const web = fakeWebDist();
beforeAll(async () => {
  t = await createTestApp({ webDist: web.dir });
});
afterAll(() => t.close());

describe('compression and caching', () => {
  it('serves a hashed asset precompressed in brotli, cached a year as immutable', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/index-AbC_12-z.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(web.js);
  });

  it("a built file carries the security headers a subresource uses, not a document's", async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-AbC_12-z.js' });
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(asset.headers['referrer-policy']).toBe('no-referrer');
    expect(asset.headers['strict-transport-security']).toMatch(/max-age=/);
    expect(asset.headers['content-security-policy']).toBeUndefined();
    expect(asset.headers['x-frame-options']).toBeUndefined();
    // Documents and API answers keep every header.
    for (const url of ['/', '/login', '/api/health']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it('falls back to gzip, then to the plain file', async () => {
    const gz = await t.app.inject({
      method: 'GET',
      url: '/assets/index-AbC_12-z.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(web.js);
    const plain = await t.app.inject({ method: 'GET', url: '/assets/index-AbC_12-z.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(web.js);
  });

  it('revalidates index.html, at / and on a client-side route', async () => {
    for (const url of ['/', '/login?redirect=%2F', '/some-copro-id/home']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(web.html);
    }
  });

  it('sends /login prerendered (decision 59), revalidated; with a query, the empty shell', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/login', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(web.login);
    for (const url of ['/login?mode=phone', '/s/abc/login', '/register']) {
      const other = await t.app.inject({ method: 'GET', url });
      expect(other.body).toBe(web.html);
    }
  });

  it('revalidates files without a content hash', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('compresses API answers of 1 KB or more, and not smaller ones', async () => {
    const big = await t.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    const doc = JSON.parse(brotliDecompressSync(big.rawPayload).toString());
    expect(doc.openapi).toMatch(/^3\./);
    expect(big.rawPayload.length).toBeLessThan(JSON.stringify(doc).length / 3);

    const gz = await t.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString()).openapi).toBe(doc.openapi);

    const small = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ success: true });
  });

  it('tells hashed assets from the rest', () => {
    expect(staticCacheControl('/srv/web/dist/assets/chunk-6KYCQHYJ-DfUBAY1Q.js')).toBe(
      'public, max-age=31536000, immutable',
    );
    expect(staticCacheControl('/srv/web/dist/assets/index-CXop1hSM.css.br')).toBe(
      'public, max-age=31536000, immutable',
    );
    expect(staticCacheControl('/srv/web/dist/index.html')).toBe('no-cache');
    expect(staticCacheControl('/srv/web/dist/logo-tantieme.svg')).toBe('no-cache');
  });
});
