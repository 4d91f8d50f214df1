import { and, desc, eq } from 'drizzle-orm';
import { coproprietaires, coproprietes, invitations, syndics } from '../../../db/schema/index.js';
import type { Executor } from '../kit/index.js';

/** The record with its building and syndic, only if it is this syndic's. */
export async function findRecord(db: Executor, syndicId: string, id: string) {
  const [row] = await db
    .select({
      c: coproprietaires,
      copropriete: coproprietes.name,
      alias: syndics.alias,
      syndic: syndics.name,
    })
    .from(coproprietaires)
    .innerJoin(coproprietes, eq(coproprietes.id, coproprietaires.copropriete_id))
    .innerJoin(syndics, eq(syndics.id, coproprietes.syndic_id))
    .where(and(eq(coproprietaires.id, id), eq(syndics.id, syndicId)))
    .limit(1);
  return row;
}

export async function setAttachCode(db: Executor, id: string, code: string) {
  await db.update(coproprietaires).set({ unique_code: code }).where(eq(coproprietaires.id, id));
}

/** Inserts an invitation; null when one with the same co-owner and external_id exists. */
export async function insertInvitation(db: Executor, v: typeof invitations.$inferInsert) {
  const [row] = await db.insert(invitations).values(v).onConflictDoNothing().returning();
  return row ?? null;
}

export async function invitationByExternalId(db: Executor, coproprietaireId: string, externalId: string) {
  const [row] = await db
    .select()
    .from(invitations)
    .where(and(eq(invitations.coproprietaire_id, coproprietaireId), eq(invitations.external_id, externalId)))
    .limit(1);
  return row;
}

export function listInvitations(db: Executor, coproprietaireId: string) {
  return db
    .select()
    .from(invitations)
    .where(eq(invitations.coproprietaire_id, coproprietaireId))
    .orderBy(desc(invitations.created_at));
}
