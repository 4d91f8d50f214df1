import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { okEnvelope } from '../envelope.js';
import { idField } from '../fields.js';
import { BUREAU_ROLES } from '../rules/pvNotification.js';
import { coproParams } from './console.js';

/**
 * The procès-verbal after the meeting, in the console: the bureau that signs it (décret 1967 art.
 * 17), each member's signature drawn on the desk's tablet, the seal once all are in, and its
 * notification to the opposants and défaillants through their channel of loi art. 42-1 (art. 42,
 * 2e al.; décret art. 18). Rules in rules/pvNotification.ts.
 */

const pvParams = coproParams.extend({ assembleeId: idField });

export const bureauMemberBody = z.object({
  role: z.enum(BUREAU_ROLES),
  /** The co-owner holding the role; null for someone else (the syndic as secretary). */
  coproprietaire: idField.nullable().default(null),
  name: z.string().trim().min(1).max(200),
});

export const bureauBody = z.object({ members: z.array(bureauMemberBody).min(3).max(8) });

export const pvSignatureBody = z.object({
  /** The member signing: `role:rank` (scrutateur:1 is the second scrutateur). */
  member: z.string().regex(/^(president|secretaire|scrutateur):\d$/),
  /** The drawn signature, a base64 PNG. */
  signature: z.string().min(40).max(1_100_000),
});

export const pvPresentationBody = z.object({
  /** The first presentation the post office gives for a lettre recommandée. */
  first_presented_at: z.iso.datetime({ offset: true }),
});

export const pvMember = z.object({
  key: z.string(),
  role: z.enum(BUREAU_ROLES),
  coproprietaire: z.string().nullable(),
  name: z.string(),
  signed_at: z.string().nullable(),
  /** The chained signature record. */
  seq: z.number().int().nullable(),
});

export const pvNotificationRow = z.object({
  coproprietaire: z.object({ id: z.string(), name: z.string() }),
  opposant: z.array(z.number().int()),
  defaillant: z.array(z.number().int()),
  /** null: not notified yet. */
  channel: z.enum(['lre', 'postal']).nullable(),
  sent_at: z.string().nullable(),
  first_presented_at: z.string().nullable(),
  first_presentation_source: z.enum(['provider', 'syndic', 'estimated']).nullable(),
  /** The last day to contest (YYYY-MM-DD), once the first presentation is known. */
  contest_until: z.string().nullable(),
  /** Not sent within the month of loi art. 42, 2e al. */
  late: z.boolean(),
  error: z.string().nullable(),
});

export const pvState = z.object({
  assemblee: z.object({
    id: z.string(),
    name: z.string(),
    date: z.string(),
    status_session: z.number().int().nullable(),
  }),
  pv: z.object({
    made: z.boolean(),
    sealed: z.boolean(),
    /** SHA-256 of the PV as made, the bytes each member signs. */
    sha256: z.string().nullable(),
    /** The signed head of the register's last record (its digest). */
    head: z.object({ seq: z.number().int(), digest: z.string() }).nullable(),
  }),
  /** Décret art. 17: the last day the bureau signs (YYYY-MM-DD). */
  signature_until: z.string(),
  /** Loi art. 42, 2e al.: the last day to notify (YYYY-MM-DD). */
  notification_until: z.string(),
  bureau: z.array(pvMember),
  /** Where the bureau was read from: the desk's bureau entry, or none yet. */
  bureau_source: z.enum(['desk', 'none']),
  missing: z.array(z.string()),
  notifications: z.array(pvNotificationRow),
});
export type PvState = z.infer<typeof pvState>;

export const consolePvEndpoints = {
  state: defineEndpoint({
    method: 'GET',
    path: '/gestion/coproprietes/:coproId/assemblees/:assembleeId/proces-verbal',
    summary:
      'The procès-verbal after the meeting: its bureau and their signatures, its seal, and its notification to each opposant and défaillant with the last day to contest',
    tags: ['gestion'],
    params: pvParams,
    response: okEnvelope(pvState),
  }),
  bureau: defineEndpoint({
    method: 'PUT',
    path: '/gestion/coproprietes/:coproId/assemblees/:assembleeId/proces-verbal/bureau',
    summary:
      'Record who holds the bureau (président de séance, secrétaire, scrutateurs): a chained record, refused once a member has signed',
    tags: ['gestion'],
    params: pvParams,
    body: bureauBody,
    response: okEnvelope(pvState),
  }),
  sign: defineEndpoint({
    method: 'POST',
    path: '/gestion/coproprietes/:coproId/assemblees/:assembleeId/proces-verbal/signatures',
    summary:
      "A bureau member's signature drawn on the tablet, chained with the PV's SHA-256; the last one seals the PV",
    tags: ['gestion'],
    params: pvParams,
    body: pvSignatureBody,
    response: okEnvelope(pvState),
  }),
  notify: defineEndpoint({
    method: 'POST',
    path: '/gestion/coproprietes/:coproId/assemblees/:assembleeId/proces-verbal/notification',
    summary:
      'Notify the sealed PV to each opposant and défaillant through their channel (LRE, or the post for who asked); a second call sends nothing twice',
    tags: ['gestion'],
    params: pvParams,
    response: okEnvelope(pvState),
  }),
  presentation: defineEndpoint({
    method: 'PUT',
    path: '/gestion/coproprietes/:coproId/assemblees/:assembleeId/proces-verbal/notification/:coproprietaireId',
    summary: 'Record the first presentation of a postal letter, as the post office gives it',
    tags: ['gestion'],
    params: pvParams.extend({ coproprietaireId: idField }),
    body: pvPresentationBody,
    response: okEnvelope(pvState),
  }),
};
