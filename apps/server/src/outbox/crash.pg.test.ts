import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../db/schema/index.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { notification, recorders, statusOf } from './crash.fixture.js';
import { deliverPending } from './worker.js';

/**
 * A worker in another process shares the database only on a PostgreSQL server: this file runs
 * with TEST_DATABASE_URL (vitest.config.ts includes *.pg.test.ts then).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const db = () => t.database.db;

describe('outbox delivery survives a worker process dying between claim and send', () => {
  it('a real worker process killed (SIGKILL) after its claim', async () => {
    const ids = await notification(t);
    const url = new URL(process.env.TEST_DATABASE_URL as string);
    // The test app's own database (createTestApp made a fresh one on that server).
    const [{ current_database: name }] = (await db().execute('select current_database()')).rows as {
      current_database: string;
    }[];
    url.pathname = `/${name}`;
    const here = path.dirname(fileURLToPath(import.meta.url));
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(here, '../test/outbox-crash-child.ts')],
      {
        env: { ...process.env, DATABASE_URL: url.toString() },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    const signal = await new Promise<string | null>((resolve) => child.on('exit', (_c, s) => resolve(s)));
    expect(signal).toBe('SIGKILL');
    expect(out).toContain('claimed');
    expect(await statusOf(t, ids)).toEqual(['sending', 'sending']);
    const r = recorders();
    await db()
      .update(outbox)
      .set({ claimed_at: new Date(Date.now() - 120_000) })
      .where(inArray(outbox.id, ids));
    await deliverPending(db(), r.mail, r.sms, undefined, { push: r.push });
    expect(await statusOf(t, ids)).toEqual(['sent', 'sent']);
    expect(r.pushes).toHaveLength(1);
    expect(r.mails).toHaveLength(1);
  });
});
