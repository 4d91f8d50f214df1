import type { ChatMessage } from '@tantieme/contract';
import type { Db } from '../../db/client.js';
import type * as repo from './chat.repo.js';
import * as participants from './chat.participants.repo.js';
import type { ChatActor } from './chat.actor.js';

// ------------------------------------------------------------------ presenting messages

export async function authorNames(db: Db, ids: string[]) {
  const [records, admins] = await Promise.all([
    participants.recordsByIds(db, ids),
    participants.administratorsByIds(db, ids),
  ]);
  const names = new Map<string, string>();
  for (const r of records) names.set(r.id, r.display_name);
  for (const a of admins)
    names.set(a.id, a.display_name || `${a.first_name} ${a.last_name}`.trim() || 'Syndic');
  return names;
}

/**
 * A list row's last message, with who wrote it as the reader needs it (`mine` or
 * `from_syndic`); null before any.
 */
export function lastMessageOf<W extends object>(r: repo.ListRow, who: (createdBy: string) => W) {
  if (!r.last_created_date || !r.last_created_by) return null;
  return {
    text: r.last_text ?? '',
    files: r.last_files ?? 0,
    created_date: r.last_created_date,
    ...who(r.last_created_by),
  };
}

/**
 * Is the author on the actor's side? A record wrote it itself; for the syndic's staff, every
 * message not written by the co-owner is the syndic's (whichever staff member wrote it).
 */
export const isMine = (actor: ChatActor, createdBy: string, otherId: string) =>
  actor.kind === 'record' ? createdBy === actor.participantId : createdBy !== otherId;

export function presentMessage(
  actor: ChatActor,
  m: repo.MessageRow,
  other: repo.MemberRow,
  names: Map<string, string>,
): ChatMessage {
  const mine = isMine(actor, m.created_by, other.participant_id);
  return {
    id: m.id,
    conversation_id: m.conversation_id,
    text: m.text,
    files: m.files,
    status: m.status,
    created_by: m.created_by,
    created_by_name: names.get(m.created_by) ?? '',
    created_date: m.created_date.toISOString(),
    mine,
    read: mine && !!other.last_seen_at && other.last_seen_at >= m.created_date,
  };
}
