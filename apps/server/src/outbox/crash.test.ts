import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../db/schema/index.js';
import type { PushAdapter } from '../platform/push.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { notification, recorders, statusOf } from './crash.fixture.js';
import { deliverPending } from './worker.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const db = () => t.database.db;

describe('outbox delivery survives a worker dying between claim and send', () => {
  it('a claimed row is neither lost nor sent twice (worker dies in-process)', async () => {
    const ids = await notification(t);
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
    expect(await statusOf(t, ids)).toEqual(['sending', 'sending']);
    // Within the lease, nobody takes them again.
    expect(await deliverPending(db(), r.mail, r.sms, undefined, { push: r.push })).toBe(0);
    // After the lease, another worker delivers each exactly once.
    await db()
      .update(outbox)
      .set({ claimed_at: new Date(Date.now() - 120_000) })
      .where(inArray(outbox.id, ids));
    expect(await deliverPending(db(), r.mail, r.sms, undefined, { push: r.push })).toBe(2);
    expect(await deliverPending(db(), r.mail, r.sms, undefined, { push: r.push })).toBe(0);
    expect(await statusOf(t, ids)).toEqual(['sent', 'sent']);
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
    const ids = await notification(t);
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
});
