import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { okEnvelope } from '../envelope.js';
import { idField, msg } from '../fields.js';
import { coproParams } from './console.js';
import { invitationResource } from './syndicAccess.js';
import { anonymiseResult } from './syndicRgpd.js';
import { removalResult } from './syndicPortfolio.js';

/**
 * A building's co-owners in the console and their access: the records, their lots and contacts,
 * the state of each, the invitations (sent through the same service as the syndic API's).
 */

/**
 * not_invited: no account, no pending invitation; invited: a pending invitation; registered: an
 * account holds the record; detached: an account held it and left; removed: the syndic removed
 * it (history kept); anonymised: its personal data erased.
 */
export const COPROPRIETAIRE_STATES = [
  'not_invited',
  'invited',
  'registered',
  'detached',
  'removed',
  'anonymised',
] as const;
export type CoproprietaireState = (typeof COPROPRIETAIRE_STATES)[number];
export const COPROPRIETAIRE_STATE_LABELS: Record<CoproprietaireState, string> = {
  not_invited: 'À inviter',
  invited: 'Invité',
  registered: 'Inscrit',
  detached: 'Détaché',
  removed: 'Retiré',
  anonymised: 'Anonymisé',
};

const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((v) => v || null)
    .nullable()
    .default(null);

export const coproprietaireBodyConsole = z
  .object({
    civility: z.enum(['mr', 'mrs', 'mr_and_mrs', 'mr_or_mrs']).nullable().default(null),
    first_name: optional(100),
    last_name: optional(100),
    /** A company, SCI or indivision named as such. */
    company: optional(200),
    email: z
      .string()
      .trim()
      .toLowerCase()
      .max(254)
      .regex(/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/, { error: msg.emailSyntax })
      .nullable()
      .or(z.literal('').transform(() => null))
      .default(null),
    phone: z
      .string()
      .trim()
      .max(30)
      .regex(/^[+0-9 ().-]{4,30}$/, { error: 'Numéro de téléphone invalide' })
      .nullable()
      .or(z.literal('').transform(() => null))
      .default(null),
    is_member_syndicat: z.boolean().default(false),
    is_president: z.boolean().default(false),
    /** The lots the co-owner holds in this building; a lot left out is detached (history kept). */
    lots: z.array(idField).max(500).default([]),
  })
  .refine((b) => b.last_name || b.company, {
    error: 'Indiquez un nom ou une société.',
    path: ['last_name'],
  });
export type CoproprietaireBodyConsole = z.output<typeof coproprietaireBodyConsole>;

/** The syndic API's invitation as the console shows it (its own schema: the named one cannot be nullable in OpenAPI 3.0). */
export const consoleInvitation = z.object({ ...invitationResource.shape });

export const consoleCoproprietaire = z.object({
  id: z.string(),
  name: z.string(),
  civility: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  company: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  is_member_syndicat: z.boolean(),
  is_president: z.boolean(),
  lots: z.array(z.object({ id: z.string(), number: z.string() })),
  state: z.enum(COPROPRIETAIRE_STATES),
  /** The latest invitation, whatever its status. */
  invitation: consoleInvitation.nullable(),
  /** What the co-owner owes (positive) or holds in advance (negative), cents. */
  balance_cents: z.number().int(),
  /** Whether this co-owner's account is the building's volunteer syndic (loi 1965 art. 17-2). */
  is_syndic_benevole: z.boolean(),
  /** Date of receipt of the request for the post in force (loi 1965 art. 42-1), if any. */
  postal_request_received_at: z.string().nullable(),
});
export type ConsoleCoproprietaire = z.output<typeof consoleCoproprietaire>;

const ownerParams = coproParams.extend({ coproprietaireId: idField });
const invitationParams = coproParams.extend({ invitationId: idField });

export const consoleOwnerEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/gestion/coproprietes/:coproId/coproprietaires',
    summary:
      "A building's co-owners with their lots, state, latest invitation and balance, by name: all, or pages of `limit` after `cursor`",
    tags: ['gestion'],
    params: coproParams,
    query: z.object({
      limit: z.coerce.number().int().min(1).max(1000).optional(),
      /** The `next_cursor` of the page before. */
      cursor: z.string().max(1000).optional(),
    }),
    response: okEnvelope(
      z.object({ coproprietaires: z.array(consoleCoproprietaire), next_cursor: z.string().nullable() }),
    ),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/gestion/coproprietes/:coproId/coproprietaires',
    summary: 'Add a co-owner record with its lots and contact',
    tags: ['gestion'],
    params: coproParams,
    body: coproprietaireBodyConsole,
    response: okEnvelope(consoleCoproprietaire),
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/gestion/coproprietes/:coproId/coproprietaires/:coproprietaireId',
    summary: 'Change a co-owner record, its lots and contact',
    tags: ['gestion'],
    params: ownerParams,
    body: coproprietaireBodyConsole,
    response: okEnvelope(consoleCoproprietaire),
  }),
  remove: defineEndpoint({
    method: 'POST',
    path: '/gestion/coproprietes/:coproId/coproprietaires/:coproprietaireId/retirer',
    summary: 'Remove a co-owner from the building: lots detached, history kept (as the syndic API does)',
    tags: ['gestion'],
    params: ownerParams,
    response: okEnvelope(removalResult),
  }),
  anonymise: defineEndpoint({
    method: 'POST',
    path: '/gestion/coproprietes/:coproId/coproprietaires/:coproprietaireId/anonymiser',
    summary: 'Erase the personal data of a removed co-owner (409 when not removed first)',
    tags: ['gestion'],
    params: ownerParams,
    response: okEnvelope(anonymiseResult),
  }),
  invite: defineEndpoint({
    method: 'POST',
    path: '/gestion/coproprietes/:coproId/coproprietaires/:coproprietaireId/invitation',
    summary: "Send (or send again) an invitation by e-mail or SMS to the co-owner's contact",
    tags: ['gestion'],
    params: ownerParams,
    body: z.object({ channel: z.enum(['email', 'sms']).default('email') }),
    response: okEnvelope(consoleInvitation),
  }),
  inviteAll: defineEndpoint({
    method: 'POST',
    path: '/gestion/coproprietes/:coproId/invitations',
    summary: 'Invite by e-mail every co-owner with no account and no pending invitation',
    tags: ['gestion'],
    params: coproParams,
    response: okEnvelope(
      z.object({
        sent: z.number().int(),
        /** Those left out and why ('Aucune adresse e-mail'). */
        skipped: z.array(z.object({ id: z.string(), name: z.string(), reason: z.string() })),
      }),
    ),
  }),
  revokeInvitation: defineEndpoint({
    method: 'POST',
    path: '/gestion/coproprietes/:coproId/invitations/:invitationId/revoquer',
    summary: 'Revoke an invitation (a used one answers 409; twice changes nothing)',
    tags: ['gestion'],
    params: invitationParams,
    response: okEnvelope(consoleInvitation),
  }),
};
