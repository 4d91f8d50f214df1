import { z } from 'zod';
import { okEnvelope } from '../envelope.js';
import { idField } from '../fields.js';
import {
  deltaPage,
  listQuery,
  defineSyndicEndpoint,
  externalIdField,
  externalIdParams,
  upsertResponse,
  syndicText,
} from './syndicApi.js';

/**
 * The syndic's staff, conversations and verification of accounts in the syndic API
 * (decision 53): staff members are gestionnaires (`administrators`, same external ids) with an
 * account that answers the conversations co-owners open with 'the syndic'; the syndic submits the
 * year's accounts to the council and reads its progress.
 */

const text = syndicText;
const optionalText = (max: number) => z.string().trim().max(max).default('');

export const staffBody = z.object({
  first_name: optionalText(100),
  last_name: text(100),
  /** Name the co-owners see on the answers; first + last name when empty. */
  display_name: optionalText(200),
  role: z
    .enum(['administrateur', 'gestionnaire', 'comptable', 'assistant', 'direction'])
    .default('gestionnaire'),
  /** The account's sign-in e-mail; the invitation to choose a password is sent there. */
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254)
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/, { error: "Mauvaise syntaxe d'e-mail." }),
});
export type StaffBody = z.output<typeof staffBody>;
export const staffResource = staffBody.extend({
  id: z.string(),
  external_id: z.string(),
  /** invited: no password chosen yet; active: can sign in; disabled: can no longer sign in nor answer. */
  status: z.enum(['invited', 'active', 'disabled']),
  disabled_at: z.string().nullable(),
});

const conversationParams = z.object({ id: idField });

export const syndicConversationRow = z.object({
  id: z.string(),
  copropriete: z.object({ id: z.string(), external_id: z.string().nullable(), name: z.string() }),
  coproprietaire: z.object({ id: z.string(), external_id: z.string().nullable(), name: z.string() }),
  /** Messages of the co-owner the staff has not opened yet. */
  un_seen: z.number().int(),
  last_message: z
    .object({ text: z.string(), files: z.number().int(), created_date: z.string(), from_syndic: z.boolean() })
    .nullable(),
});

export const syndicChatMessage = z.object({
  id: z.string(),
  external_id: z.string().nullable(),
  text: z.string(),
  files: z.array(z.object({ name: z.string(), size: z.number().int(), content_type: z.string() })),
  created_date: z.string(),
  from_syndic: z.boolean(),
  /** The co-owner's name, or the staff member's who answered. */
  author: z.string(),
});

export const syndicReplyBody = z.object({
  /** The syndic's own id of this answer: sending it again posts nothing new. */
  external_id: externalIdField,
  /** external_id of the staff member who answers (an active member with an account). */
  staff: externalIdField,
  text: text(5000),
});

const verificationCount = z.object({ invoices: z.number().int(), verified: z.number().int() });
export const syndicVerificationState = z.object({
  /** 1 once the syndic has submitted the year's accounts to the council. */
  syndic_submit: z.number().int(),
  /** 1 once the council pressed 'Terminer'. */
  syndicat_finish: z.number().int(),
  years: z.array(
    z.object({
      year: z.number().int(),
      couple: z.string(),
      fonctionnement: verificationCount,
      travaux: verificationCount,
    }),
  ),
  totals: verificationCount,
});

export const syndicStaffEndpoints = {
  list: defineSyndicEndpoint({
    method: 'GET',
    path: '/syndic/v1/staff',
    summary:
      'Staff members (gestionnaires with an account): list by external_id; `updated_since` for those created, changed or disabled since',
    scope: 'read',
    query: listQuery,
    response: okEnvelope(deltaPage(staffResource)),
  }),
  get: defineSyndicEndpoint({
    method: 'GET',
    path: '/syndic/v1/staff/:external_id',
    summary: 'A staff member and the state of their account',
    scope: 'read',
    params: externalIdParams,
    response: okEnvelope(staffResource),
  }),
  put: defineSyndicEndpoint({
    method: 'PUT',
    path: '/syndic/v1/staff/:external_id',
    summary:
      'Create or update a staff member (a gestionnaire, same external_id) with an account; the first time, an invitation e-mail to choose a password (idempotent by external_id)',
    scope: 'write',
    params: externalIdParams,
    body: staffBody,
    response: upsertResponse(staffResource),
  }),
  disable: defineSyndicEndpoint({
    method: 'POST',
    path: '/syndic/v1/staff/:external_id/disable',
    summary:
      'Disable a staff member: their sessions end at once, they can no longer sign in nor answer; their past answers keep their name',
    scope: 'write',
    params: externalIdParams,
    response: okEnvelope(z.object({ result: z.enum(['updated', 'unchanged']), resource: staffResource })),
  }),
  conversations: defineSyndicEndpoint({
    method: 'GET',
    path: '/syndic/v1/conversations',
    summary:
      'Conversations co-owners opened with the syndic, latest message first (what the staff inbox shows); `updated_since` for those with a message since',
    scope: 'read',
    query: listQuery,
    response: okEnvelope(deltaPage(syndicConversationRow)),
  }),
  messages: defineSyndicEndpoint({
    method: 'GET',
    path: '/syndic/v1/conversations/:id/messages',
    summary:
      'The messages of a conversation with the syndic, oldest first (the last 25; `before` pages back)',
    scope: 'read',
    params: conversationParams,
    query: z.object({ before: idField.optional() }),
    response: okEnvelope(z.object({ messages: z.array(syndicChatMessage), has_more: z.boolean() })),
  }),
  reply: defineSyndicEndpoint({
    method: 'POST',
    path: '/syndic/v1/conversations/:id/messages',
    summary:
      "Answer a conversation as one of the staff (the co-owner sees their name, live); idempotent by the answer's external_id",
    scope: 'write',
    params: conversationParams,
    body: syndicReplyBody,
    response: okEnvelope(z.object({ result: z.enum(['created', 'unchanged']), message: syndicChatMessage })),
  }),
  verification: defineSyndicEndpoint({
    method: 'GET',
    path: '/syndic/v1/coproprietes/:external_id/verification',
    summary:
      "The council's verification of the year's accounts: status and invoices checked per year and type",
    scope: 'read',
    params: externalIdParams,
    response: okEnvelope(syndicVerificationState),
  }),
  submitVerification: defineSyndicEndpoint({
    method: 'POST',
    path: '/syndic/v1/coproprietes/:external_id/verification/submit',
    summary:
      "Submit the year's accounts to the council for verification: the council members are notified and their open pages update",
    scope: 'write',
    params: externalIdParams,
    response: okEnvelope(
      z.object({
        result: z.enum(['updated', 'unchanged']),
        state: syndicVerificationState,
        notified: z.number().int(),
      }),
    ),
  }),
};
