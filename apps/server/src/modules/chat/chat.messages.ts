import { CHAT_EVENTS, CHAT_LOAD_LAST, type ChatMessageEvent } from '@tantieme/contract';
import { AppError } from '../../http/errors.js';
import { readCoalesced } from '../notifications/coalesce.js';
import * as repo from './chat.repo.js';
import type { ChatActor, ChatDeps } from './chat.actor.js';
import { chatNotificationKey, emitChange, membership } from './chat.members.js';
import { authorNames, presentMessage } from './chat.present.js';

// ------------------------------------------------------------------ messages

/** SPEC §9: the last 25 messages; `before` pages to the 25 older ones (scroll up). */
export async function messages(deps: ChatDeps, actor: ChatActor, conversationId: string, before?: string) {
  const { other } = await membership(deps.db, actor, conversationId);
  let anchor: repo.MessageRow | undefined;
  if (before) {
    anchor = (await repo.findMessage(deps.db, conversationId, before)) ?? undefined;
    if (!anchor) throw new AppError('NOT_FOUND');
  }
  const rows = await repo.pageMessages(deps.db, conversationId, CHAT_LOAD_LAST, anchor);
  const page = rows.slice(0, CHAT_LOAD_LAST).reverse();
  const names = await authorNames(deps.db, [...new Set(page.map((m) => m.created_by))]);
  return {
    messages: page.map((m) => presentMessage(actor, m, other, names)),
    has_more: rows.length > CHAT_LOAD_LAST,
  };
}

/** Opening a conversation sets its unseen count to 0 (SPEC §7); the other side sees 'read'. */
export async function seen(deps: ChatDeps, actor: ChatActor, conversationId: string) {
  const { other } = await membership(deps.db, actor, conversationId);
  await repo.markSeen(deps.db, conversationId, actor.participantId);
  // The conversation is read: so is its notification, and the next message notifies again.
  if (actor.kind === 'record')
    await readCoalesced(deps, actor.participantId, chatNotificationKey(conversationId)).catch(() => 0);
  emitChange(deps.realtime, conversationId, [
    { id: actor.participantId, type: actor.kind === 'record' ? 'coproprietaire' : 'syndic' },
    { id: other.participant_id, type: other.participant_type },
  ]);
  deps.realtime.toRoom(`conversation:${conversationId}`, CHAT_EVENTS.message, {
    conversation_id: conversationId,
    message_id: '',
  } satisfies ChatMessageEvent);
  return { un_seen: 0 };
}

export async function unseen(deps: ChatDeps, actor: ChatActor) {
  return { un_seen: await repo.totalUnseen(deps.db, actor.participantId) };
}

/** A short-lived signed URL of a file of the conversation (members only). */
export async function fileUrl(deps: ChatDeps, actor: ChatActor, conversationId: string, fileId: string) {
  await membership(deps.db, actor, conversationId);
  if (!(await repo.conversationHasFile(deps.db, conversationId, fileId))) throw new AppError('NOT_FOUND');
  const file = await repo.findFile(deps.db, fileId);
  if (!file) throw new AppError('NOT_FOUND');
  return {
    url: await deps.storage.signedGetUrl(file.storage_key, 300),
    name: file.name,
    content_type: file.content_type,
  };
}
