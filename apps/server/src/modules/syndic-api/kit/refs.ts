import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { syndicExternalRefs } from '../../../db/schema/index.js';
import { AppError } from '../../../http/errors.js';
import type { SyndicApiContext } from './route.js';

/** Resource names in `syndic_external_refs` and the audit log. */
export const RES = {
  group: 'document_group',
  document: 'document',
  invoice: 'supplier_invoice',
  communication: 'communication',
  notice: 'notice',
  copropriete: 'copropriete',
  coproprietaire: 'coproprietaire',
  lot: 'lot',
  repartition: 'repartition',
  charge: 'charge',
} as const;

/** `column = any($1)`: one array parameter, where `in ($1, …, $n)` costs a parameter an id. */
export const anyOf = (column: unknown, values: string[], type: 'text' | 'uuid' = 'uuid') =>
  sql`${column} = any(${sql.param(values)}::${sql.raw(type)}[])`;

const LOOKUP = 20_000;

/**
 * The syndic's refs of a resource whose external ids (or our ids) are among `values`, read by
 * batches of LOOKUP ids; `lock` takes them FOR UPDATE (inside the caller's transaction).
 */
export async function refRows(
  db: Executor,
  syndicId: string,
  resource: string,
  by: 'external_id' | 'internal_id',
  values: string[],
  lock = false,
) {
  const uniq = [...new Set(values)];
  const out: { external_id: string; internal_id: string }[] = [];
  for (let i = 0; i < uniq.length; i += LOOKUP) {
    const query = db
      .select({ external_id: syndicExternalRefs.external_id, internal_id: syndicExternalRefs.internal_id })
      .from(syndicExternalRefs)
      .where(
        and(
          eq(syndicExternalRefs.syndic_id, syndicId),
          eq(syndicExternalRefs.resource, resource),
          anyOf(syndicExternalRefs[by], uniq.slice(i, i + LOOKUP), by === 'external_id' ? 'text' : 'uuid'),
        ),
      );
    out.push(...(await (lock ? query.for('update') : query)));
  }
  return out;
}

/** external_id → our id for the syndic's resources (missing ones are absent from the map). */
export async function resolveExternalIds(
  db: Executor,
  syndicId: string,
  resource: string,
  externalIds: string[],
) {
  const rows = await refRows(db, syndicId, resource, 'external_id', externalIds);
  return new Map(rows.map((r) => [r.external_id, r.internal_id]));
}

/** Our id of the syndic's resource, or 404 (another syndic's external_id is simply unknown). */
export async function requireExternalId(
  db: Executor,
  syndicId: string,
  resource: string,
  externalId: string,
) {
  const id = (await resolveExternalIds(db, syndicId, resource, [externalId])).get(externalId);
  if (!id) throw new AppError('NOT_FOUND');
  return id;
}

/** our id → the syndic's external_id (for answers that name related resources). */
export async function externalIdsOf(db: Executor, syndicId: string, resource: string, ids: string[]) {
  const rows = await refRows(db, syndicId, resource, 'internal_id', ids);
  return new Map(rows.map((r) => [r.internal_id, r.external_id]));
}

/** Forgets an external id (after a deletion), so the same id may later create a new row. */
export async function forgetExternalId(tx: Executor, syndicId: string, resource: string, externalId: string) {
  await tx
    .delete(syndicExternalRefs)
    .where(
      and(
        eq(syndicExternalRefs.syndic_id, syndicId),
        eq(syndicExternalRefs.resource, resource),
        eq(syndicExternalRefs.external_id, externalId),
      ),
    );
}

/** The syndic's ids of the items already stored as this resource (external_id → id). */
export const storedIdsOf = (
  tx: Executor,
  api: SyndicApiContext,
  resource: string,
  items: readonly { externalId: string }[],
) =>
  resolveExternalIds(
    tx,
    api.syndicId,
    resource,
    items.map((i) => i.externalId),
  );

/** The syndic's references by external_id (another syndic's external_id is unknown here). */
export const refsOf = (tx: Executor, api: SyndicApiContext, resource: string, exts: string[]) =>
  resolveExternalIds(tx, api.syndicId, resource, exts);

/** A reference the item's `check` already found: a missing one is a bug, not a 400. */
export async function checkedId(tx: Executor, api: SyndicApiContext, resource: string, ext: string) {
  const id = (await refsOf(tx, api, resource, [ext])).get(ext);
  if (!id) throw new Error(`${resource} ${ext} vanished after check`);
  return id;
}

/** The external id the console gives a row it writes that has none yet (decision 169). */
export const consoleExternalId = (id: string) => `gestion-${id}`;

/**
 * Our ids → the syndic's external ids, giving each row that has none the console's id
 * (`gestion-<our id>`): the console then writes through the same upsert services as the API,
 * and the row becomes addressable by the API too. Idempotent (a concurrent adoption keeps one).
 */
export async function adoptExternalIds(tx: Executor, syndicId: string, resource: string, ids: string[]) {
  const known = await externalIdsOf(tx, syndicId, resource, ids);
  const missing = [...new Set(ids)].filter((id) => !known.has(id));
  if (missing.length) {
    await tx
      .insert(syndicExternalRefs)
      .values(
        missing.map((id) => ({
          syndic_id: syndicId,
          resource,
          external_id: consoleExternalId(id),
          internal_id: id,
        })),
      )
      .onConflictDoNothing();
    for (const [id, ext] of await externalIdsOf(tx, syndicId, resource, missing)) known.set(id, ext);
  }
  return known;
}

/**
 * Gives our row the syndic's external id; false when that external id already names a row (a
 * concurrent call won): the caller answers with that one.
 */
export async function claimExternalId(
  tx: Executor,
  syndicId: string,
  resource: string,
  externalId: string,
  id: string,
) {
  const rows = await tx
    .insert(syndicExternalRefs)
    .values({ syndic_id: syndicId, resource, external_id: externalId, internal_id: id })
    .onConflictDoNothing()
    .returning({ id: syndicExternalRefs.internal_id });
  return rows.length > 0;
}
