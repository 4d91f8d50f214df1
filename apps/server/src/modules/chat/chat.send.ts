import {
  CHAT_EVENTS,
  CHAT_FILE_MAX_BYTES,
  CHAT_FILE_TYPES,
  type ChatMessage,
  type ChatMessageEvent,
  type ChatParticipantType,
  chatMessages as texts,
  type chatSendBody,
} from '@tantieme/contract';
import type { z } from 'zod';
import { AppError } from '../../http/errors.js';
import { randomToken } from '../../lib/crypto.js';
import { stageCoalescedNotification } from '../notifications/coalesce.js';
import * as repo from './chat.repo.js';
import * as participants from './chat.participants.repo.js';
import { queueCoproprietaireEvent } from '../syndic-api/webhooks/webhooks.service.js';
import type { ChatActor, ChatDeps } from './chat.actor.js';
import { canWriteTo } from './chat.contacts.js';
import { chatNotificationKey, emitChange, membership } from './chat.members.js';
import { authorNames, presentMessage } from './chat.present.js';

// ------------------------------------------------------------------ files and sending

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
      ? await participants.recordsByIds(deps.db, [other.participant_id])
      : [];
  const allow = info ? await participants.allowOthersSettings(deps.db, [info.id]) : new Map<string, string>();
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
