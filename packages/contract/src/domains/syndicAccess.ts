import { z } from 'zod';
import { okEnvelope } from '../envelope.js';
import { defineSyndicEndpoint, externalIdField, externalIdParams } from './syndicApi.js';

/** Access of co-owners to the extranet: attach codes and invitations (SPEC §2.5, §2.12, §8). */

export const attachCodeResponse = z.object({
  coproprietaire: z.string(),
  /** The 9-character code to hand to the co-owner; shown by this call only, never by a GET. */
  attach_code: z.string(),
  regenerated_at: z.string(),
});

export const invitationBody = z.object({
  channel: z.enum(['email', 'sms']),
  /** E-mail address or phone (E.164) to send to; default: the co-owner's first contact of that kind. */
  recipient: z.string().trim().min(3).max(254).nullable().default(null),
  /** Validity in days (SPEC §8 'Ce code a expiré' after it). */
  valid_days: z.number().int().min(1).max(90).default(30),
  /** Your key of this invitation: sending it again answers the same invitation and sends nothing. */
  external_id: externalIdField.nullable().default(null),
});

export const invitationResource = z.object({
  id: z.string(),
  /** pending (can be used), used (status 2 of SPEC §3), expired. */
  status: z.enum(['pending', 'used', 'expired', 'revoked']),
  external_id: z.string().nullable(),
  channel: z.enum(['email', 'sms']).nullable(),
  recipient_masked: z.string().nullable(),
  expiration_date: z.string(),
  created_at: z.string(),
});

export const syndicAccessEndpoints = {
  regenerateAttachCode: defineSyndicEndpoint({
    method: 'POST',
    path: '/syndic/v1/coproprietaires/:external_id/attach-code',
    summary: 'Generate a new 9-character attach code for a co-owner (the old one stops working)',
    scope: 'write',
    params: externalIdParams,
    response: okEnvelope(attachCodeResponse),
  }),
  sendInvitation: defineSyndicEndpoint({
    method: 'POST',
    path: '/syndic/v1/coproprietaires/:external_id/invitations',
    summary: 'Invite a co-owner by e-mail or SMS (sent through the outbox; the code is never returned)',
    scope: 'write',
    params: externalIdParams,
    body: invitationBody,
    response: okEnvelope(invitationResource),
  }),
  listInvitations: defineSyndicEndpoint({
    method: 'GET',
    path: '/syndic/v1/coproprietaires/:external_id/invitations',
    summary: "A co-owner's invitations and their status",
    scope: 'read',
    params: externalIdParams,
    response: okEnvelope(z.array(invitationResource)),
  }),
};
