import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { devices, type outbox } from '../db/schema/index.js';
import { REMOVAL_CHANNEL, removeIfUnused } from '../modules/files/removal.service.js';
import type { MailAdapter } from '../platform/mail.js';
import { attachmentsOf, LRE_DEPOSIT, LRE_LETTER } from '../platform/outbox.js';
import type { PushAdapter, PushSubscriptionJson } from '../platform/push.js';
import type { SmsAdapter } from '../platform/sms.js';
import type { StorageAdapter } from '../platform/storage.js';

export type OutboxRow = typeof outbox.$inferSelect;

/** A delivery that can never succeed (its device is gone): no retry. */
export class Gone extends Error {}

/** Sends one claimed row; throws to retry it later (or `Gone` to give up at once). */
export type DeliveryHandler = (row: OutboxRow) => Promise<void>;

export interface HandlerDeps {
  db: Db;
  mail: MailAdapter;
  sms: SmsAdapter;
  push: PushAdapter | null;
  /** Where the files removed by `storage-removal` rows and e-mail attachments are; a row needing it fails without it. */
  storage?: StorageAdapter | null;
  /** Deposits an assembly's letters not deposited yet with the LRE provider; returns how many failed. */
  lreDeposit?: ((assembleeId: string) => Promise<number>) | null;
  /** Deposits one letter of recovery (the `lre-letter` kind); throws when the provider failed. */
  lreLetter?: DeliveryHandler | null;
}

/** The `lre-deposit` kind: throws (to retry) while some letter of the assembly is not deposited. */
export const lreDepositHandler =
  (deposit: ((assembleeId: string) => Promise<number>) | null | undefined): DeliveryHandler =>
  async (row) => {
    if (!deposit) throw new Error('no LRE provider given to this worker');
    const failed = await deposit(row.recipient);
    if (failed) throw new Error(`${failed} letter(s) not deposited with the LRE provider`);
  };

/**
 * The delivery kinds of the outbox (a row's `channel`) and their handlers, and the removal of
 * stored files no longer used (decision 145). A new kind of
 * delivery is one entry here; the worker only claims, dispatches and records.
 */
export function deliveryHandlers(deps: HandlerDeps): Record<string, DeliveryHandler> {
  return {
    email: async (row) =>
      deps.mail.send({
        to: row.recipient,
        subject: row.subject ?? '',
        text: row.body,
        html: row.html ?? undefined,
        // A Message-ID from the row: a repeat after a crash is collapsed by the MUA.
        ...(row.ref_id ? { messageId: `<${row.id}@tantieme.outbox>` } : {}),
        ...(await attachmentsFor(deps.storage ?? null, row)),
      }),
    sms: (row) => deps.sms.send(row.recipient, row.body),
    push: (row) => sendPush(deps.db, deps.push, row.recipient, row.body, row.id),
    [REMOVAL_CHANNEL]: (row) => removeIfUnused(deps.db, deps.storage ?? null, row),
    [LRE_DEPOSIT]: lreDepositHandler(deps.lreDeposit),
    [LRE_LETTER]: async (row) => {
      if (!deps.lreLetter) throw new Error('no LRE provider given to this worker');
      await deps.lreLetter(row);
    },
  };
}

async function attachmentsFor(storage: StorageAdapter | null, row: OutboxRow) {
  const named = attachmentsOf(row.meta);
  if (named.length === 0) return {};
  if (!storage) throw new Error('attachments without storage');
  const attachments = await Promise.all(
    named.map(async (a) => ({
      filename: a.filename,
      contentType: a.content_type,
      content: await storage.get(a.storage_key),
    })),
  );
  return { attachments };
}

async function sendPush(db: Db, push: PushAdapter | null, deviceId: string, body: string, outboxId: string) {
  const [device] = await db.select().from(devices).where(eq(devices.id, deviceId)).limit(1);
  // The browser unsubscribed (logout) since: nothing to deliver to, ever.
  if (!device) throw new Gone('device gone');
  if (!push) throw new Error('push disabled (no VAPID keys)');
  let sub: PushSubscriptionJson;
  try {
    sub = JSON.parse(device.device_token) as PushSubscriptionJson;
  } catch {
    await db.delete(devices).where(eq(devices.id, deviceId));
    throw new Gone('invalid subscription');
  }
  const res = await push.send(sub, body, { topic: outboxId.replaceAll('-', '') });
  if (res.ok) return;
  if (res.gone) {
    // SPEC: a 404/410 from the push service means the subscription is dead: forget it.
    await db.delete(devices).where(eq(devices.id, deviceId));
    throw new Gone(`push service answered ${res.status}: subscription deleted`);
  }
  throw new Error(`push failed: ${res.error}`);
}
