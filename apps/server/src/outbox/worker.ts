import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { outbox } from '../db/schema/index.js';
import type { MailAdapter } from '../platform/mail.js';
import type { PushAdapter } from '../platform/push.js';
import type { SmsAdapter } from '../platform/sms.js';
import type { StorageAdapter } from '../platform/storage.js';
import { type DeliveryHandler, deliveryHandlers, Gone, type OutboxRow } from './handlers.js';

const MAX_ATTEMPTS = 5;
/** A claim older than this belongs to a worker that died: the row is taken again. */
const DEFAULT_LEASE_MS = 60_000;
/** Retry n waits BACKOFF_BASE_MS · 2^(n-1): 5 s, 10 s, 20 s, 40 s. */
const BACKOFF_BASE_MS = 5_000;

export interface WorkerOptions {
  push?: PushAdapter | null;
  /** Where e-mail attachments are read from and removed files are deleted. */
  storage?: StorageAdapter | null;
  leaseMs?: number;
  /** Deposits an assembly's registered electronic letters (the `lre-deposit` kind). */
  lreDeposit?: ((assembleeId: string) => Promise<number>) | null;
  /** Deposits a letter of recovery (the `lre-letter` kind). */
  lreLetter?: DeliveryHandler | null;
  /** Test seam: runs after the claim is committed and before anything is sent. */
  afterClaim?: (ids: string[]) => Promise<void> | void;
}

export const backoffMs = (attempts: number) => BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1);

/**
 * Delivers due outbox rows once; returns how many were claimed.
 * Claim (status 'sending', attempts + 1, claimed_at) commits before any send, with SKIP LOCKED
 * so two instances never take the same row; a worker that dies after the claim leaves the row
 * 'sending' and another takes it once the lease expires (nothing lost). A row is marked 'sent'
 * right after its send; the window between the two is covered by the push Topic / e-mail
 * Message-ID derived from the row id, so a repeat is collapsed by the push service or the MUA.
 */
export async function deliverPending(
  db: Db,
  mail: MailAdapter,
  sms: SmsAdapter,
  log?: FastifyBaseLogger,
  opts: WorkerOptions = {},
) {
  const rows = await claim(db, opts.leaseMs ?? DEFAULT_LEASE_MS);
  if (rows.length === 0) return 0;
  await opts.afterClaim?.(rows.map((r) => r.id));
  const handlers = deliveryHandlers({
    db,
    mail,
    sms,
    push: opts.push ?? null,
    storage: opts.storage ?? null,
    lreDeposit: opts.lreDeposit ?? null,
    lreLetter: opts.lreLetter ?? null,
  });
  await runClaimed(db, rows, handlers, log);
  return rows.length;
}

/**
 * Runs the given rows now with the given handlers, unless a worker holds them: what a request
 * queued in its transaction and wants tried before it answers (the same claim, so the worker and
 * the request never both run a row). Returns how many failed (left to the worker's retries).
 */
export async function deliverNow(
  db: Db,
  ids: string[],
  handlers: Record<string, DeliveryHandler>,
  log?: FastifyBaseLogger,
) {
  if (ids.length === 0) return 0;
  const rows = await claim(db, DEFAULT_LEASE_MS, ids);
  return runClaimed(db, rows, handlers, log);
}

/**
 * One statement: lock what is due and free (SKIP LOCKED), mark it taken and count the attempt, so
 * a row that keeps killing its worker still runs out of attempts.
 */
async function claim(db: Db, leaseMs: number, only?: string[]) {
  const now = new Date();
  const claimable = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        only ? inArray(outbox.id, only) : undefined,
        lt(outbox.attempts, MAX_ATTEMPTS),
        or(
          and(
            eq(outbox.status, 'pending'),
            or(isNull(outbox.next_attempt_at), lte(outbox.next_attempt_at, now)),
          ),
          and(eq(outbox.status, 'sending'), lt(outbox.claimed_at, new Date(now.getTime() - leaseMs))),
        ),
      ),
    )
    .orderBy(asc(outbox.created_at))
    .limit(20)
    .for('update', { skipLocked: true });
  return db
    .update(outbox)
    .set({ status: 'sending', claimed_at: now, attempts: sql`${outbox.attempts} + 1` })
    .where(inArray(outbox.id, claimable))
    .returning();
}

/** Sends each claimed row and records the outcome; returns how many failed. */
async function runClaimed(
  db: Db,
  rows: OutboxRow[],
  handlers: Record<string, DeliveryHandler>,
  log?: FastifyBaseLogger,
) {
  let failed = 0;
  for (const row of rows) {
    const attempts = row.attempts;
    try {
      const handler = handlers[row.channel];
      if (!handler) throw new Gone(`no handler for the delivery kind '${row.channel}'`);
      await handler(row);
      await db
        .update(outbox)
        .set({ status: 'sent', sent_at: new Date(), attempts, last_error: null })
        .where(eq(outbox.id, row.id));
      // Never log the body: it may hold a code.
      log?.info({ outboxId: row.id, channel: row.channel }, 'outbox message delivered');
    } catch (err) {
      failed += 1;
      const final = err instanceof Gone || attempts >= MAX_ATTEMPTS;
      await db
        .update(outbox)
        .set({
          attempts,
          status: final ? 'failed' : 'pending',
          last_error: String(err instanceof Error ? err.message : err).slice(0, 500),
          next_attempt_at: final ? null : new Date(Date.now() + backoffMs(attempts)),
        })
        .where(eq(outbox.id, row.id));
      log?.warn({ outboxId: row.id, channel: row.channel, attempts }, 'outbox delivery failed');
    }
  }
  return failed;
}

/** Polls the outbox every `intervalMs`; returns a stop function. */
export function startOutboxWorker(
  db: Db,
  mail: MailAdapter,
  sms: SmsAdapter,
  log: FastifyBaseLogger,
  intervalMs = 1000,
  opts: WorkerOptions = {},
) {
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      // Drain: keep going while full batches come back.
      while ((await deliverPending(db, mail, sms, log, opts)) === 20);
    } catch (err) {
      log.error({ err }, 'outbox worker error');
    } finally {
      running = false;
    }
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
