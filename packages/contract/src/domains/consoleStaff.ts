import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { okEnvelope } from '../envelope.js';
import { emailField, idField, msg } from '../fields.js';
import { STAFF_ROLES } from '../rules/console.js';

/**
 * The syndic's staff in the console (administrateur only): create a member (an invitation to
 * choose a password is e-mailed, as through the syndic API), disable (their sessions end at once),
 * re-enable, give them buildings.
 */

export const staffRole = z.enum(STAFF_ROLES);

export const consoleStaffBody = z.object({
  first_name: z.string().trim().max(100).default(''),
  last_name: z.string({ error: msg.required }).trim().min(1, { error: msg.required }).max(100),
  email: emailField.transform((v) => v.toLowerCase()),
  role: staffRole.default('gestionnaire'),
});
export type ConsoleStaffBody = z.output<typeof consoleStaffBody>;

export const consoleStaffMember = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  display_name: z.string(),
  email: z.string().nullable(),
  role: staffRole,
  /** invited: no password chosen yet; active: can sign in; disabled: can no longer sign in. */
  status: z.enum(['invited', 'active', 'disabled']),
  /** The buildings assigned (an administrateur reaches all of them anyway). */
  coproprietes: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type ConsoleStaffMember = z.output<typeof consoleStaffMember>;

const staffParams = z.object({ staffId: idField });

export const consoleStaffEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/gestion/equipe',
    summary: "The syndic's staff, their role, state and buildings",
    tags: ['gestion'],
    response: okEnvelope(z.object({ staff: z.array(consoleStaffMember) })),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/gestion/equipe',
    summary:
      'Create a staff member; an e-mail invites them to choose a password (409 when the e-mail is taken)',
    tags: ['gestion'],
    body: consoleStaffBody,
    response: okEnvelope(consoleStaffMember),
  }),
  disable: defineEndpoint({
    method: 'POST',
    path: '/gestion/equipe/:staffId/desactiver',
    summary:
      'Disable a staff member: their sessions end at once (an administrateur cannot disable themselves)',
    tags: ['gestion'],
    params: staffParams,
    response: okEnvelope(consoleStaffMember),
  }),
  enable: defineEndpoint({
    method: 'POST',
    path: '/gestion/equipe/:staffId/reactiver',
    summary: 'Re-enable a disabled staff member (they sign in again with their password)',
    tags: ['gestion'],
    params: staffParams,
    response: okEnvelope(consoleStaffMember),
  }),
  assign: defineEndpoint({
    method: 'PUT',
    path: '/gestion/equipe/:staffId/coproprietes',
    summary: 'Set the buildings a staff member is given (the whole list)',
    tags: ['gestion'],
    params: staffParams,
    body: z.object({ coproprietes: z.array(idField).max(2000) }),
    response: okEnvelope(consoleStaffMember),
  }),
};
