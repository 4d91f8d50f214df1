import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSignedInUser } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { allowed, networks, PRIVATE_NETWORKS, startMetricsServer } from './metrics-server.js';

/**
 * The metrics are on a port of their own, answered only to the allowed networks; requests are
 * counted by route pattern (never by URL); each answer carries its request id, which the SQL
 * log (LOG_SQL=1) repeats on every statement of that request, without its values.
 */
let t: TestApp;
const lines: string[] = [];
const servers: Server[] = [];
beforeAll(async () => {
  t = await createTestApp({ env: { LOG_SQL: '1' }, logStream: { write: (l: string) => void lines.push(l) } });
});
afterAll(async () => {
  for (const s of servers) s.close();
  await t.close();
});

async function metricsOn(allow: string) {
  const server = await startMetricsServer(t.app.metrics, { port: 0, host: '127.0.0.1', allow });
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('metrics', () => {
  it('counts requests by route pattern and reports the queues, on the private port', async () => {
    const u = await makeSignedInUser(t.database.db);
    await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.app.inject({
      method: 'GET',
      url: `/api/coproprietaires/all`,
      headers: { authorization: `Bearer ${u.token}` },
    });
    const base = await metricsOn('127.0.0.0/8');
    const res = await fetch(`${base}/metrics`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/health",status_code="200"\} 1/,
    );
    expect(text).toMatch(/route="\/api\/coproprietaires\/all"/);
    for (const name of [
      'outbox_pending',
      'outbox_lag_seconds',
      'webhooks_pending',
      'lre_unsent',
      'sockets_connected',
    ])
      expect(text).toMatch(new RegExp(`^${name} \\d`, 'm'));
    expect(text).toMatch(/^process_cpu_seconds_total/m);
    // No token, e-mail or identifier in any label.
    expect(text).not.toContain(u.token);
    expect(text).not.toContain(u.user.id);
  });

  it('refuses a peer outside its allowed networks, and the public port has no metrics', async () => {
    const base = await metricsOn('10.0.0.0/8');
    const res = await fetch(`${base}/metrics`);
    expect(res.status).toBe(403);
    expect(await res.text()).not.toContain('http_request');
    const pub = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(pub.body).not.toContain('http_request_duration_seconds');
  });

  it.each([
    ['127.0.0.1', true],
    ['::ffff:192.168.1.20', true],
    ['10.3.4.5', true],
    ['172.20.0.9', true],
    ['::1', true],
    ['fd12::1', true],
    ['8.8.8.8', false],
    ['::ffff:203.0.113.7', false],
    ['2001:db8::1', false],
    [undefined, false],
  ])('the default allow list: %s → %s', (address, ok) => {
    expect(allowed(networks(PRIVATE_NETWORKS), address)).toBe(ok);
  });
});

describe('request id', () => {
  it("answers carry the proxy's id (or a new one), and each SQL statement is logged with it, not its values", async () => {
    const u = await makeSignedInUser(t.database.db);
    lines.length = 0;
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/coproprietaires/all',
      headers: { authorization: `Bearer ${u.token}`, 'x-request-id': 'nginx-0123456789abcdef' },
    });
    expect(res.headers['x-request-id']).toBe('nginx-0123456789abcdef');
    const sqlLines = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'sql');
    expect(sqlLines.length).toBeGreaterThan(0);
    for (const l of sqlLines) expect(l.reqId).toBe('nginx-0123456789abcdef');
    expect(lines.join('')).not.toContain(u.user.id);
    expect(lines.join('')).not.toContain(u.token);

    const other = await t.app.inject({
      method: 'GET',
      url: '/api/live',
      headers: { 'x-request-id': 'a b<script>' },
    });
    expect(other.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
