import { type ChatContact, type ChatParticipantType, chatCanWrite, positionLabel } from '@tantieme/contract';
import type { Db } from '../../db/client.js';
import type { StorageAdapter } from '../../platform/storage.js';
import { avatarUrl } from '../identity/identity.presenter.js';
import * as repo from './chat.repo.js';
import * as participants from './chat.participants.repo.js';
import { ALLOW_KEY_DEFAULT, type ChatActor } from './chat.actor.js';

// ------------------------------------------------------------------ presenting

type RecordInfo = Awaited<ReturnType<typeof participants.recordsByIds>>[number];

export async function recordContact(storage: StorageAdapter, r: RecordInfo): Promise<ChatContact> {
  return {
    id: r.id,
    type: 'coproprietaire',
    name: r.display_name,
    avatar: await avatarUrl(storage, r.avatar ?? null),
    position: positionLabel(r),
  };
}

export async function syndicContact(
  storage: StorageAdapter,
  s: { id: string; name: string; logo_url: string | null; use_synple: boolean },
): Promise<ChatContact> {
  let avatar: string | null = null;
  if (!s.use_synple && s.logo_url)
    avatar = /^(https?:|\/)/.test(s.logo_url) ? s.logo_url : await storage.signedGetUrl(s.logo_url, 3600);
  return { id: s.id, type: 'syndic', name: s.name, avatar, position: '' };
}

/** Contacts (and the records behind them) for a set of participants, in one query per kind. */
export async function contactsOf(db: Db, storage: StorageAdapter, ps: { id: string; type: string }[]) {
  const recordIds = [...new Set(ps.filter((p) => p.type === 'coproprietaire').map((p) => p.id))];
  const syndicIds = [...new Set(ps.filter((p) => p.type === 'syndic').map((p) => p.id))];
  const [records, syndicRows] = await Promise.all([
    participants.recordsByIds(db, recordIds),
    participants.syndicsByIds(db, syndicIds),
  ]);
  const contacts = new Map<string, ChatContact>();
  for (const r of records) contacts.set(r.id, await recordContact(storage, r));
  for (const s of syndicRows) contacts.set(s.id, await syndicContact(storage, s));
  return { contacts, records: new Map(records.map((r) => [r.id, r])) };
}

// ------------------------------------------------------------------ the opt-out rule

interface WriteCheck {
  conversationId: string | null;
  recipient: { id: string; type: ChatParticipantType; info?: RecordInfo };
  allowOthers?: string;
}

/**
 * Whether the actor may write to each recipient. The rule alone decides most; the others ask
 * whether the recipient wrote in the conversation, all in one statement (a building's
 * candidates or a list of conversations was one query per row).
 */
export async function canWriteToEach(db: Db, actor: ChatActor, checks: WriteCheck[]): Promise<boolean[]> {
  const bases = checks.map(({ recipient, allowOthers }) => ({
    senderIsStaff: actor.kind === 'staff',
    senderIsCouncil: actor.kind === 'record' && actor.record.coproprietaire.is_member_syndicat,
    recipientType: recipient.type,
    recipientIsCouncil: !!recipient.info?.is_member_syndicat,
    recipientAllowsOthers: (allowOthers ?? ALLOW_KEY_DEFAULT) === '1',
    recipientWroteHere: false,
  }));
  const open = bases.map((b) => chatCanWrite(b));
  const asks = checks.flatMap((c, i) =>
    !open[i] && c.conversationId ? [{ conversationId: c.conversationId, authorId: c.recipient.id }] : [],
  );
  const wrote = await repo.writersIn(db, asks);
  return checks.map(
    (c, i) =>
      open[i] ||
      (!!c.conversationId &&
        wrote.has(`${c.conversationId}:${c.recipient.id}`) &&
        chatCanWrite({ ...bases[i], recipientWroteHere: true })),
  );
}

export async function canWriteTo(db: Db, actor: ChatActor, check: WriteCheck): Promise<boolean> {
  return (await canWriteToEach(db, actor, [check]))[0];
}
