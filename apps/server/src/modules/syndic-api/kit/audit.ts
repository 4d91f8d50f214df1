import { and, desc, eq, gte, type SQL } from 'drizzle-orm';
import { insertRows } from '../../../db/bulk.js';
import type { Db, Tx, Executor } from '../../../db/client.js';
import { uuid7 } from '../../../lib/uuid7.js';
import { syndicAuditLog } from '../../../db/schema/index.js';
import { cursorWhere, decodeCursor, exactTime, pageOf } from './cursor.js';
import type { SyndicApiContext } from './route.js';

export type { Tx, Executor };

export type AuditAction =
  | 'created'
  | 'updated'
  | 'deleted'
  | 'detached'
  | 'regenerated'
  | 'sent'
  | 'revoked'
  | 'acknowledged'
  | 'conflict'
  | 'restored'
  | 'anonymised';
export type Changes = Record<string, { before: unknown; after: unknown }>;

interface AuditBase {
  action: AuditAction;
  resource: string;
  resourceId?: string | null;
  externalId?: string | null;
}

/**
 * An audit entry: `changes` (field → before/after; `diff(before, after)` builds it from two
 * snapshots), or for a creation `values`, the fields created (nulls left out).
 */
export type AuditInput = AuditBase &
  ({ changes: Changes } | { action: 'created'; values: Record<string, unknown> });

/** Stable JSON (sorted keys, undefined dropped) so two equal values compare equal. */
export function canonical(v: unknown): string {
  return JSON.stringify(v, (_k, x) =>
    x && typeof x === 'object' && !Array.isArray(x)
      ? Object.fromEntries(
          Object.keys(x)
            .sort()
            .filter((k) => x[k] !== undefined)
            .map((k) => [k, x[k]]),
        )
      : x,
  );
}

/** Equal values: primitives compared as they are, objects by their canonical JSON. */
export function sameValue(a: unknown, b: unknown) {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  return canonical(a) === canonical(b);
}

/** The fields of `after` whose value differs from `before` (null before = created). */
export function diff(before: Record<string, unknown> | null, after: Record<string, unknown> | null): Changes {
  const out: Changes = {};
  if (before === null) {
    // A creation: every field that holds something (no canonical form needed against nothing).
    for (const [k, a] of Object.entries(after ?? {}))
      if (a !== null && a !== undefined) out[k] = { before: null, after: a };
    return out;
  }
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const k of keys) {
    const b = before?.[k] ?? null;
    const a = after?.[k] ?? null;
    if (!sameValue(b, a)) out[k] = { before: b, after: a };
  }
  return out;
}

/**
 * What the log stores: a creation as its values alone (field → value), since its before is null
 * by definition; the list shows it as {before: null, after} again (`shown`). Half the bytes of a
 * bulk import's entries (decision 161).
 */
function stored(e: AuditInput): Record<string, unknown> {
  if ('values' in e) return e.values;
  if (e.action !== 'created') return e.changes;
  const out: Record<string, unknown> = {};
  for (const [k, c] of Object.entries(e.changes)) out[k] = c.after;
  return out;
}

/** The stored changes as the API shows them. */
export function shown(action: string, changes: Record<string, unknown>): Changes {
  if (action !== 'created') return changes as Changes;
  const out: Changes = {};
  for (const [k, after] of Object.entries(changes)) out[k] = { before: null, after };
  return out;
}

/** The audit rows of these entries (for `insertAtOnce`, or written by `writeAudit`). */
export function auditRows(api: SyndicApiContext, entries: AuditInput[]) {
  return entries.map((e) => ({
    // Time-ordered: a batch's entries append to the log's indexes (decision 146).
    id: uuid7(),
    syndic_id: api.syndicId,
    api_key_id: api.keyId,
    actor: api.actor,
    actor_user_id: api.userId ?? null,
    action: e.action,
    resource: e.resource,
    resource_id: e.resourceId ?? null,
    external_id: e.externalId ?? null,
    changes: stored(e),
  }));
}

/** Writes audit entries in the caller's transaction, so a rolled-back write leaves no entry. */
export async function writeAudit(tx: Executor, api: SyndicApiContext, entries: AuditInput[]) {
  await insertRows(tx, syndicAuditLog, auditRows(api, entries));
}

/** A page of audit entries matching `where`, newest first (`cursor` from the previous page). */
export async function auditPage(db: Executor, where: SQL[], limit: number, cursor?: string) {
  const after = decodeCursor(cursor, 2);
  if (after)
    where.push(
      cursorWhere('desc', [
        [syndicAuditLog.at, after[0], 'timestamptz'],
        [syndicAuditLog.id, after[1], 'uuid'],
      ]),
    );
  const rows = await db
    .select({ r: syndicAuditLog, cursor_at: exactTime(syndicAuditLog.at) })
    .from(syndicAuditLog)
    .where(and(...where))
    .orderBy(desc(syndicAuditLog.at), desc(syndicAuditLog.id))
    .limit(limit + 1);
  return pageOf(rows, limit, (x) => [x.cursor_at, x.r.id]);
}

/** The syndic's audit log, newest first, cursor-paginated; with `updated_since`, the entries since. */
export async function listAudit(
  db: Db,
  syndicId: string,
  q: { limit: number; cursor?: string; resource?: string; external_id?: string; updated_since?: string },
) {
  const where: SQL[] = [eq(syndicAuditLog.syndic_id, syndicId)];
  if (q.updated_since) where.push(gte(syndicAuditLog.at, new Date(q.updated_since)));
  if (q.resource) where.push(eq(syndicAuditLog.resource, q.resource));
  if (q.external_id) where.push(eq(syndicAuditLog.external_id, q.external_id));
  const page = await auditPage(db, where, q.limit, q.cursor);
  return {
    ...page,
    // The log is append-only: nothing in it is ever deleted, so a delta has no tombstone.
    deleted: [],
    items: page.items.map(({ r }) => ({
      id: r.id,
      at: r.at.toISOString(),
      key: { id: r.api_key_id, name: r.actor },
      action: r.action as AuditAction,
      resource: r.resource,
      resource_id: r.resource_id,
      external_id: r.external_id,
      changes: shown(r.action, r.changes),
    })),
  };
}
