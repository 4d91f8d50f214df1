import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { syndicExternalRefs } from '../../../db/schema/index.js';
import { AppError } from '../../../http/errors.js';
import type { Tx } from './audit.js';
import { applyItems, type BulkItem, type FieldErrors, runBulk } from './bulk.js';
import { cursorWhere, decodeCursor, pageOf } from './cursor.js';
import type { SyndicApiContext } from './route.js';
import { requireExternalId, type UpsertDone, type UpsertSpec, upsertMany, upsertOne } from './upsert.js';

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
    async list(db: Db, api: SyndicApiContext, q: { limit: number; cursor?: string }) {
      const spec = def.spec(api);
      const after = decodeCursor(q.cursor, 1);
      const where: SQL[] = [
        eq(syndicExternalRefs.syndic_id, api.syndicId),
        eq(syndicExternalRefs.resource, spec.resource),
      ];
      if (after) where.push(cursorWhere('asc', [[syndicExternalRefs.external_id, after[0], 'text']]));
      const refs = await db
        .select({ external_id: syndicExternalRefs.external_id, id: syndicExternalRefs.internal_id })
        .from(syndicExternalRefs)
        .where(and(...where))
        .orderBy(asc(syndicExternalRefs.external_id))
        .limit(q.limit + 1);
      const bodies = refs.length
        ? await spec.load(
            db,
            refs.map((r) => r.id),
          )
        : new Map<string, T>();
      const rows = refs.flatMap((r) => {
        const b = bodies.get(r.id);
        return b ? [{ ...r, ...b }] : [];
      });
      return pageOf(rows, q.limit, (r) => [r.external_id]);
    },
  };
}
