import { asc, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  assemblees,
  chatMessages,
  conversationMembers,
  conversations,
  coproprietaires,
  coproprietes,
  invitations,
  ledgerLines,
  lots,
  signalements,
} from '../../db/schema/index.js';

export interface BuildingCounts {
  id: string;
  name: string;
  address: { full_address?: string | null; city?: string | null } | null;
  checklist_version: number;
  lots: number;
  owners: number;
  new_signalements: number;
  unanswered: number;
  pending_invitations: number;
  over_threshold: number;
  to_convene: number;
}

/**
 * The buildings within reach, by name, with the counts of the portfolio home and the version of
 * what their checklist reads, in one statement: each count a
 * correlated subquery on an index of its table (by building, or by co-owner through the building's).
 * `conveneBefore`: an assembly not yet convened whose date falls before it must be convened now.
 */
export async function buildingCounts(
  db: Executor,
  within: ReturnType<typeof sql>,
  o: { thresholdCents: number; now: Date; conveneBefore: Date },
): Promise<BuildingCounts[]> {
  const c = coproprietes;
  // Qualified by hand: inside a subquery, a bare "id" would be the subquery's own table's.
  const cid = sql.raw('"coproprietes"."id"');
  const owner = (cond: ReturnType<typeof sql>) =>
    sql<number>`(select count(*)::int from ${coproprietaires} o where o.copropriete_id = ${cid} and o.removed_at is null and ${cond})`;
  const rows = await db
    .select({
      id: c.id,
      name: c.name,
      address: c.address,
      checklist_version: c.checklist_version,
      lots: sql<number>`(select count(*)::int from ${lots} l where l.copropriete_id = ${cid})`,
      owners: owner(sql`true`),
      new_signalements: sql<number>`(select count(*)::int from ${signalements} s where s.copropriete_id = ${cid} and s.status = 'NOUVEAU')`,
      // A conversation with the syndic whose latest message is the co-owner's.
      unanswered: sql<number>`(select count(*)::int from ${conversations} cv
        join ${conversationMembers} m on m.conversation_id = cv.id and m.participant_type = 'syndic'
        where cv.copropriete_id = ${cid} and exists (
          select 1 from ${chatMessages} last where last.conversation_id = cv.id
            and last.created_by <> m.participant_id
            and last.created_date = (select max(x.created_date) from ${chatMessages} x where x.conversation_id = cv.id)))`,
      pending_invitations: owner(
        sql`o.user_id is null and exists (select 1 from ${invitations} i where i.coproprietaire_id = o.id and i.status = 1 and i.expiration_date > ${o.now.toISOString()}::timestamptz)`,
      ),
      // Only open lines weigh in a balance (a settled one's remaining is 0): summed by co-owner from
      // the partial index of open lines alone; only those over the threshold are then looked up.
      over_threshold: sql<number>`(select count(*)::int from (select ll.coproprietaire_id from ${ledgerLines} ll
        where ll.copropriete_id = ${cid} and ll.remaining_cents <> 0
        group by ll.coproprietaire_id
        having sum(case when ll.amount_type = 'debit' then ll.remaining_cents else -ll.remaining_cents end) > ${o.thresholdCents}) owing
        join ${coproprietaires} o on o.id = owing.coproprietaire_id and o.removed_at is null)`,
      to_convene: sql<number>`(select count(*)::int from ${assemblees} a where a.copropriete_id = ${cid}
        and a.published_at is null and a.date_effectue is null
        and a.date > ${o.now.toISOString()}::timestamptz and a.date <= ${o.conveneBefore.toISOString()}::timestamptz)`,
    })
    .from(c)
    .where(within)
    .orderBy(asc(c.name), asc(c.id));
  return rows;
}
