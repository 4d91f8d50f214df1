import type { Db } from '../db/client.js';
import { outbox } from '../db/schema/index.js';

export interface OutboxMessage {
  channel: 'email' | 'sms' | 'push';
  recipient: string;
  subject?: string;
  body: string;
  html?: string;
  /** The plain verification code, kept only outside production so /dev/outbox can show it. */
  code?: string;
  meta?: Record<string, unknown>;
}

/**
 * Queues a message in the same transaction as the change that causes it (pass the tx).
 * The worker delivers it; nothing is sent if the transaction rolls back.
 */
export async function enqueue(db: Pick<Db, 'insert'>, m: OutboxMessage, opts: { production: boolean }) {
  const [row] = await db
    .insert(outbox)
    .values({
      channel: m.channel,
      recipient: m.recipient,
      subject: m.subject,
      body: m.body,
      html: m.html,
      code: opts.production ? null : (m.code ?? null),
      meta: m.meta,
    })
    .returning({ id: outbox.id });
  return row.id;
}
