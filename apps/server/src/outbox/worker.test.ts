import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../db/schema/index.js';
import type { MailAdapter, MailMessage } from '../platform/mail.js';
import { enqueue } from '../platform/outbox.js';
import type { SmsAdapter } from '../platform/sms.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { deliverPending } from './worker.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function recorder() {
  const mails: MailMessage[] = [];
  const sms: { to: string; text: string }[] = [];
  const mail: MailAdapter = { kind: 'smtp', send: async (m) => void mails.push(m), close: async () => {} };
  const smsAdapter: SmsAdapter = { kind: 'http', send: async (to, text) => void sms.push({ to, text }) };
  return { mails, sms, mail, smsAdapter };
}

describe('outbox worker', () => {
  it('delivers each pending message once, by its channel', async () => {
    const db = t.database.db;
    await enqueue(
      db,
      {
        channel: 'email',
        recipient: 'a@example.fr',
        subject: 'Code',
        body: 'Votre code : 123456',
        code: '123456',
      },
      { production: false },
    );
    await enqueue(
      db,
      { channel: 'sms', recipient: '+33612345678', body: 'Code 654321' },
      { production: false },
    );
    const r = recorder();
    const [a, b] = await Promise.all([
      deliverPending(db, r.mail, r.smsAdapter),
      deliverPending(db, r.mail, r.smsAdapter),
    ]);
    expect(a + b).toBe(2);
    expect(r.mails).toEqual([
      { to: 'a@example.fr', subject: 'Code', text: 'Votre code : 123456', html: undefined },
    ]);
    expect(r.sms).toEqual([{ to: '+33612345678', text: 'Code 654321' }]);
    expect(await deliverPending(db, r.mail, r.smsAdapter)).toBe(0);
    const rows = await db.select().from(outbox);
    expect(rows.every((x) => x.status === 'sent')).toBe(true);
  });

  it('keeps a failed message pending with its error, and never stores the code in production', async () => {
    const db = t.database.db;
    const id = await enqueue(
      db,
      { channel: 'email', recipient: 'b@example.fr', subject: 'S', body: 'B', code: '999999' },
      { production: true },
    );
    const failing: MailAdapter = {
      kind: 'smtp',
      send: async () => {
        throw new Error('SMTP down');
      },
      close: async () => {},
    };
    await deliverPending(db, failing, recorder().smsAdapter);
    const row = (await db.select().from(outbox)).find((x) => x.id === id)!;
    expect(row.status).toBe('pending');
    expect(row.attempts).toBe(1);
    expect(row.last_error).toContain('SMTP down');
    expect(row.code).toBeNull();
  });
});

describe('delivery kinds', () => {
  it('dispatches each row to the handler of its kind; a kind without one fails at once, without retries', async () => {
    const db = t.database.db;
    const [row] = await db
      .insert(outbox)
      .values({ channel: 'fax', recipient: '+33100000000', body: 'Bonjour' })
      .returning({ id: outbox.id });
    const r = recorder();
    await deliverPending(db, r.mail, r.smsAdapter);
    const after = (await db.select().from(outbox)).find((x) => x.id === row.id)!;
    expect(after.status).toBe('failed');
    expect(after.last_error).toContain("no handler for the delivery kind 'fax'");
    expect(after.next_attempt_at).toBeNull();
    expect(r.mails).toEqual([]);
    expect(r.sms).toEqual([]);
  });
});
