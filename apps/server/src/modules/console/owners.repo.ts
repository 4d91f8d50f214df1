import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
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

/** A building's co-owner records (removed ones too: their state is shown), by name. */
export async function ownersOf(db: Executor, coproId: string, ids?: string[]) {
  const where = [eq(coproprietaires.copropriete_id, coproId)];
  if (ids) where.push(anyOf(coproprietaires.id, ids));
  const rows = await db
    .select({
      c: coproprietaires,
      balance: sql<number>`(select coalesce(sum(case when ${ledgerLines.amount_type} = 'debit' then ${ledgerLines.remaining_cents} else -${ledgerLines.remaining_cents} end), 0)::int from ${ledgerLines} where ${ledgerLines.coproprietaire_id} = ${coproprietaires.id})`,
    })
    .from(coproprietaires)
    .where(and(...where))
    .orderBy(asc(coproprietaires.name), asc(coproprietaires.id));
  const ownerIds = rows.map((r) => r.c.id);
  const [held, invs, postal, benevole] = ownerIds.length
    ? await Promise.all([
        db
          .select({ owner: coproprietaireLots.coproprietaire_id, id: lots.id, number: lots.lot_id })
          .from(coproprietaireLots)
          .innerJoin(lots, eq(lots.id, coproprietaireLots.lot_id))
          .where(anyOf(coproprietaireLots.coproprietaire_id, ownerIds))
          .orderBy(asc(lots.lot_id)),
        db
          .selectDistinctOn([invitations.coproprietaire_id])
          .from(invitations)
          .where(anyOf(invitations.coproprietaire_id, ownerIds))
          .orderBy(invitations.coproprietaire_id, desc(invitations.created_at), desc(invitations.id)),
        // The requests for the post in force (one at most per record).
        db
          .select({ owner: demandesVoiePostale.coproprietaire_id, at: demandesVoiePostale.received_at })
          .from(demandesVoiePostale)
          .where(
            and(
              anyOf(demandesVoiePostale.coproprietaire_id, ownerIds),
              isNull(demandesVoiePostale.withdrawn_at),
            ),
          ),
        db
          .select({ user: coproprietes.syndic_benevole_user_id })
          .from(coproprietes)
          .where(eq(coproprietes.id, coproId)),
      ])
    : [[], [], [], []];
  return { rows, held, invs, postal, benevoleUserId: benevole[0]?.user ?? null };
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
