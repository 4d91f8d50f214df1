import {
  INVITATION_REVOKED_MESSAGE,
  INVITATION_STATUS_REVOKED,
  INVITATION_STATUS_USED,
  type InvitationInfo,
} from '@tantieme/contract';
import type { Exec } from '../identity/exec.js';
import { AppError } from '../../http/errors.js';
import { queueCoproprietaireEvent } from '../syndic-api/webhooks/webhooks.service.js';
import * as repo from './invitations.repo.js';

type Found = NonNullable<Awaited<ReturnType<typeof repo.findByCode>>>;

const isExpired = (f: Found, now = new Date()) => f.invitation.expiration_date.getTime() < now.getTime();

/**
 * SPEC §3 Invitation token info. The client applies §8 (used, expired, no metadata); the
 * owner's details are only given while the invitation can still be used.
 */
export async function invitationInfo(db: Exec, code: string): Promise<InvitationInfo> {
  const f = await repo.findByCode(db, code);
  if (!f) throw new AppError('INVITATION_INVALID');
  const usable =
    f.invitation.status !== INVITATION_STATUS_USED &&
    f.invitation.status !== INVITATION_STATUS_REVOKED &&
    !f.coproprietaire.removed_at &&
    !isExpired(f);
  const meta = f.invitation.metadata;
  return {
    alias: f.alias,
    status: f.invitation.status,
    expiration_date: f.invitation.expiration_date.toISOString(),
    metadata:
      usable && meta
        ? { coproprietaire_name: f.coproprietaire.display_name, copropriete_name: f.copropriete_name }
        : null,
    coproprietaire_info: usable && meta?.coproprietaire_info ? meta.coproprietaire_info : null,
  };
}

/** Throws the §8 error unless the invitation can be accepted by `userId` (or a new user). */
export async function assertUsable(db: Exec, code: string, userId?: string) {
  const f = await repo.findByCode(db, code);
  if (!f || !f.invitation.metadata) throw new AppError('INVITATION_INVALID');
  if (f.invitation.status === INVITATION_STATUS_USED) throw new AppError('INVITATION_USED');
  // Withdrawn, or its co-owner removed from the building: no access through it, ever.
  if (f.invitation.status === INVITATION_STATUS_REVOKED || f.coproprietaire.removed_at)
    throw new AppError('INVITATION_INVALID', INVITATION_REVOKED_MESSAGE);
  if (isExpired(f)) throw new AppError('INVITATION_EXPIRED');
  if (userId && f.coproprietaire.user_id === userId) throw new AppError('USER_COPROPRIETAIRE_EXISTS');
  if (f.coproprietaire.user_id && f.coproprietaire.user_id !== userId)
    throw new AppError('COPROPRIETAIRE_ALREADY_ATTACHED');
  return f;
}

/**
 * Accepts an invitation: the co-owner record gets user_id and attached_at, the invitation
 * status 2. Pass the transaction of the caller (register) to do it atomically.
 */
export async function acceptInvitation(db: Exec, userId: string, code: string) {
  const f = await assertUsable(db, code, userId);
  const ok = await repo.useAndAttach(db, f.invitation.id, f.coproprietaire.id, userId);
  if (!ok) throw new AppError('INVITATION_USED');
  // The syndic's software hears of it (webhook outbox, in the caller's transaction).
  await queueCoproprietaireEvent(db, f.coproprietaire.id, 'invitation.accepted', {
    invitation: { id: f.invitation.id },
  });
  await queueCoproprietaireEvent(db, f.coproprietaire.id, 'coproprietaire.attached', { via: 'invitation' });
  return { id: f.coproprietaire.id };
}

/** Withdraws a co-owner's invitations not yet used (removal, anonymisation), in the caller's transaction. */
export const revokePending = (db: Exec, coproprietaireId: string) => repo.revokePending(db, coproprietaireId);
