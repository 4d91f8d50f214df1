import { and, asc, eq, ilike, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  coproprietaires,
  coproprietes,
  invitations,
  lots,
  repartitions,
  signalements,
  syndicAuditLog,
  users,
} from '../../db/schema/index.js';
import { anyOf, auditPage, externalIdsOf } from '../syndic-api/kit/index.js';

/** The reads of the console's building screens (its writes go through the domains' services). */

/** The buildings within reach: the syndic's all, or those ids (`null`: all), by name. */
export function buildingsIn(db: Executor, syndicId: string, ids: string[] | null) {
  const where: SQL[] = [eq(coproprietes.syndic_id, syndicId)];
  if (ids) where.push(anyOf(coproprietes.id, ids));
  return db
    .select({
      id: coproprietes.id,
      name: coproprietes.name,
      address: coproprietes.address,
      syndic_id: coproprietes.syndic_id,
    })
    .from(coproprietes)
    .where(and(...where))
    .orderBy(asc(coproprietes.name), asc(coproprietes.id));
}

/** A volunteer syndic's buildings (they may sit in different syndics). */
export function benevoleBuildingsIn(db: Executor, ids: string[]) {
  return db
    .select({
      id: coproprietes.id,
      name: coproprietes.name,
      address: coproprietes.address,
      syndic_id: coproprietes.syndic_id,
    })
    .from(coproprietes)
    .where(anyOf(coproprietes.id, ids))
    .orderBy(asc(coproprietes.name), asc(coproprietes.id));
}

export async function holdsRecord(db: Executor, userId: string) {
  const [row] = await db
    .select({ id: coproprietaires.id })
    .from(coproprietaires)
    .where(eq(coproprietaires.user_id, userId))
    .limit(1);
  return !!row;
}

export async function building(db: Executor, coproId: string) {
  const [row] = await db
    .select({
      c: coproprietes,
      lots: sql<number>`(select count(*)::int from ${lots} l where l.copropriete_id = ${coproId})`,
      owners: sql<number>`(select count(*)::int from ${coproprietaires} o where o.copropriete_id = ${coproId} and o.removed_at is null)`,
      benevole_first: users.first_name,
      benevole_last: users.last_name,
    })
    .from(coproprietes)
    .leftJoin(users, eq(users.id, coproprietes.syndic_benevole_user_id))
    .where(eq(coproprietes.id, coproId))
    .limit(1);
  return row;
}

const LIMIT = 20;

/**
 * Buildings, co-owners (name or e-mail) and lots (number or name) holding `q`, among the buildings
 * `within`: `ilike '%q%'` read from the trigram indexes of migration 0082, those starting with `q`
 * first, 20 of each kind at most.
 */
export async function search(db: Executor, within: SQL, q: string) {
  const escaped = q.replace(/[\\%_]/g, (c) => `\\${c}`);
  const like = `%${escaped}%`;
  const prefix = `${escaped}%`;
  const emails = sql`jsonb_path_query_array(${coproprietaires.contacts}, '$[*].emails[*].value')::text`;
  const copro = { id: coproprietes.id, name: coproprietes.name };
  const [buildings, owners, lotRows] = await Promise.all([
    db
      .select({ id: coproprietes.id, name: coproprietes.name, address: coproprietes.address })
      .from(coproprietes)
      .where(
        and(
          within,
          or(ilike(coproprietes.name, like), sql`${coproprietes.address}->>'full_address' ilike ${like}`),
        ),
      )
      .orderBy(sql`${coproprietes.name} ilike ${prefix} desc`, asc(coproprietes.name), asc(coproprietes.id))
      .limit(LIMIT),
    db
      .select({ id: coproprietaires.id, name: coproprietaires.display_name, copro })
      .from(coproprietaires)
      .innerJoin(coproprietes, eq(coproprietes.id, coproprietaires.copropriete_id))
      .where(
        and(
          within,
          or(
            ilike(coproprietaires.name, like),
            ilike(coproprietaires.display_name, like),
            sql`${emails} ilike ${like}`,
          ),
        ),
      )
      .orderBy(
        sql`(${coproprietaires.name} ilike ${prefix} or ${coproprietaires.display_name} ilike ${prefix}) desc`,
        asc(coproprietaires.name),
        asc(coproprietaires.id),
      )
      .limit(LIMIT),
    db
      .select({ id: lots.id, number: lots.lot_id, name: lots.name, copro })
      .from(lots)
      .innerJoin(coproprietes, eq(coproprietes.id, lots.copropriete_id))
      .where(and(within, or(ilike(lots.lot_id, like), ilike(lots.name, like))))
      .orderBy(sql`${lots.lot_id} ilike ${prefix} desc`, asc(coproprietes.name), asc(lots.lot_id))
      .limit(LIMIT),
  ]);
  return { buildings, owners, lots: lotRows };
}

/** The SQL condition "a building within reach" for `search` and the portfolio. */
export function reachCondition(syndicId: string | null, ids: string[] | null): SQL {
  const where: SQL[] = [];
  if (syndicId) where.push(eq(coproprietes.syndic_id, syndicId));
  if (ids) where.push(ids.length ? inArray(coproprietes.id, ids) : sql`false`);
  return and(...where) ?? sql`true`;
}

/**
 * A building's history: the audit lines of the building and of every lot, key, co-owner and
 * invitation of it, whoever wrote them (console, API key, import), newest first.
 */
export async function history(db: Executor, syndicId: string, coproId: string, cursor?: string, limit = 50) {
  const of = sql`${syndicAuditLog.resource_id} in (
    select ${coproId}::uuid
    union all select ${lots.id} from ${lots} where ${lots.copropriete_id} = ${coproId}
    union all select ${repartitions.id} from ${repartitions} where ${repartitions.copropriete_id} = ${coproId}
    union all select ${coproprietaires.id} from ${coproprietaires} where ${coproprietaires.copropriete_id} = ${coproId}
    union all select ${invitations.id} from ${invitations} join ${coproprietaires} on ${coproprietaires.id} = ${invitations.coproprietaire_id} where ${coproprietaires.copropriete_id} = ${coproId}
    union all select ${signalements.id} from ${signalements} where ${signalements.copropriete_id} = ${coproId}
  )`;
  return auditPage(
    db,
    [eq(syndicAuditLog.syndic_id, syndicId), isNotNull(syndicAuditLog.resource_id), of],
    limit,
    cursor,
  );
}

export async function externalIdOf(db: Executor, syndicId: string, coproId: string) {
  return (await externalIdsOf(db, syndicId, 'copropriete', [coproId])).get(coproId) ?? null;
}
