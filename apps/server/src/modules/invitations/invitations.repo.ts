import { INVITATION_STATUS_REVOKED } from '@tantieme/contract';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { Exec } from '../identity/exec.js';
import { coproprietaires, coproprietes, invitations, syndics } from '../../db/schema/index.js';

/** An invitation with its co-owner record, copropriété and syndic alias. */
export async function findByCode(db: Exec, code: string) {
  const [row] = await db
    .select({
      invitation: invitations,
      coproprietaire: {
        id: coproprietaires.id,
        name: coproprietaires.name,
        display_name: coproprietaires.display_name,
        user_id: coproprietaires.user_id,
        removed_at: coproprietaires.removed_at,
      },
      copropriete_name: coproprietes.name,
      alias: syndics.alias,
    })
    .from(invitations)
    .innerJoin(coproprietaires, eq(coproprietaires.id, invitations.coproprietaire_id))
    .innerJoin(coproprietes, eq(coproprietes.id, coproprietaires.copropriete_id))
    .innerJoin(syndics, eq(syndics.id, coproprietes.syndic_id))
    .where(eq(sql`upper(${invitations.code})`, code.trim().toUpperCase()))
    .limit(1);
  return row;
}

/**
 * Uses the invitation (status 2) and attaches its co-owner record to the user, only if
 * nobody used it meanwhile; false otherwise.
 */
export async function useAndAttach(db: Exec, invitationId: string, coproprietaireId: string, userId: string) {
  const used = await db
    .update(invitations)
    .set({ status: 2, used_by_user_id: userId })
    .where(and(eq(invitations.id, invitationId), notInArray(invitations.status, [2, 3])))
    .returning({ id: invitations.id });
  if (used.length !== 1) return false;
  // The co-owner's other invitations end with this one.
  await revokePending(db, coproprietaireId);
  await db
    .update(coproprietaires)
    .set({ user_id: userId, attached_at: new Date() })
    .where(eq(coproprietaires.id, coproprietaireId));
  return true;
}

/** Withdraws a co-owner's invitations not yet used (removal, or registration through another). */
export async function revokePending(db: Exec, coproprietaireId: string) {
  const rows = await db
    .update(invitations)
    .set({ status: INVITATION_STATUS_REVOKED })
    .where(and(eq(invitations.coproprietaire_id, coproprietaireId), notInArray(invitations.status, [2, 3])))
    .returning({ id: invitations.id });
  return rows.length;
}
