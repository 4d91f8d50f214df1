import { CHAT_EVENTS, type ChatUpdateEvent } from '@tantieme/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import type { Realtime } from '../../realtime/index.js';
import * as repo from './chat.repo.js';
import { roomOf, type ChatActor } from './chat.actor.js';

/** Membership of a conversation, and what its members are told (rooms, the coalesced notification's key). */

export async function membership(db: Db, actor: ChatActor, conversationId: string) {
  const m = await repo.findMembership(db, conversationId, actor.participantId);
  if (!m) throw new AppError('NOT_FOUND');
  return m;
}

export const chatNotificationKey = (conversationId: string) => `chat:${conversationId}`;

export function emitChange(
  realtime: Realtime,
  conversationId: string,
  members: { id: string; type: string }[],
) {
  for (const m of members)
    realtime.toRoom(roomOf(m.type, m.id), CHAT_EVENTS.update, {
      conversation_id: conversationId,
      coproprietaire_id: m.type === 'coproprietaire' ? m.id : null,
    } satisfies ChatUpdateEvent);
}
