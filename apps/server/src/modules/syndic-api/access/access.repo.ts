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

export async function insertInvitation(db: Executor, v: typeof invitations.$inferInsert) {
  const [row] = await db.insert(invitations).values(v).returning();
  return row;
}

export function listInvitations(db: Executor, coproprietaireId: string) {
  return db
    .select()
    .from(invitations)
    .where(eq(invitations.coproprietaire_id, coproprietaireId))
    .orderBy(desc(invitations.created_at));
}
