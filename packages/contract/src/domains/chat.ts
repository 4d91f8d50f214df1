import { z } from 'zod';
import { CHAT_LOAD_LAST } from '../constants.js';
import { defineEndpoint } from '../endpoint.js';
import { okEnvelope } from '../envelope.js';
import { uuidParam } from '../fields.js';

/**
 * Chat between a co-owner record and 'the syndic' (any staff member of the syndic answers) or
 * another co-owner record of the same copropriété (SPEC §2.14, §3 Chat, §6 Chat, §7 Real-time).
 * Paths the spec does not show are REST paths under the record (docs/api.md).
 */

/** Who a conversation is with: the syndic (its staff answer) or another co-owner record. */
export const chatParticipantType = z.enum(['syndic', 'coproprietaire']);
export type ChatParticipantType = z.infer<typeof chatParticipantType>;

/** SPEC §3 Chat contact {name, avatar, …}; position is 'PCS' / 'Conseil Syndical' / '' (SPEC §4). */
export const chatContactSchema = z.object({
  id: z.string(),
  type: chatParticipantType,
  name: z.string(),
  avatar: z.string().nullable(),
  position: z.string(),
});
export type ChatContact = z.infer<typeof chatContactSchema>;

/** SPEC §3 Chat attachments (name, size, content_type, index). */
export const chatFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number().int(),
  content_type: z.string(),
  index: z.number().int(),
});
export type ChatFile = z.infer<typeof chatFileSchema>;

