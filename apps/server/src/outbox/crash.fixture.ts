import { inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import { devices, outbox } from '../db/schema/index.js';
import { notify } from '../modules/notifications/notify.js';
import type { MailMessage } from '../platform/mail.js';
import type { PushAdapter } from '../platform/push.js';
import { makeCoproprietaire, makeSignedInUser } from '../test/factories.js';
import type { TestApp } from '../test/harness.js';

/** What the crash tests deliver through: recorders of the mails and pushes the worker sends. */
export function recorders() {
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

/** A notification with an e-mail and a push row in the outbox; their ids. */
export async function notification(t: TestApp) {
  const db = () => t.database.db;
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

export const statusOf = async (t: TestApp, ids: string[]) =>
  (await t.database.db.select().from(outbox).where(inArray(outbox.id, ids))).map((r) => r.status);
