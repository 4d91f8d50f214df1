import {
  type ChatCandidate,
  type ChatConversation,
  type ChatParticipantType,
  chatMessages as texts,
} from '@tantieme/contract';
import { AppError } from '../../http/errors.js';
import type { OwnedRecord } from '../access/access.service.js';
import * as repo from './chat.repo.js';
import * as participants from './chat.participants.repo.js';
import { recordActor, type ChatActor, type ChatDeps } from './chat.actor.js';
import { canWriteTo, canWriteToEach, contactsOf, recordContact, syndicContact } from './chat.contacts.js';
import { isMine, lastMessageOf } from './chat.present.js';

// ------------------------------------------------------------------ conversations

export async function listConversations(deps: ChatDeps, actor: ChatActor) {
  const rows = await repo.listForParticipants(deps.db, [actor.participantId]);
  return presentList(deps, actor, rows);
}

async function presentList(deps: ChatDeps, actor: ChatActor, rows: repo.ListRow[]) {
  const { contacts, records } = await contactsOf(
    deps.db,
    deps.storage,
    rows.map((r) => ({ id: r.other_id, type: r.other_type })),
  );
  const allow = await participants.allowOthersSettings(deps.db, [...records.keys()]);
  const shown = rows.flatMap((r) => {
    const contact = contacts.get(r.other_id);
    return contact ? [{ r, contact }] : [];
  });
  const writable = await canWriteToEach(
    deps.db,
    actor,
    shown.map(({ r, contact }) => ({
      conversationId: r.id,
      recipient: { id: r.other_id, type: contact.type, info: records.get(r.other_id) },
      allowOthers: allow.get(r.other_id),
    })),
  );
  const conversations: ChatConversation[] = shown.map(({ r, contact }, i) => ({
    id: r.id,
    contact,
    last_message: lastMessageOf(r, (by) => ({ mine: isMine(actor, by, r.other_id) })),
    un_seen: r.un_seen,
    can_write: writable[i],
  }));
  return { conversations, un_seen: conversations.reduce((n, c) => n + c.un_seen, 0) };
}

/** 'Rattacher un copropriétaire': the syndic first, then the building's other attached records. */
export async function candidates(deps: ChatDeps, record: OwnedRecord): Promise<ChatCandidate[]> {
  const actor = recordActor(record);
  const others = await participants.attachedRecordsOfCopro(
    deps.db,
    record.copropriete.id,
    record.coproprietaire.id,
  );
  const allow = await participants.allowOthersSettings(
    deps.db,
    others.map((o) => o.id),
  );
  const syndic = await syndicContact(deps.storage, record.syndic);
  const keyOf = (o: { id: string }) => repo.conversationKey(record.coproprietaire.id, o.id);
  const existing = await repo.findByKeys(deps.db, others.map(keyOf));
  const reachable = await canWriteToEach(
    deps.db,
    actor,
    others.map((o) => ({
      conversationId: existing.get(keyOf(o))?.id ?? null,
      recipient: { id: o.id, type: 'coproprietaire' as const, info: o },
      allowOthers: allow.get(o.id),
    })),
  );
  const list: ChatCandidate[] = [{ ...syndic, reachable: true }];
  for (const [i, o] of others.entries())
    list.push({ ...(await recordContact(deps.storage, o)), reachable: reachable[i] });
  return list;
}

/** Starts (or finds) the record's conversation with the syndic or another record of the building. */
export async function open(
  deps: ChatDeps,
  record: OwnedRecord,
  target: { participant_id: string; participant_type: ChatParticipantType },
): Promise<ChatConversation> {
  const me = record.coproprietaire.id;
  if (target.participant_type === 'syndic') {
    if (target.participant_id !== record.syndic.id) throw new AppError('NOT_FOUND');
  } else {
    if (target.participant_id === me) throw new AppError('NOT_FOUND');
    const [other] = await participants.recordsByIds(deps.db, [target.participant_id]);
    if (!other || other.copropriete_id !== record.copropriete.id || !other.user_id)
      throw new AppError('NOT_FOUND');
  }
  const key = repo.conversationKey(me, target.participant_id);
  let conv = await repo.findByKey(deps.db, key);
  if (!conv) {
    if (target.participant_type === 'coproprietaire') {
      const [info] = await participants.recordsByIds(deps.db, [target.participant_id]);
      const allow = await participants.allowOthersSettings(deps.db, [target.participant_id]);
      const ok = await canWriteTo(deps.db, recordActor(record), {
        conversationId: null,
        recipient: { id: target.participant_id, type: 'coproprietaire', info },
        allowOthers: allow.get(target.participant_id),
      });
      if (!ok) throw new AppError('FORBIDDEN', texts.notAllowed);
    }
    conv = await deps.db.transaction((tx) =>
      repo.createConversation(
        tx,
        record.copropriete.id,
        key,
        { id: me, type: 'coproprietaire' },
        { id: target.participant_id, type: target.participant_type },
      ),
    );
  }
  const { conversations } = await listConversations(deps, recordActor(record));
  const found = conversations.find((c) => c.id === conv.id);
  if (!found) throw new AppError('NOT_FOUND');
  return found;
}
