import { z } from 'zod';
import { okEnvelope } from '../envelope.js';
import { defineSyndicEndpoint, externalIdParams } from './syndicApi.js';
import { invitationResource } from './syndicAccess.js';

/**
 * A departed co-owner's lifecycle in the syndic API: restore after a removal, revoke an
 * invitation, anonymise (RGPD art. 17, accounting kept: Code de commerce L123-22), and export
 * what the co-owner entered themselves (RGPD art. 20).
 */

/** The name an anonymised co-owner record carries from then on. */
export const ANONYMISED_NAME = 'Copropriétaire anonymisé';

export const restoreResult = z.object({
  external_id: z.string(),
  id: z.string(),
  result: z.enum(['restored', 'unchanged']),
  /** Lots are not given back: send them again with a PUT of the co-owner. */
  lots: z.array(z.string()),
});

export const anonymiseResult = z.object({
  external_id: z.string(),
  id: z.string(),
  result: z.enum(['anonymised', 'unchanged']),
  anonymised_at: z.string(),
  /** The personal fields erased. */
  erased: z.array(z.string()),
  /** What stays, and why (the legal period of accounting records). */
  kept: z.object({
    ledger_lines: z.number().int(),
    payments: z.number().int(),
    assembly_records: z.number().int(),
    reason: z.string(),
  }),
});

const supplementLot = z.record(z.string(), z.unknown());
export const coproprietaireExport = z.object({
  external_id: z.string(),
  exported_at: z.string(),
  /** The co-owner's own contact details, as entered in the extranet (null if none). */
  contact: z
    .object({
      phone: z.string().nullable(),
      email: z.string().nullable(),
      // The address as the co-owner entered it (the onboarding's address value: full_address, street…).
      address: z.record(z.string(), z.unknown()).nullable(),
    })
    .nullable(),
  /** Occupancy per lot (owner-occupier, tenant, …), keyed by the lot's external_id when known. */
  occupancy: z.record(z.string(), supplementLot),
  /** Consents and preferences (electronic convocation, chat, …): key → '1' / '0' or a value. */
  settings: z.record(z.string(), z.string()),
  /**
   * The co-owner's consents to electronic notification (loi 1965 art. 42-1), oldest first: given
   * by an act of theirs ('onboarding': 'Valider mes choix'; 'settings': the switch), withdrawn.
   */
  consents: z.array(
    z.object({
      given_at: z.string(),
      given_by: z.enum(['onboarding', 'settings']),
      revoked_at: z.string().nullable(),
      revoked_by: z.enum(['onboarding', 'settings']).nullable(),
    }),
  ),
  attached: z.boolean(),
});

const invitationParams = z.object({
  id: z.string().trim().min(1).max(100),
});

export const syndicRgpdEndpoints = {
  restoreCoproprietaire: defineSyndicEndpoint({
    method: 'POST',
    path: '/syndic/v1/coproprietaires/:external_id/restore',
    summary:
      'Bring back a removed co-owner (the only way: a PUT of a removed co-owner answers 409); lots are sent again by PUT',
    scope: 'write',
    params: externalIdParams,
    response: okEnvelope(restoreResult),
  }),
  revokeInvitation: defineSyndicEndpoint({
    method: 'POST',
    path: '/syndic/v1/invitations/:id/revoke',
    summary:
      'Revoke an invitation by its id or your external_id (a used invitation answers 409; revoking twice changes nothing)',
    scope: 'write',
    params: invitationParams,
    response: okEnvelope(invitationResource),
  }),
  anonymiseCoproprietaire: defineSyndicEndpoint({
    method: 'POST',
    path: '/syndic/v1/coproprietaires/:external_id/anonymise',
    summary:
      'Erase the personal data of a removed co-owner (names, e-mails, phones, addresses, contacts, members); ledger, payments and assembly records kept',
    scope: 'write',
    params: externalIdParams,
    response: okEnvelope(anonymiseResult),
  }),
  exportCoproprietaire: defineSyndicEndpoint({
    method: 'GET',
    path: '/syndic/v1/coproprietaires/:external_id/export',
    summary:
      'What the co-owner entered themselves: contact details, occupancy of their lots, consents and settings',
    scope: 'read',
    params: externalIdParams,
    response: okEnvelope(coproprietaireExport),
  }),
};
