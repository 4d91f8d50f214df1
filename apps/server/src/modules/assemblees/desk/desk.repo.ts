import { and, asc, eq, gte, isNull, lt, or, sql } from 'drizzle-orm';
import { assembleeRecords, assemblees, coproprietes } from '../../../db/schema/index.js';
import type { Q } from '../assemblees.repo.js';

/** The assembly of a building, or nothing (another building's assembly is not found). */
export async function assembleeOfCopro(db: Q, assembleeId: string, coproId: string) {
  const [row] = await db
    .select()
    .from(assemblees)
    .where(and(eq(assemblees.id, assembleeId), eq(assemblees.copropriete_id, coproId)))
    .limit(1);
  return row;
}

/** Who follows the desk live: the building's syndic (its staff's room) and its volunteer syndic. */
export async function deskAudience(db: Q, coproId: string) {
  const [row] = await db
    .select({ syndic_id: coproprietes.syndic_id, benevole_user_id: coproprietes.syndic_benevole_user_id })
    .from(coproprietes)
    .where(eq(coproprietes.id, coproId))
    .limit(1);
  return row;
}

/** The records an entry of the syndic API chained, found by the entry's external_id. */
export function recordsOfEntry(db: Q, assembleeId: string, externalId: string) {
  return db
    .select({ seq: assembleeRecords.seq, kind: assembleeRecords.kind, digest: assembleeRecords.digest })
    .from(assembleeRecords)
    .where(
      and(
        eq(assembleeRecords.assemblee_id, assembleeId),
        sql`${assembleeRecords.payload}->>'entry_external_id' = ${externalId}`,
      ),
    )
    .orderBy(assembleeRecords.seq);
}

/** The building's assemblies in session, or not yet started and meeting between `from` and `to`. */
export function meetingsOf(db: Q, coproId: string, from: Date, to: Date) {
  return db
    .select({
      id: assemblees.id,
      name: assemblees.name,
      date: assemblees.date,
      status_session: assemblees.status_session,
    })
    .from(assemblees)
    .where(
      and(
        eq(assemblees.copropriete_id, coproId),
        or(
          eq(assemblees.status_session, 1),
          and(isNull(assemblees.status_session), gte(assemblees.date, from), lt(assemblees.date, to)),
        ),
      ),
    )
    .orderBy(asc(assemblees.date));
}
