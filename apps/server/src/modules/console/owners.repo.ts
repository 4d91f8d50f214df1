import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  coproprietaireLots,
  coproprietaires,
  coproprietes,
  demandesVoiePostale,
  invitations,
  ledgerLines,
  lots,
} from '../../db/schema/index.js';
import { anyOf } from '../syndic-api/kit/index.js';

type Invitation = typeof invitations.$inferSelect;
type InvitationJson = Omit<
  Pick<
    Invitation,
    'id' | 'coproprietaire_id' | 'status' | 'external_id' | 'metadata' | 'expiration_date' | 'created_at'
  >,
  'expiration_date' | 'created_at'
> & {
  expiration_date: string;
  created_at: string;
};

/**
 * A building's co-owner records (removed ones too: their state is shown), by name, in one
 * statement: each with its balance, its lots, its latest invitation and its request for the post
 * in force. `after` (name, id) and `limit`: a page, the next after the last one read (keyset).
 */
export async function ownersOf(
  db: Executor,
  coproId: string,
  o: { ids?: string[]; after?: { name: string; id: string }; limit?: number } = {},
) {
  const owner = sql.raw('"coproprietaires"."id"');
  const where = [eq(coproprietaires.copropriete_id, coproId)];
  if (o.ids) where.push(anyOf(coproprietaires.id, o.ids));
  if (o.after)
    where.push(
      sql`(${coproprietaires.name}, ${coproprietaires.id}) > (${o.after.name}, ${o.after.id}::uuid)`,
    );
  const query = db
    .select({
      c: coproprietaires,
      // Only open lines weigh in a balance (a settled line's remaining is 0): read from the partial
      // index of open lines alone (migration 0069).
      balance: sql<number>`(select coalesce(sum(case when ll.amount_type = 'debit' then ll.remaining_cents else -ll.remaining_cents end), 0)::int
        from ${ledgerLines} ll where ll.copropriete_id = ${coproId} and ll.coproprietaire_id = ${owner} and ll.remaining_cents <> 0)`,
      lots: sql<
        { id: string; number: string }[]
      >`coalesce((select json_agg(json_build_object('id', l.id, 'number', l.lot_id) order by l.lot_id)
        from ${coproprietaireLots} cl join ${lots} l on l.id = cl.lot_id where cl.coproprietaire_id = ${owner}), '[]'::json)`,
      invitation: sql<InvitationJson | null>`(select json_build_object('id', i.id, 'coproprietaire_id', i.coproprietaire_id,
          'status', i.status, 'external_id', i.external_id, 'metadata', i.metadata,
          'expiration_date', i.expiration_date, 'created_at', i.created_at)
        from ${invitations} i where i.coproprietaire_id = ${owner} order by i.created_at desc, i.id desc limit 1)`,
      postal_at: sql<string | null>`(select d.received_at from ${demandesVoiePostale} d
        where d.coproprietaire_id = ${owner} and d.withdrawn_at is null limit 1)`,
      benevole: sql<
        string | null
      >`(select b.syndic_benevole_user_id from ${coproprietes} b where b.id = ${coproId})`,
    })
    .from(coproprietaires)
    .where(and(...where))
    .orderBy(asc(coproprietaires.name), asc(coproprietaires.id));
  const rows = await (o.limit ? query.limit(o.limit) : query);
  return rows.map((r) => ({
    ...r,
    invitation: r.invitation
      ? {
          ...r.invitation,
          expiration_date: new Date(r.invitation.expiration_date),
          created_at: new Date(r.invitation.created_at),
        }
      : null,
    postal_at: r.postal_at ? new Date(r.postal_at) : null,
  }));
}

/** The building's invitation of that id, or undefined. */
export async function invitationIn(db: Executor, coproId: string, invitationId: string) {
  const [row] = await db
    .select({ id: invitations.id })
    .from(invitations)
    .innerJoin(coproprietaires, eq(coproprietaires.id, invitations.coproprietaire_id))
    .where(and(eq(invitations.id, invitationId), eq(coproprietaires.copropriete_id, coproId)))
    .limit(1);
  return row;
}

/** The building's records with no account, not removed: who `invite all` looks at. */
export async function unattachedIds(db: Executor, coproId: string) {
  const rows = await db
    .select({ id: coproprietaires.id })
    .from(coproprietaires)
    .where(
      and(
        eq(coproprietaires.copropriete_id, coproId),
        isNull(coproprietaires.user_id),
        isNull(coproprietaires.removed_at),
        isNull(coproprietaires.anonymised_at),
      ),
    );
  return rows.map((r) => r.id);
}
