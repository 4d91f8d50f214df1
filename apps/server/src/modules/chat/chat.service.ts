import {
  CHAT_EVENTS,
  CHAT_FILE_MAX_BYTES,
  CHAT_FILE_TYPES,
  CHAT_LOAD_LAST,
  type ChatCandidate,
  type ChatContact,
  type ChatConversation,
  type ChatMessage,
  type ChatMessageEvent,
  type ChatParticipantType,
  type ChatUpdateEvent,
  chatCanWrite,
  chatMessages as texts,
  type chatSendBody,
  positionLabel,
} from '@tantieme/contract';
import type { z } from 'zod';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { randomToken } from '../../lib/crypto.js';
import type { StorageAdapter } from '../../platform/storage.js';
import type { Realtime } from '../../realtime/index.js';
import type { OwnedRecord } from '../access/access.service.js';
import { avatarUrl } from '../identity/identity.presenter.js';
import { readCoalesced, stageCoalescedNotification } from '../notifications/coalesce.js';
import * as repo from './chat.repo.js';
import { queueCoproprietaireEvent } from '../syndic-api/webhooks/webhooks.service.js';

/**
 * Who acts in a conversation: a co-owner record, or a staff member of a syndic speaking as
 * 'the syndic' (participant = the syndic, author = the staff member's administrator id).
 */
export type ChatActor =
  | { kind: 'record'; participantId: string; record: OwnedRecord }
  | {
      kind: 'staff';
      participantId: string;
      syndicId: string;
      administratorId: string;
      name: string;
    };

export interface ChatDeps {
  db: Db;
  storage: StorageAdapter;
  realtime: Realtime;
  /** For the notification of a new message (notify.ts: e-mail links). */
  config: Pick<Config, 'env' | 'publicUrl'>;
}

export const recordActor = (record: OwnedRecord): ChatActor => ({
  kind: 'record',
  participantId: record.coproprietaire.id,
  record,
});

const roomOf = (type: string, id: string) => (type === 'syndic' ? `syndic:${id}` : `coproprietaire:${id}`);
const ALLOW_KEY_DEFAULT = '0';

// ------------------------------------------------------------------ presenting

type RecordInfo = Awaited<ReturnType<typeof repo.recordsByIds>>[number];

async function recordContact(storage: StorageAdapter, r: RecordInfo): Promise<ChatContact> {
  return {
    id: r.id,
    type: 'coproprietaire',
    name: r.display_name,
    avatar: await avatarUrl(storage, r.avatar ?? null),
    position: positionLabel(r),
  };
}

async function syndicContact(
  storage: StorageAdapter,
  s: { id: string; name: string; logo_url: string | null; use_synple: boolean },
): Promise<ChatContact> {
  let avatar: string | null = null;
  if (!s.use_synple && s.logo_url)
    avatar = /^(https?:|\/)/.test(s.logo_url) ? s.logo_url : await storage.signedGetUrl(s.logo_url, 3600);
  return { id: s.id, type: 'syndic', name: s.name, avatar, position: '' };
}

