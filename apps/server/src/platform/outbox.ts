import type { Db } from '../db/client.js';
import { outbox } from '../db/schema/index.js';

/**
 * The deposit of an assembly's electronic registered letters with the LRE provider: a network call
 * that must not run inside the publication's transaction, queued by it and retried like a delivery
 * (recipient: the assembly's id; the letters already deposited are skipped).
 */
export const LRE_DEPOSIT = 'lre-deposit';

/**
 * The deposit of one registered letter of recovery (a mise en demeure, art. 42-1) with the LRE
 * provider: recipient the letter's id (`relances`), subject and body its text.
 */
export const LRE_LETTER = 'lre-letter';

export interface OutboxMessage {
  channel: 'email' | 'sms' | 'push' | typeof LRE_DEPOSIT | typeof LRE_LETTER;
  recipient: string;
  subject?: string;
  body: string;
  html?: string;
  /** The plain verification code, kept only outside production so /dev/outbox can show it. */
  code?: string;
  meta?: Record<string, unknown>;
  /** Files sent with an e-mail, read from storage when it is delivered (kept in `meta`). */
  attachments?: OutboxAttachment[];
}

/** An e-mail's attachment by reference: the outbox row stays small, the file stays in storage. */
export interface OutboxAttachment {
  filename: string;
  content_type: string;
  storage_key: string;
}

/** The attachments an outbox row's meta names (none when absent or malformed). */
export function attachmentsOf(meta: unknown): OutboxAttachment[] {
  const list = (meta as { attachments?: unknown } | null)?.attachments;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (a): a is OutboxAttachment =>
      !!a &&
      typeof a.filename === 'string' &&
      typeof a.content_type === 'string' &&
      typeof a.storage_key === 'string',
  );
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
      meta: m.attachments?.length ? { ...(m.meta ?? {}), attachments: m.attachments } : m.meta,
    })
    .returning({ id: outbox.id });
  return row.id;
}
