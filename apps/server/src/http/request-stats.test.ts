import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../lib/crypto.js';
import { makeSignedInUser } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/harness.js';

/** The benchmark's floor (bench/floor-server.ts) replays what SQL_STATS_FILE captured. */
describe('SQL_STATS_FILE', () => {
  let t: TestApp;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tantieme-sql-stats-'));
  const file = path.join(dir, 'statements.jsonl');
  beforeAll(async () => {
    t = await createTestApp({ env: { SQL_STATS: '1', SQL_STATS_FILE: file } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('appends each answer’s statements, text and parameters, as many as it counted', async () => {
    const { headers, token } = await makeSignedInUser(t.database.db);
    const res = await t.app.inject({ method: 'GET', url: '/api/accounts/profile', headers });
    expect(res.statusCode).toBe(200);
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    const last = JSON.parse(lines.at(-1) as string) as {
      method: string;
      url: string;
      sql: { text: string; params: unknown[] }[];
    };
    expect(last.method).toBe('GET');
    expect(last.url).toBe('/api/accounts/profile');
    expect(last.sql).toHaveLength(Number(res.headers['x-sql-statements']));
    // The session lookup, by the token's hash (the token itself is never sent to the database).
    expect(last.sql[0].text).toContain('"sessions"');
    expect(last.sql[0].params).toContain(sha256(token));
    expect(JSON.stringify(last)).not.toContain(token);
  });
});
