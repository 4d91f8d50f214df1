import { insertCount } from '../../../db/bulk.js';
import { syndicExternalRefs } from '../../../db/schema/index.js';
import { uuid7 } from '../../../lib/uuid7.js';
import { type AuditInput, diff, type Executor, sameValue, type Tx, writeAudit } from './audit.js';
import { clearTombstones, touchRefs } from './delta.js';
import { refRows } from './refs.js';
import type { SyndicApiContext } from './route.js';

export type UpsertOutcome = 'created' | 'updated' | 'unchanged';

/**
 * How one resource is stored, for `upsertMany`. `T` is the resource as the API shows it (the
 * PUT body without `external_id`): `load` must give back exactly what `insert`/`update` stored,
 * so an identical re-send compares equal and answers `unchanged` without writing anything.
 */
interface SpecBase<T extends Record<string, unknown>> {
  /** Name in the refs table and the audit log ('copropriete', 'lot', 'document'…). */
  resource: string;
  load(db: Executor, ids: string[]): Promise<Map<string, T>>;
  /** The created rows of a chunk, at once. */
  insert(tx: Tx, rows: { id: string; data: T }[]): Promise<void>;
  /** Fields left out of the audit entry (large or secret values). */
  auditOmit?: (keyof T)[];
}

/** The changed rows of a chunk. */
export type UpdateRows<T> = { id: string; data: T; before: T }[];

export type UpsertSpec<T extends Record<string, unknown>> = SpecBase<T> &
  (
    | {
        /**
         * The changed rows written at once (set-based: `updateRows`, one statement per table
         * whatever their number): what the import and bulk resources give.
         */
        updateMany(tx: Tx, rows: UpdateRows<T>): Promise<void>;
      }
    | {
        /** One changed row (a resource written one at a time: documents, messages…). */
        update(tx: Tx, id: string, data: T, before: T): Promise<void>;
      }
  );

export interface UpsertItem<T> {
  externalId: string;
  data: T;
}
export interface UpsertDone {
  externalId: string;
  id: string;
  result: UpsertOutcome;
}

/** Items per round of statements: large, since each statement takes the whole chunk at once. */
const CHUNK = 5000;

/**
 * Idempotent upsert by the syndic's `external_id`, in the caller's transaction. The
 * (syndic, resource, external_id) primary key of `syndic_external_refs` makes two identical
 * concurrent PUTs safe: one claims the id and creates, the other waits on the key, then finds
 * the row and answers `unchanged`. Existing refs are locked (FOR UPDATE) while compared.
 * Every created or updated row gets an audit entry (the values created, or before/after of the
 * changed fields).
 */
export async function upsertMany<T extends Record<string, unknown>>(
  tx: Tx,
  api: SyndicApiContext,
  spec: UpsertSpec<T>,
  items: UpsertItem<T>[],
): Promise<UpsertDone[]> {
  const chunks: UpsertItem<T>[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) chunks.push(items.slice(i, i + CHUNK));
  if (chunks.length < 2 || new Set(items.map((i) => i.externalId)).size < items.length) {
    const out: UpsertDone[] = [];
    for (const c of chunks) out.push(...(await upsertChunk(tx, api, spec, c)));
    return out;
  }
  // Chunks of distinct external ids share nothing: two at a time on the transaction's one
  // connection, Node builds one chunk's documents while PostgreSQL writes the other's (the two
  // cores work at once, decision 161). Two, so that at most one statement waits behind the
  // running one. After an error no chunk starts, and both are waited for before it is thrown:
  // no statement may follow the transaction's rollback.
  const done: UpsertDone[][] = [];
  let failed: { error: unknown } | null = null;
  let next = 0;
  const worker = async () => {
    while (next < chunks.length && !failed) {
      const k = next++;
      try {
        done[k] = await upsertChunk(tx, api, spec, chunks[k]);
      } catch (error) {
        failed ??= { error };
      }
    }
  };
  await Promise.all([worker(), worker()]);
  if (failed) throw (failed as { error: unknown }).error;
  return done.flat();
}