/** SPEC §3 Chat message {text, files, status 1, created_by, created_date}, plus who and read state. */
export const chatMessageSchema = z.object({
  id: z.string(),
  conversation_id: z.string(),
  text: z.string(),
  files: z.array(chatFileSchema),
  status: z.number().int(),
  created_by: z.string(),
  /** The author's name: the co-owner, or the syndic staff member who answered. */
  created_by_name: z.string(),
  created_date: z.string(),
  mine: z.boolean(),
  /** Mine and seen by the other side (sent / read state). */
  read: z.boolean(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** One line of the contact list (SPEC §3 contact {name, avatar, last_message, un_seen}). */
export const chatConversationSchema = z.object({
  id: z.string(),
  contact: chatContactSchema,
  last_message: z
    .object({ text: z.string(), files: z.number().int(), created_date: z.string(), mine: z.boolean() })
    .nullable(),
  un_seen: z.number().int(),
  /** False when the other side turned off messages from co-owners and the caller may not write. */
  can_write: z.boolean(),
});
export type ChatConversation = z.infer<typeof chatConversationSchema>;

/** The 'Rattacher un copropriétaire' candidates: the syndic and the other records of the building. */
export const chatCandidateSchema = chatContactSchema.extend({ reachable: z.boolean() });
export type ChatCandidate = z.infer<typeof chatCandidateSchema>;

/** A staff member of a syndic as a chat peer (GET /syndics/{id}/accounts/chat). */
export const chatAccountSchema = z.object({
  id: z.string(),
  display_name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.string(),
  avatar: z.string().nullable(),
});

export const CHAT_TEXT_MAX = 4000;
export const CHAT_FILES_MAX = 5;
export const CHAT_FILE_MAX_BYTES = 10 * 1024 * 1024;
/** Attachment types accepted in the chat (the documents' types). */
export const CHAT_FILE_TYPES = [
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'text/plain',
  'text/csv',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
] as const;

export const chatMessages = {
  notAllowed: "Ce copropriétaire n'accepte pas les messages des autres copropriétaires.",
  fileType: "Ce type de fichier n'est pas accepté.",
  fileSize: 'Le fichier dépasse 10 Mo.',
  fileInvalid: 'Pièce jointe invalide.',
  empty: 'Écrivez un message ou joignez un fichier.',
} as const;

/**
 * SPEC §1: a co-owner may turn off messages from other co-owners; the syndic's staff and the
 * council can always be reached and can always write. A reply to someone who wrote first is
 * always allowed (the opt-out stops unsolicited messages, not answers).
 */
export function chatCanWrite(x: {
  senderIsStaff: boolean;
  senderIsCouncil: boolean;
  recipientType: ChatParticipantType;
  recipientIsCouncil: boolean;
  recipientAllowsOthers: boolean;
  recipientWroteHere: boolean;
}): boolean {
  if (x.recipientType === 'syndic') return true;
  return (
    x.senderIsStaff ||
    x.senderIsCouncil ||
    x.recipientIsCouncil ||
    x.recipientAllowsOthers ||
    x.recipientWroteHere
  );
}

const recordConv = z.object({ id: uuidParam, conversationId: uuidParam });

export const chatSendBody = z.object({
  text: z.string().max(CHAT_TEXT_MAX).default(''),
  /** Keys returned by the attachment upload URL call, with the name shown. */
  files: z
    .array(z.object({ key: z.string().min(1).max(300), name: z.string().trim().min(1).max(200) }))
    .max(CHAT_FILES_MAX)
    .default([]),
});

export const chatEndpoints = {
  /** SPEC §7 GET {id}/syndic-cpptr: the syndic as the record's chat contact. */
  syndicCpptr: defineEndpoint({
    method: 'GET',
    path: '/coproprietaires/:id/syndic-cpptr',
    summary: "The syndic of the record's copropriété as a chat contact",
    tags: ['chat'],
    params: z.object({ id: uuidParam }),
    response: okEnvelope(chatContactSchema),
  }),
  /** SPEC §7 GET /syndics/{id}/accounts/chat: the syndic's staff who answer its conversations. */
  accountsChat: defineEndpoint({
    method: 'GET',
    path: '/syndics/:id/accounts/chat',
    summary: "The syndic's staff members who answer chat conversations",
    tags: ['chat'],
    params: z.object({ id: uuidParam }),
    response: okEnvelope(z.array(chatAccountSchema)),
  }),
  conversations: defineEndpoint({
    method: 'GET',
    path: '/coproprietaires/:id/chat/conversations',
    summary: "The record's conversations, newest first, with unseen counts",
    tags: ['chat'],
    params: z.object({ id: uuidParam }),
    response: okEnvelope(
      z.object({ conversations: z.array(chatConversationSchema), un_seen: z.number().int() }),
    ),
  }),
  candidates: defineEndpoint({
    method: 'GET',
    path: '/coproprietaires/:id/chat/candidates',
    summary: 'Who the record may start a conversation with (never itself)',
    tags: ['chat'],
    params: z.object({ id: uuidParam }),
    response: okEnvelope(z.array(chatCandidateSchema)),
  }),
  open: defineEndpoint({
    method: 'POST',
    path: '/coproprietaires/:id/chat/conversations',
    summary: 'Start (or find) the conversation with the syndic or another co-owner of the building',
    tags: ['chat'],
    params: z.object({ id: uuidParam }),
    body: z.object({ participant_id: uuidParam, participant_type: chatParticipantType }),
    response: okEnvelope(chatConversationSchema),
  }),
  messages: defineEndpoint({
    method: 'GET',
    path: '/coproprietaires/:id/chat/conversations/:conversationId/messages',
    summary: `The last ${CHAT_LOAD_LAST} messages, or the ${CHAT_LOAD_LAST} before a message (older ones on scroll up)`,
    tags: ['chat'],
    params: recordConv,
    query: z.object({ before: uuidParam.optional() }),
    response: okEnvelope(z.object({ messages: z.array(chatMessageSchema), has_more: z.boolean() })),
  }),
  send: defineEndpoint({
    method: 'POST',
    path: '/coproprietaires/:id/chat/conversations/:conversationId/messages',
    summary: 'Send a message (text and/or uploaded attachments)',
    tags: ['chat'],
    params: recordConv,
    body: chatSendBody,
    response: okEnvelope(chatMessageSchema),
  }),
  seen: defineEndpoint({
    method: 'PUT',
    path: '/coproprietaires/:id/chat/conversations/:conversationId/seen',
    summary: 'Opening a conversation sets its unseen count to 0',
    tags: ['chat'],
    params: recordConv,
    response: okEnvelope(z.object({ un_seen: z.number().int() })),
  }),
  unseen: defineEndpoint({
    method: 'GET',
    path: '/coproprietaires/:id/chat/unseen',
    summary: "The record's unseen chat messages (header badge)",
    tags: ['chat'],
    params: z.object({ id: uuidParam }),
    response: okEnvelope(z.object({ un_seen: z.number().int() })),
  }),
  uploadUrl: defineEndpoint({
    method: 'POST',
    path: '/coproprietaires/:id/chat/attachments/presigned-url',
    summary: 'A presigned URL to PUT a chat attachment to',
    tags: ['chat'],
    params: z.object({ id: uuidParam }),
    body: z.object({
      file_name: z.string().trim().min(1).max(200),
      file_type: z.enum(CHAT_FILE_TYPES, { error: chatMessages.fileType }),
    }),
    response: okEnvelope(z.object({ upload_url: z.string(), key: z.string() })),
  }),
  fileUrl: defineEndpoint({
    method: 'GET',
    path: '/coproprietaires/:id/chat/conversations/:conversationId/files/:fileId',
    summary: 'A short-lived signed URL of an attachment of the conversation',
    tags: ['chat'],
    params: recordConv.extend({ fileId: uuidParam }),
    response: okEnvelope(z.object({ url: z.string(), name: z.string(), content_type: z.string() })),
  }),
};

/** Socket.IO events of the chat (SPEC §7 Real-time; rooms `conversation:<id>` joined by members only). */
export const CHAT_EVENTS = {
  joinConversation: 'join-conversation',
  leaveConversation: 'leave-conversation',
  /** To the conversation room: a new message (the open panel refetches). */
  message: 'chat-message',
  /** To the members' rooms: a conversation's list line or unseen count changed. */
  update: 'chat-update',
} as const;

export interface ChatMessageEvent {
  conversation_id: string;
  message_id: string;
}
export interface ChatUpdateEvent {
  conversation_id: string;
  /** The record whose list changed (null for the syndic's staff). */
  coproprietaire_id: string | null;
}
