import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import type { StorageAdapter } from '../../platform/storage.js';
import type { OwnedRecord } from '../access/access.service.js';
import { avatarUrl } from '../identity/identity.presenter.js';
import * as repo from './chat.repo.js';
import * as participants from './chat.participants.repo.js';
import type { ChatActor, ChatDeps } from './chat.actor.js';
import { syndicContact } from './chat.contacts.js';

// ------------------------------------------------------------------ §7 co-owner calls

/** SPEC §7 syndic-cpptr: the syndic of the record as a chat contact. */
export function syndicCpptr(storage: StorageAdapter, record: OwnedRecord) {
  return syndicContact(storage, record.syndic);
}

/** SPEC §7 /syndics/{id}/accounts/chat: the staff members who answer for the syndic. */
export async function accountsChat(deps: ChatDeps, syndicId: string) {
  const rows = await participants.chatAccounts(deps.db, syndicId);
  return Promise.all(
    rows.map(async (a) => ({
      id: a.id,
      display_name: a.display_name || `${a.first_name} ${a.last_name}`.trim(),
      first_name: a.first_name,
      last_name: a.last_name,
      role: a.role,
      avatar: await avatarUrl(deps.storage, a.avatar),
    })),
  );
}

// ------------------------------------------------------------------ sockets

/**
 * May this user follow the conversation's room? Only while they hold a member record, or are
 * an active staff member of the syndic member (the guard's rule, without an HTTP request).
 */
export async function userMayJoinConversation(db: Db, userId: string, conversationId: string) {
  const members = await repo.membersOf(db, conversationId);
  const recordIds = members
    .filter((m) => m.participant_type === 'coproprietaire')
    .map((m) => m.participant_id);
  const records = await participants.recordsByIds(db, recordIds);
  if (records.some((r) => r.user_id === userId)) return true;
  const syndicIds = members.filter((m) => m.participant_type === 'syndic').map((m) => m.participant_id);
  if (syndicIds.length === 0) return false;
  const staff = await participants.activeStaffOfUser(db, userId);
  return !!staff && syndicIds.includes(staff.syndic_id);
}

/** The syndic a user answers for as staff (an active staff account), or null. */
export async function staffSyndicOfUser(db: Db, userId: string) {
  return (await participants.activeStaffOfUser(db, userId))?.syndic_id ?? null;
}

/** The staff actor of a user (an active staff account), or null. */
export async function staffActorOfUser(db: Db, userId: string): Promise<ChatActor | null> {
  const a = await participants.activeStaffOfUser(db, userId);
  if (!a) return null;
  return {
    kind: 'staff',
    participantId: a.syndic_id,
    syndicId: a.syndic_id,
    administratorId: a.id,
    name: a.display_name || `${a.first_name} ${a.last_name}`.trim(),
  };
}

export async function staffMe(deps: ChatDeps, actor: ChatActor) {
  if (actor.kind !== 'staff') throw new AppError('NOT_FOUND');
  const [s] = await participants.syndicsByIds(deps.db, [actor.syndicId]);
  return {
    id: actor.administratorId,
    display_name: actor.name,
    syndic: { id: actor.syndicId, name: s?.name ?? '' },
  };
}