/** Contacts (and the records behind them) for a set of participants, in one query per kind. */
async function contactsOf(db: Db, storage: StorageAdapter, ps: { id: string; type: string }[]) {
  const recordIds = [...new Set(ps.filter((p) => p.type === 'coproprietaire').map((p) => p.id))];
  const syndicIds = [...new Set(ps.filter((p) => p.type === 'syndic').map((p) => p.id))];
  const [records, syndicRows] = await Promise.all([
    repo.recordsByIds(db, recordIds),
    repo.syndicsByIds(db, syndicIds),
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
async function canWriteToEach(db: Db, actor: ChatActor, checks: WriteCheck[]): Promise<boolean[]> {
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

async function canWriteTo(db: Db, actor: ChatActor, check: WriteCheck): Promise<boolean> {
  return (await canWriteToEach(db, actor, [check]))[0];
}

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
  const allow = await repo.allowOthersSettings(deps.db, [...records.keys()]);
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
  const others = await repo.attachedRecordsOfCopro(deps.db, record.copropriete.id, record.coproprietaire.id);
  const allow = await repo.allowOthersSettings(
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
    const [other] = await repo.recordsByIds(deps.db, [target.participant_id]);
    if (!other || other.copropriete_id !== record.copropriete.id || !other.user_id)
      throw new AppError('NOT_FOUND');
  }
  const key = repo.conversationKey(me, target.participant_id);
  let conv = await repo.findByKey(deps.db, key);
  if (!conv) {
    if (target.participant_type === 'coproprietaire') {
      const [info] = await repo.recordsByIds(deps.db, [target.participant_id]);
      const allow = await repo.allowOthersSettings(deps.db, [target.participant_id]);
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

async function membership(db: Db, actor: ChatActor, conversationId: string) {
  const m = await repo.findMembership(db, conversationId, actor.participantId);
  if (!m) throw new AppError('NOT_FOUND');
  return m;
}

// ------------------------------------------------------------------ messages

async function authorNames(db: Db, ids: string[]) {
  const [records, admins] = await Promise.all([
    repo.recordsByIds(db, ids),
    repo.administratorsByIds(db, ids),
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
function lastMessageOf<W extends object>(r: repo.ListRow, who: (createdBy: string) => W) {
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
const isMine = (actor: ChatActor, createdBy: string, otherId: string) =>
  actor.kind === 'record' ? createdBy === actor.participantId : createdBy !== otherId;

function presentMessage(
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

const MAGIC: [string, (b: Buffer) => boolean][] = [
  ['application/pdf', (b) => b.subarray(0, 5).toString('latin1') === '%PDF-'],
  ['image/jpeg', (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff],
  [
    'image/png',
    (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  ],
  ['image/gif', (b) => b.subarray(0, 4).toString('latin1') === 'GIF8'],
  [
    'image/webp',
    (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  ],
];
const EXT: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'text/plain': 'txt',
  'text/csv': 'csv',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.ms-excel': 'xls',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
};
const TYPE_OF_EXT = Object.fromEntries(Object.entries(EXT).map(([t, e]) => [e, t]));
const isZip = (b: Buffer) => b[0] === 0x50 && b[1] === 0x4b;

/** Where an actor's attachments are uploaded: their own prefix, checked again on send. */
const prefixOf = (actor: ChatActor) =>
  actor.kind === 'record' ? `chat/r/${actor.participantId}/` : `chat/s/${actor.administratorId}/`;

/** A presigned PUT URL under the actor's own prefix (the avatar's upload checks). */
export async function uploadUrl(deps: ChatDeps, actor: ChatActor, fileType: string) {
  const ext = EXT[fileType];
  if (!ext || !(CHAT_FILE_TYPES as readonly string[]).includes(fileType))
    throw new AppError('VALIDATION_ERROR', texts.fileType, { errors: { file_type: texts.fileType } });
  const key = `${prefixOf(actor)}${randomToken(12)}.${ext}`;
  return { key, upload_url: await deps.storage.signedPutUrl(key, fileType, 15 * 60) };
}

/** Checks an uploaded object: own prefix, known type, size, and the content matches the type. */
async function checkUpload(deps: ChatDeps, actor: ChatActor, key: string, index: number) {
  const fail = (m: string) => new AppError('VALIDATION_ERROR', m, { errors: { [`files.${index}`]: m } });
  const prefix = prefixOf(actor);
  if (!key.startsWith(prefix) || !/^[A-Za-z0-9_-]+\.[a-z]+$/.test(key.slice(prefix.length)))
    throw fail(texts.fileInvalid);
  const ext = key.split('.').pop() ?? '';
  const type = TYPE_OF_EXT[ext];
  if (!type) throw fail(texts.fileType);
  let data: Buffer;
  try {
    data = await deps.storage.get(key);
  } catch {
    throw fail(texts.fileInvalid);
  }
  if (data.length === 0) throw fail(texts.fileInvalid);
  if (data.length > CHAT_FILE_MAX_BYTES) throw fail(texts.fileSize);
  const magic = MAGIC.find(([t]) => t === type);
  if (magic && !magic[1](data)) throw fail(texts.fileType);
  if (['docx', 'xlsx', 'odt', 'ods'].includes(ext) && !isZip(data)) throw fail(texts.fileType);
  return { type, size: data.length };
}

export async function send(
  deps: ChatDeps,
  actor: ChatActor,
  conversationId: string,
  body: z.output<typeof chatSendBody>,
  /** A message id chosen by the caller (the syndic API claims it for idempotency first). */
  messageId?: string,
): Promise<ChatMessage> {
  const { conversation, other } = await membership(deps.db, actor, conversationId);
  const text = body.text.trim();
  if (!text && body.files.length === 0)
    throw new AppError('VALIDATION_ERROR', texts.empty, { errors: { text: texts.empty } });
  const [info] =
    other.participant_type === 'coproprietaire'
      ? await repo.recordsByIds(deps.db, [other.participant_id])
      : [];
  const allow = info ? await repo.allowOthersSettings(deps.db, [info.id]) : new Map<string, string>();
  const ok = await canWriteTo(deps.db, actor, {
    conversationId,
    recipient: { id: other.participant_id, type: other.participant_type as ChatParticipantType, info },
    allowOthers: allow.get(other.participant_id),
  });
  if (!ok) throw new AppError('FORBIDDEN', texts.notAllowed);
  const checked = await Promise.all(body.files.map((f, i) => checkUpload(deps, actor, f.key, i)));
  const author = actor.kind === 'record' ? actor.participantId : actor.administratorId;
  const { m: row, staged } = await deps.db.transaction(async (tx) => {
    const fileRows = [];
    for (const [i, f] of body.files.entries()) {
      const c = checked[i] as { type: string; size: number };
      const stored = await repo.insertFile(tx, {
        storage_key: f.key,
        name: f.name,
        content_type: c.type,
        size: c.size,
      });
      fileRows.push({ id: stored.id, name: f.name, size: c.size, content_type: c.type, index: i });
    }
    const at = new Date();
    const m = await repo.insertMessage(tx, {
      ...(messageId ? { id: messageId } : {}),
      conversation_id: conversationId,
      created_by: author,
      text,
      files: fileRows,
      status: 1,
      created_date: at,
    });
    // Also locks the recipient's membership row: concurrent sends to them wait, so the
    // coalescing below sees the notification the other one wrote (decision 57).
    await repo.afterMessage(tx, conversationId, actor.participantId, at);
    // A co-owner writing to the syndic: its software hears it, in the same transaction.
    if (actor.kind === 'record' && other.participant_type === 'syndic')
      await queueCoproprietaireEvent(tx, actor.participantId, 'message.created', {
        conversation: { id: conversationId },
        message: { id: m.id, text, files: fileRows.length, created_at: at.toISOString() },
      });
    const staged =
      other.participant_type === 'coproprietaire'
        ? await stageCoalescedNotification(
            tx,
            deps,
            [other.participant_id],
            chatNotificationKey(conversationId),
            chatNotification(actor, conversationId, text, fileRows.length),
          )
        : null;
    return { m, staged };
  });
  await staged?.afterCommit().catch(() => {
    // Stored and queued for push; the recipient's next fetch shows it.
  });
  emitChange(deps.realtime, conversation.id, [
    { id: actor.participantId, type: actor.kind === 'record' ? 'coproprietaire' : 'syndic' },
    { id: other.participant_id, type: other.participant_type },
  ]);
  deps.realtime.toRoom(`conversation:${conversation.id}`, CHAT_EVENTS.message, {
    conversation_id: conversation.id,
    message_id: row.id,
  } satisfies ChatMessageEvent);
  const names = await authorNames(deps.db, [author]);
  return presentMessage(actor, row, other, names);
}

const chatNotificationKey = (conversationId: string) => `chat:${conversationId}`;
const SNIPPET = 120;

/**
 * The notification of a new message for the other participant (a co-owner record; the syndic's
 * staff follow their shared inbox). The send already passed the opt-out rule (decision 45).
 */
function chatNotification(actor: ChatActor, conversationId: string, text: string, files: number) {
  const name = actor.kind === 'record' ? actor.record.coproprietaire.display_name : actor.name;
  const flat = text.replace(/\s+/g, ' ');
  const snippet = flat.length > SNIPPET ? `${flat.slice(0, SNIPPET - 1).trimEnd()}…` : flat;
  const body = snippet
    ? `${name} : « ${snippet} »`
    : files > 1
      ? `${name} vous a envoyé ${files} fichiers.`
      : `${name} vous a envoyé un fichier.`;
  return {
    title: 'Nouveau message dans la messagerie',
    body,
    type: 'CHAT',
    url: `/{id}/messaging?c=${conversationId}`,
    data: { conversation_id: conversationId },
    sender:
      actor.kind === 'record'
        ? { id: actor.participantId, name, avatar: null, type: 'coproprietaire' }
        : { id: actor.administratorId, name, avatar: null, type: 'administrator' },
  };
}

function emitChange(realtime: Realtime, conversationId: string, members: { id: string; type: string }[]) {
  for (const m of members)
    realtime.toRoom(roomOf(m.type, m.id), CHAT_EVENTS.update, {
      conversation_id: conversationId,
      coproprietaire_id: m.type === 'coproprietaire' ? m.id : null,
    } satisfies ChatUpdateEvent);
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

// ------------------------------------------------------------------ §7 co-owner calls

/** SPEC §7 syndic-cpptr: the syndic of the record as a chat contact. */
export function syndicCpptr(storage: StorageAdapter, record: OwnedRecord) {
  return syndicContact(storage, record.syndic);
}

/** SPEC §7 /syndics/{id}/accounts/chat: the staff members who answer for the syndic. */
export async function accountsChat(deps: ChatDeps, syndicId: string) {
  const rows = await repo.chatAccounts(deps.db, syndicId);
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
  const records = await repo.recordsByIds(db, recordIds);
  if (records.some((r) => r.user_id === userId)) return true;
  const syndicIds = members.filter((m) => m.participant_type === 'syndic').map((m) => m.participant_id);
  if (syndicIds.length === 0) return false;
  const staff = await repo.activeStaffOfUser(db, userId);
  return !!staff && syndicIds.includes(staff.syndic_id);
}

/** The syndic a user answers for as staff (an active staff account), or null. */
export async function staffSyndicOfUser(db: Db, userId: string) {
  return (await repo.activeStaffOfUser(db, userId))?.syndic_id ?? null;
}

/** The staff actor of a user (an active staff account), or null. */
export async function staffActorOfUser(db: Db, userId: string): Promise<ChatActor | null> {
  const a = await repo.activeStaffOfUser(db, userId);
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
  const [s] = await repo.syndicsByIds(deps.db, [actor.syndicId]);
  return {
    id: actor.administratorId,
    display_name: actor.name,
    syndic: { id: actor.syndicId, name: s?.name ?? '' },
  };
}

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
      await repo.recordsByIds(
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
