import { z } from 'zod';
import { INVITATION_STATUS_REVOKED, INVITATION_STATUS_USED } from '../constants.js';
import { defineEndpoint } from '../endpoint.js';
import { okEnvelope } from '../envelope.js';
import { authMsg } from './identity.js';

/** SPEC §3 Invitation token info. */
export const invitationInfoSchema = z.object({
  alias: z.string().nullable(),
  status: z.number(),
  expiration_date: z.string(),
  metadata: z
    .object({
      coproprietaire_name: z.string().optional(),
      copropriete_name: z.string().optional(),
    })
    .nullable(),
  coproprietaire_info: z
    .object({
      first_name: z.string().optional(),
      last_name: z.string().optional(),
      email: z.string().optional(),
    })
    .nullable(),
});
export type InvitationInfo = z.infer<typeof invitationInfoSchema>;

const codeParam = z.object({ code: z.string().trim().min(1).max(64) });

export const invitationEndpoints = {
  info: defineEndpoint({
    method: 'GET',
    path: '/extranets/get-info-token-invitation/:code',
    summary: 'Invitation info by code (status 2 = used)',
    tags: ['invitations'],
    auth: false,
    params: codeParam,
    response: okEnvelope(invitationInfoSchema),
  }),
  access: defineEndpoint({
    method: 'POST',
    path: '/extranets/access-invitation/:code',
    summary: 'Invitation opened (defined by the spec, unused by its screens): same info',
    tags: ['invitations'],
    auth: false,
    params: codeParam,
    response: okEnvelope(invitationInfoSchema),
  }),
  attach: defineEndpoint({
    method: 'POST',
    path: '/extranets/attach-coproprietaire/:code',
    summary: 'Accept the invitation: attach its co-owner record to the signed-in user',
    tags: ['invitations'],
    params: codeParam,
    response: okEnvelope(z.object({ id: z.string() })),
  }),
};

/** An invitation the syndic withdrew (the co-owner was removed, or registered through another). */
export const INVITATION_REVOKED_MESSAGE =
  "Cette invitation n'est plus valable : demandez-en une nouvelle à votre syndic.";

/**
 * SPEC §8 invitation token checks, in the spec's order: used (status 2), then expired,
 * then no data or no metadata. Returns the French message, or null when usable.
 */
export function invitationProblem(info: InvitationInfo | null | undefined, now = new Date()): string | null {
  if (!info) return authMsg.invitationInvalid;
  if (info.status === INVITATION_STATUS_USED) return authMsg.invitationUsed;
  if (info.status === INVITATION_STATUS_REVOKED) return INVITATION_REVOKED_MESSAGE;
  if (new Date(info.expiration_date).getTime() < now.getTime()) return authMsg.invitationExpired;
  if (!info.metadata) return authMsg.invitationInvalid;
  return null;
}
