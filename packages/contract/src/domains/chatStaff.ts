import { z } from 'zod';
import { CHAT_LOAD_LAST } from '../constants.js';
import { defineEndpoint } from '../endpoint.js';
import { okEnvelope } from '../envelope.js';
import { uuidParam } from '../fields.js';
import {
  CHAT_FILE_TYPES,
  chatConversationSchema,
  chatMessages,
  chatMessageSchema,
  chatSendBody,
} from './chat.js';

const staffConv = z.object({ conversationId: uuidParam });

/**
 * The staff inbox: a syndic's staff member (a user linked to the syndic) reads and answers every
 * conversation a co-owner of the syndic's buildings opened with 'the syndic'. Not staff: 404.
 */
export const staffChatEndpoints = {
  me: defineEndpoint({
    method: 'GET',
    path: '/staff/me',
    summary: 'The signed-in staff member and their syndic (404 when the user is not staff)',
    tags: ['chat'],
    response: okEnvelope(
      z.object({
        id: z.string(),
        display_name: z.string(),
        syndic: z.object({ id: z.string(), name: z.string() }),
      }),
    ),
  }),
  conversations: defineEndpoint({
    method: 'GET',
    path: '/staff/chat/conversations',
    summary: "The syndic's conversations with co-owners, newest first",
    tags: ['chat'],
    response: okEnvelope(
      z.object({ conversations: z.array(chatConversationSchema), un_seen: z.number().int() }),
    ),
  }),
  messages: defineEndpoint({
    method: 'GET',
    path: '/staff/chat/conversations/:conversationId/messages',
    summary: `The last ${CHAT_LOAD_LAST} messages, or the ${CHAT_LOAD_LAST} before a message`,
    tags: ['chat'],
    params: staffConv,
    query: z.object({ before: uuidParam.optional() }),
    response: okEnvelope(z.object({ messages: z.array(chatMessageSchema), has_more: z.boolean() })),
  }),
  send: defineEndpoint({
    method: 'POST',
    path: '/staff/chat/conversations/:conversationId/messages',
    summary: "Answer as the syndic (the co-owner sees the staff member's name)",
    tags: ['chat'],
    params: staffConv,
    body: chatSendBody,
    response: okEnvelope(chatMessageSchema),
  }),
  seen: defineEndpoint({
    method: 'PUT',
    path: '/staff/chat/conversations/:conversationId/seen',
    summary: "Opening a conversation sets the syndic's unseen count to 0",
    tags: ['chat'],
    params: staffConv,
    response: okEnvelope(z.object({ un_seen: z.number().int() })),
  }),
  uploadUrl: defineEndpoint({
    method: 'POST',
    path: '/staff/chat/attachments/presigned-url',
    summary: 'A presigned URL to PUT a chat attachment to',
    tags: ['chat'],
    body: z.object({
      file_name: z.string().trim().min(1).max(200),
      file_type: z.enum(CHAT_FILE_TYPES, { error: chatMessages.fileType }),
    }),
    response: okEnvelope(z.object({ upload_url: z.string(), key: z.string() })),
  }),
  fileUrl: defineEndpoint({
    method: 'GET',
    path: '/staff/chat/conversations/:conversationId/files/:fileId',
    summary: 'A short-lived signed URL of an attachment of the conversation',
    tags: ['chat'],
    params: staffConv.extend({ fileId: uuidParam }),
    response: okEnvelope(z.object({ url: z.string(), name: z.string(), content_type: z.string() })),
  }),
};