async function upsertChunk<T extends Record<string, unknown>>(
  tx: Tx,
  api: SyndicApiContext,
  spec: UpsertSpec<T>,
  items: UpsertItem<T>[],
): Promise<UpsertDone[]> {
  if (items.length === 0) return [];
  const externalIds = items.map((i) => i.externalId);
  const known = await lockRefs(tx, api.syndicId, spec.resource, externalIds);
  const missing = externalIds.filter((e) => !known.has(e));
  const created = new Map<string, string>();
  if (missing.length) {
    const chosen = missing.map((e) => [e, uuid7()] as const);
    const claimed = await insertCount(
      tx,
      syndicExternalRefs,
      chosen.map(([e, id]) => ({
        syndic_id: api.syndicId,
        resource: spec.resource,
        external_id: e,
        internal_id: id,
      })),
      { onConflictDoNothing: true },
    );
    if (claimed === chosen.length) for (const [e, id] of chosen) created.set(e, id);
    else {
      // Some were claimed meanwhile by a concurrent call that has committed since: existing
      // rows now. Who holds each says which ids are ours.
      const held = await lockRefs(tx, api.syndicId, spec.resource, missing);
      for (const [e, id] of chosen) {
        const holder = held.get(e);
        if (holder === id) created.set(e, id);
        else if (holder) known.set(e, holder);
      }
    }
  }
  if (created.size) await clearTombstones(tx, api.syndicId, spec.resource, [...created.keys()]);
  const byExt = new Map(items.map((i) => [i.externalId, i]));
  const toInsert = [...created].map(([e, id]) => ({ id, data: byExt.get(e)!.data }));
  if (toInsert.length) await spec.insert(tx, toInsert);
  const current = known.size ? await spec.load(tx, [...known.values()]) : new Map<string, T>();
  const audit: AuditInput[] = [];
  const results: UpsertDone[] = [];
  const omit = (o: Record<string, unknown>) => {
    if (!spec.auditOmit?.length) return o;
    const c = { ...o };
    for (const k of spec.auditOmit) delete c[k as string];
    return c;
  };
  const omitted = new Set<string>((spec.auditOmit ?? []) as string[]);
  /** A creation's audit values: the fields sent that hold something. */
  const values = (o: Record<string, unknown>) => {
    const out: Record<string, unknown> = {};
    for (const k in o) if (o[k] !== null && o[k] !== undefined && !omitted.has(k)) out[k] = o[k];
    return out;
  };
  const changed: { item: UpsertItem<T>; id: string; before: T }[] = [];
  for (const item of items) {
    const newId = created.get(item.externalId);
    if (newId) {
      results.push({ externalId: item.externalId, id: newId, result: 'created' });
      audit.push({
        action: 'created',
        resource: spec.resource,
        resourceId: newId,
        externalId: item.externalId,
        values: values(item.data),
      });
      continue;
    }
    const id = known.get(item.externalId);
    const before = id ? current.get(id) : undefined;
    if (!id || !before) throw new Error(`syndic ref ${spec.resource}/${item.externalId} points to no row`);
    if (sameFields(item.data, before)) {
      results.push({ externalId: item.externalId, id, result: 'unchanged' });
      continue;
    }
    changed.push({ item, id, before });
    results.push({ externalId: item.externalId, id, result: 'updated' });
    audit.push({
      action: 'updated',
      resource: spec.resource,
      resourceId: id,
      externalId: item.externalId,
      changes: diff(omit(pick(before, item.data)), omit(item.data)),
    });
  }
  if (changed.length && 'updateMany' in spec)
    await spec.updateMany(
      tx,
      changed.map((c) => ({ id: c.id, data: c.item.data, before: c.before })),
    );
  else if ('update' in spec) for (const c of changed) await spec.update(tx, c.id, c.item.data, c.before);
  if (audit.length) await writeAudit(tx, api, audit);
  await touchRefs(
    tx,
    api.syndicId,
    spec.resource,
    results.filter((r) => r.result === 'updated').map((r) => r.id),
  );
  return results;
}

/** One PUT: the upsert of a single item. */
export async function upsertOne<T extends Record<string, unknown>>(
  tx: Tx,
  api: SyndicApiContext,
  spec: UpsertSpec<T>,
  externalId: string,
  data: T,
) {
  const [done] = await upsertMany(tx, api, spec, [{ externalId, data }]);
  return done;
}

function pick<T extends Record<string, unknown>>(row: T, like: Record<string, unknown>) {
  return Object.fromEntries(Object.keys(like).map((k) => [k, row[k]]));
}

/** Every field the caller sends equals what is stored (the same canonical JSON). */
function sameFields(desired: Record<string, unknown>, stored: Record<string, unknown>) {
  for (const k in desired) if (!sameValue(desired[k] ?? null, stored[k] ?? null)) return false;
  return true;
}

async function lockRefs(tx: Tx, syndicId: string, resource: string, externalIds: string[]) {
  const rows = await refRows(tx, syndicId, resource, 'external_id', externalIds, true);
  return new Map(rows.map((r) => [r.external_id, r.internal_id]));
}
