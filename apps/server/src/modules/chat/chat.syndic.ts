import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import * as repo from './chat.repo.js';
import * as participants from './chat.participants.repo.js';
import type { ChatActor, ChatDeps } from './chat.actor.js';
import { membership } from './chat.members.js';
import { authorNames, lastMessageOf, presentMessage } from './chat.present.js';

// ------------------------------------------------------------------ the syndic API

/** The syndic speaking through one of its staff (for reading, `admin` may be the syndic itself). */
export const syndicActor = (syndicId: string, admin: { id: string; name: string }): ChatActor => ({
  kind: 'staff',
  participantId: syndicId,
  syndicId,
  administratorId: admin.id,
  name: admin.name,
});

/** The conversations of a syndic (staff inbox), latest first, with the co-owner record of each. */
export async function syndicConversations(db: Db, syndicId: string) {
  const rows = await repo.listForParticipants(db, [syndicId]);
  const records = new Map(
    (
      await participants.recordsByIds(
        db,
        rows.map((r) => r.other_id),
      )
    ).map((r) => [r.id, r]),
  );
  return rows.flatMap((r) => {
    const rec = records.get(r.other_id);
    if (r.other_type !== 'coproprietaire' || !rec) return [];
    return [
      {
        id: r.id,
        copropriete_id: r.copropriete_id,
        coproprietaire: { id: rec.id, name: rec.display_name },
        un_seen: r.un_seen,
        last_message: lastMessageOf(r, (by) => ({ from_syndic: by !== r.other_id })),
      },
    ];
  });
}

/** 404 unless the conversation is one of this syndic's. */
export async function assertSyndicConversation(db: Db, syndicId: string, conversationId: string) {
  if (!(await repo.findMembership(db, conversationId, syndicId))) throw new AppError('NOT_FOUND');
}

/** Whether a message of that id exists in that conversation (an idempotent replay). */
export async function findConversationMessage(
  deps: ChatDeps,
  actor: ChatActor,
  conversationId: string,
  id: string,
) {
  const { other } = await membership(deps.db, actor, conversationId);
  const m = await repo.findMessage(deps.db, conversationId, id);
  if (!m) return null;
  const names = await authorNames(deps.db, [m.created_by]);
  return presentMessage(actor, m, other, names);
}
