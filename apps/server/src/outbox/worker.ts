import { and, asc, eq, inArray, lt, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { outbox } from '../db/schema/index.js';
import type { MailAdapter } from '../platform/mail.js';
import type { SmsAdapter } from '../platform/sms.js';

const MAX_ATTEMPTS = 5;

/** Delivers pending outbox rows once; returns how many were handled. */
export async function deliverPending(db: Db, mail: MailAdapter, sms: SmsAdapter, log?: FastifyBaseLogger) {
  // Claim a batch atomically so several instances never send the same row; a row left
  // 'sending' by a crashed instance is claimed again after 5 minutes.
  const claimable = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        lt(outbox.attempts, MAX_ATTEMPTS),
        or(
          eq(outbox.status, 'pending'),
          and(eq(outbox.status, 'sending'), lt(outbox.created_at, new Date(Date.now() - 5 * 60_000))),
        ),
      ),
    )
    .orderBy(asc(outbox.created_at))
    .limit(20)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(outbox)
    .set({ status: 'sending' })
    .where(inArray(outbox.id, claimable))
    .returning();
  for (const row of rows) {
    try {
      if (row.channel === 'email') {
        await mail.send({
          to: row.recipient,
          subject: row.subject ?? '',
          text: row.body,
          html: row.html ?? undefined,
        });
      } else if (row.channel === 'sms') {
        await sms.send(row.recipient, row.body);
      }
      await db
        .update(outbox)
        .set({ status: 'sent', sent_at: new Date(), attempts: row.attempts + 1 })
        .where(eq(outbox.id, row.id));
      // Never log the body: it may hold a code.
      log?.info({ outboxId: row.id, channel: row.channel }, 'outbox message delivered');
    } catch (err) {
      const attempts = row.attempts + 1;
      await db
        .update(outbox)
        .set({
          attempts,
          status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
          last_error: String(err).slice(0, 500),
        })
        .where(eq(outbox.id, row.id));
      log?.warn({ outboxId: row.id, attempts }, 'outbox delivery failed');
    }
  }
  return rows.length;
}

/** Polls the outbox every `intervalMs`; returns a stop function. */
export function startOutboxWorker(
  db: Db,
  mail: MailAdapter,
  sms: SmsAdapter,
  log: FastifyBaseLogger,
  intervalMs = 1000,
) {
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      await deliverPending(db, mail, sms, log);
    } catch (err) {
      log.error({ err }, 'outbox worker error');
    } finally {
      running = false;
    }
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
