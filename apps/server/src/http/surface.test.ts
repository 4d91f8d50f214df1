import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { startupBanner } from '../../seed/demo.banner.js';
import { makeSignedInUser } from '../test/factories.js';
import { createTestApp, json, type TestApp } from '../test/harness.js';

/** Nothing looser than needed. */
let t: TestApp;
beforeAll(async () => {
  // A built SPA of its own: index.html and the robots.txt of apps/web/public.
  const webDist = await mkdtemp(path.join(os.tmpdir(), 'tantieme-web-'));
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Tantième</title>');
  await writeFile(path.join(webDist, 'robots.txt'), 'User-agent: *\nDisallow: /\n');
  t = await createTestApp({ webDist });
});
afterAll(() => t.close());

describe('looser than needed', () => {
  it('CSP connect-src is our own origin only: no ws: or wss: to any host', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/login' });
    const csp = String(res.headers['content-security-policy']);
    const connect = /connect-src ([^;]+)/.exec(csp)?.[1].split(' ') ?? [];
    expect(connect).toContain("'self'");
    expect(connect).not.toContain('ws:');
    expect(connect).not.toContain('wss:');
    for (const src of connect.filter((s) => /^wss?:/.test(s))) expect(src).toMatch(/^wss?:\/\/[^/]+$/);
    expect(connect).toContain(`ws://${new URL(t.app.config.publicUrl).host}`);
  });

  it('the production banner does not advertise the demo password nor /dev/outbox', () => {
    const prod = startupBanner(
      loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://copro.example.fr' }),
      null,
    );
    expect(prod).toContain('https://copro.example.fr');
    expect(prod).not.toContain('Tilleuls2024');
    expect(prod).not.toContain('/dev/outbox');
    expect(prod).not.toContain('@example.fr');
    const dev = startupBanner(loadConfig({ NODE_ENV: 'development' }), null);
    expect(dev).toContain('Tilleuls2024');
    expect(dev).toContain('/dev/outbox');
  });

  it('personal API answers carry Cache-Control: no-store', async () => {
    const { headers } = await makeSignedInUser(t.database.db);
    const me = await t.app.inject({ method: 'GET', url: '/api/accounts/profile', headers });
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
    const anon = await t.app.inject({ method: 'GET', url: '/api/accounts/profile' });
    expect(anon.statusCode).toBe(401);
    expect(anon.headers['cache-control']).toBe('no-store');
  });

  it('/robots.txt is a real file; /favicon.ico and /manifest.json are 404, never the SPA HTML', async () => {
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    expect(robots.body).toContain('User-agent');
    for (const url of [
      '/favicon.ico',
      '/manifest.json',
      '/assets/missing-abcdef12.js',
      '/apple-touch-icon.png',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('<!doctype html>');
    }
    // Client-side routes still get the SPA.
    const spa = await t.app.inject({ method: 'GET', url: '/finances/releve' });
    expect(spa.statusCode).toBe(200);
    expect(spa.body).toContain('<!doctype html>');
  });

  it('authenticates before reading the body: anonymous change-password is 401 whatever the body', async () => {
    for (const payload of ['{"old_password":', '{}', JSON.stringify({ password: 'x'.repeat(5000) })]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/accounts/change-password',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(401);
      expect(json(res).code).toBe('UNAUTHORIZED');
    }
  });
});
