import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import { diff, type Tx, writeAudit } from './audit.js';
import { applyItems, type BulkItem, type FieldErrors, runBulk } from './bulk.js';
import { decodeCursor, pageOf } from './cursor.js';
import { listRefs, writeTombstone } from './delta.js';
import type { SyndicApiContext } from './route.js';
import { forgetExternalId, requireExternalId } from './refs.js';
import { type UpsertDone, type UpsertSpec, upsertMany, upsertOne } from './upsert.js';

/**
 * A syndic resource addressed by external_id, from its `UpsertSpec` and an optional `check`
 * of references: GET one, list (cursor), PUT (400 naming the fields when `check` fails, nothing
 * written) and bulk. Modules with a plain resource only write the spec.
 */
export function externalResource<
  T extends Record<string, unknown>,
  S extends z.ZodType<{ external_id: string }>,
>(def: {
  item: S;
  spec: (api: SyndicApiContext) => UpsertSpec<T>;
  check?: (tx: Tx, api: SyndicApiContext, items: BulkItem<T>[]) => Promise<Map<number, FieldErrors>>;
  /** DELETE: what still depends on the row (a French reason, 409), and the deletion itself. */
  remove?: {
    blocker: (tx: Tx, api: SyndicApiContext, id: string) => Promise<string | null>;
    delete: (tx: Tx, api: SyndicApiContext, id: string) => Promise<void>;
  };
  /** After the write, in its transaction: warnings per item index (see `BulkHandlers.after`). */
  after?: (
    tx: Tx,
    api: SyndicApiContext,
    items: BulkItem<T>[],
    done: UpsertDone[],
  ) => Promise<Map<number, string[]>>;
}) {
  const after = def.after
    ? (api: SyndicApiContext) => (tx: Tx, v: BulkItem<unknown>[], done: UpsertDone[]) =>
        def.after!(tx, api, v as unknown as BulkItem<T>[], done)
    : () => undefined;
  const resourceOf = async (db: Db | Tx, api: SyndicApiContext, id: string, externalId: string) => {
    const body = (await def.spec(api).load(db, [id])).get(id);
    if (!body) throw new AppError('NOT_FOUND');
    return { id, external_id: externalId, ...body };
  };
  return {
    async get(db: Db, api: SyndicApiContext, externalId: string) {
      const id = await requireExternalId(db, api.syndicId, def.spec(api).resource, externalId);
      return resourceOf(db, api, id, externalId);
    },
    async put(db: Db, api: SyndicApiContext, externalId: string, data: T) {
      const spec = def.spec(api);
      return db.transaction(async (tx) => {
        if (def.check) {
          const errors = await def.check(tx, api, [{ index: 0, externalId, data }]);
          const e = errors.get(0);
          if (e) throw new AppError('VALIDATION_ERROR', undefined, { errors: e });
        }
        const done = await upsertOne(tx, api, spec, externalId, data);
        const warnings = def.after
          ? ((await def.after(tx, api, [{ index: 0, externalId, data }], [done])).get(0) ?? [])
          : [];
        return {
          result: done.result,
          id: done.id,
          resource: await resourceOf(tx, api, done.id, externalId),
          ...(warnings.length ? { warnings } : {}),
        };
      });
    },
    bulk(db: Db, api: SyndicApiContext, items: unknown[], dryRun?: boolean) {
      return runBulk(db, api, {
        schema: def.item,
        items,
        dryRun,
        check: def.check ? (tx, v) => def.check!(tx, api, v as unknown as BulkItem<T>[]) : undefined,
        write: (tx, v) => upsertMany(tx, api, def.spec(api), v as unknown as BulkItem<T>[]),
        after: after(api),
      });
    },
    /** Bulk semantics inside the caller's transaction (the portfolio import). */
    apply(tx: Tx, api: SyndicApiContext, items: unknown[]) {
      return applyItems(tx, {
        schema: def.item,
        items,
        check: def.check ? (t, v) => def.check!(t, api, v as unknown as BulkItem<T>[]) : undefined,
        write: (t, v) => upsertMany(t, api, def.spec(api), v as unknown as BulkItem<T>[]),
        after: after(api),
      });
    },
    /** A page by external_id; with `updated_since`, what changed since, deletions as tombstones. */
    async list(db: Db, api: SyndicApiContext, q: { limit: number; cursor?: string; updated_since?: string }) {
      const spec = def.spec(api);
      const after = decodeCursor(q.cursor, 1);
      const refs = await listRefs(db, api.syndicId, spec.resource, {
        limit: q.limit,
        after: after?.[0] ?? null,
        since: q.updated_since,
      });
      const live = refs.filter((r) => !r.deleted_at).map((r) => r.id);
      const bodies = live.length ? await spec.load(db, live) : new Map<string, T>();
      const rows = refs.flatMap<{ r: (typeof refs)[number]; body: T | null }>((r) => {
        if (r.deleted_at) return [{ r, body: null }];
        const body = bodies.get(r.id);
        return body ? [{ r, body }] : [];
      });
      const page = pageOf(rows, q.limit, (x) => [x.r.external_id]);
      return {
        items: page.items.flatMap(({ r, body }) =>
          body ? [{ id: r.id, external_id: r.external_id, ...body }] : [],
        ),
        deleted: page.items.flatMap(({ r }) =>
          r.deleted_at
            ? [{ external_id: r.external_id, deleted: true as const, deleted_at: r.deleted_at.toISOString() }]
            : [],
        ),
        next_cursor: page.next_cursor,
      };
    },
    /**
     * DELETE by external_id: 409 with `blocker`'s French reason while something depends on it;
     * else the row goes, its before-state stays in the audit log and a tombstone in the deltas.
     */
    async delete(db: Db, api: SyndicApiContext, externalId: string) {
      const remove = def.remove;
      if (!remove) throw new AppError('NOT_FOUND');
      const spec = def.spec(api);
      return db.transaction(async (tx) => {
        const id = await requireExternalId(tx, api.syndicId, spec.resource, externalId);
        const before = (await spec.load(tx, [id])).get(id);
        if (!before) throw new AppError('NOT_FOUND');
        const blocker = await remove.blocker(tx, api, id);
        if (blocker) throw new AppError('CONFLICT', blocker);
        await remove.delete(tx, api, id);
        await forgetExternalId(tx, api.syndicId, spec.resource, externalId);
        const stone = await writeTombstone(tx, {
          syndicId: api.syndicId,
          resource: spec.resource,
          externalId,
          id,
        });
        await writeAudit(tx, api, [
          {
            action: 'deleted',
            resource: spec.resource,
            resourceId: id,
            externalId,
            changes: diff(before, null),
          },
        ]);
        return {
          external_id: externalId,
          deleted: true as const,
          deleted_at: stone.deleted_at.toISOString(),
        };
      });
    },
  };
}
