import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, outbox } from '../db/schema/index.js';
import { notify } from '../modules/notifications/notify.js';
import type { MailMessage } from '../platform/mail.js';
import type { PushAdapter } from '../platform/push.js';
import { makeCoproprietaire, makeSignedInUser } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { deliverPending } from './worker.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const db = () => t.database.db;

function recorders() {
  const mails: MailMessage[] = [];
  const pushes: { endpoint: string; payload: string; topic: string }[] = [];
  const push: PushAdapter = {
    kind: 'web-push',
    publicKey: 'k',
    send: async (sub, payload, o) => {
      pushes.push({ endpoint: sub.endpoint, payload, topic: o.topic });
      return { ok: true, status: 201 };
    },
  };
  const mail = {
    kind: 'smtp' as const,
    send: async (m: MailMessage) => void mails.push(m),
    close: async () => {},
  };
  const sms = { kind: 'http' as const, send: async () => {} };
  return { mails, pushes, push, mail, sms };
}

async function notification() {
  const u = await makeSignedInUser(db());
  const rec = await makeCoproprietaire(db(), { user_id: u.user.id });
  await db()
    .insert(devices)
    .values({
      user_id: u.user.id,
      device_token: JSON.stringify({
        endpoint: `https://push.test/${rec.id}`,
        keys: { p256dh: 'a', auth: 'b' },
      }),
    });
  const res = await notify(t.app, { coproprietaireId: rec.id }, { title: 'Fuite', body: 'Cave B.' });
  const rows = await db().select().from(outbox).where(inArray(outbox.ref_id, res.ids));
  expect(rows.map((r) => r.channel).sort()).toEqual(['email', 'push']);
  return rows.map((r) => r.id);
}

const statusOf = async (ids: string[]) =>
  (await db().select().from(outbox).where(inArray(outbox.id, ids))).map((r) => r.status);

describe('outbox delivery survives a worker dying between claim and send', () => {
  it('a claimed row is neither lost nor sent twice (worker dies in-process)', async () => {
    const ids = await notification();
    const r = recorders();
    // The first worker claims, then dies before sending.
    await expect(
      deliverPending(db(), r.mail, r.sms, undefined, {
        push: r.push,
        afterClaim: () => {
          throw new Error('worker killed');
        },
      }),
    ).rejects.toThrow('worker killed');
    expect(await statusOf(ids)).toEqual(['sending', 'sending']);
    // Within the lease, nobody takes them again.
    expect(await deliverPending(db(), r.mail, r.sms, undefined, { push: r.push })).toBe(0);
    // After the lease, another worker delivers each exactly once.
    await db()
      .update(outbox)
      .set({ claimed_at: new Date(Date.now() - 120_000) })
      .where(inArray(outbox.id, ids));
    expect(await deliverPending(db(), r.mail, r.sms, undefined, { push: r.push })).toBe(2);
    expect(await deliverPending(db(), r.mail, r.sms, undefined, { push: r.push })).toBe(0);
    expect(await statusOf(ids)).toEqual(['sent', 'sent']);
    expect(r.pushes).toHaveLength(1);
    expect(r.mails).toHaveLength(1);
    // The resend keys: Topic from the row id for push, Message-ID for the mail.
    const pushRow = (await db().select().from(outbox).where(inArray(outbox.id, ids))).find(
      (x) => x.channel === 'push',
    )!;
    expect(r.pushes[0].topic).toBe(pushRow.id.replaceAll('-', ''));
    expect(r.mails[0].messageId).toMatch(/@tantieme\.outbox>$/);
  });

  it('retries with backoff, then gives up after 5 attempts', async () => {
    const ids = await notification();
    const r = recorders();
    const failing: PushAdapter = {
      ...r.push,
      send: async () => ({ ok: false, gone: false, status: 500, error: 'HTTP 500' }),
    };
    await deliverPending(db(), r.mail, r.sms, undefined, { push: failing });
    const pushRow = (await db().select().from(outbox).where(inArray(outbox.id, ids))).find(
      (x) => x.channel === 'push',
    )!;
    expect(pushRow.status).toBe('pending');
    expect(pushRow.attempts).toBe(1);
    expect(pushRow.next_attempt_at!.getTime()).toBeGreaterThan(Date.now() + 3_000);
    // Not due yet: nothing is taken.
    expect(await deliverPending(db(), r.mail, r.sms, undefined, { push: failing })).toBe(0);
    for (let i = 0; i < 6; i++) {
      await db().update(outbox).set({ next_attempt_at: null }).where(eq(outbox.id, pushRow.id));
      await deliverPending(db(), r.mail, r.sms, undefined, { push: failing });
    }
    const [done] = await db().select().from(outbox).where(eq(outbox.id, pushRow.id));
    expect(done.status).toBe('failed');
    expect(done.attempts).toBe(5);
  });

  it.runIf(!!process.env.TEST_DATABASE_URL)(
    'a real worker process killed (SIGKILL) after its claim',
    async () => {
      const ids = await notification();
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
      expect(await statusOf(ids)).toEqual(['sending', 'sending']);
      const r = recorders();
      await db()
        .update(outbox)
        .set({ claimed_at: new Date(Date.now() - 120_000) })
        .where(inArray(outbox.id, ids));
      await deliverPending(db(), r.mail, r.sms, undefined, { push: r.push });
      expect(await statusOf(ids)).toEqual(['sent', 'sent']);
      expect(r.pushes).toHaveLength(1);
      expect(r.mails).toHaveLength(1);
    },
  );
});
