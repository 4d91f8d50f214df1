import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { okEnvelope } from '../envelope.js';

/**
 * A user's own data (RGPD art. 15 and 20: access and portability) and the deletion of their
 * account (art. 17). Their co-owner records stay with the syndic, detached.
 */

/** The word typed to confirm a deletion, when the account has no password to re-enter. */
export const DELETE_ACCOUNT_WORD = 'SUPPRIMER';

const row = z.record(z.string(), z.unknown());

export const myDataExport = z.object({
  exported_at: z.string(),
  account: row,
  /** The co-owner records held by the account, with their building, syndic and settings. */
  records: z.array(row),
  settings: z.record(z.string(), z.string()),
  /**
   * Consents to electronic notification (loi 1965 art. 42-1) of the records held: given when, by
   * which act ('onboarding': 'Valider mes choix'; 'settings': the switch), withdrawn when and how.
   */
  consents: z.array(row),
  devices: z.array(row),
  notifications: z.array(row),
  /** The chat messages written as one of the records. */
  messages: z.array(row),
  /** Payments made in the product (checkout requests and the payments booked). */
  payments: z.array(row),
});
export type MyDataExport = z.infer<typeof myDataExport>;

export const deleteAccountBody = z.object({
  /** The current password, required when the account has one. */
  password: z.string().max(128).nullable().default(null),
  /** The word SUPPRIMER, typed by the user. */
  confirmation: z.string().trim().max(50),
});

export const myDataEndpoints = {
  downloadMyData: defineEndpoint({
    method: 'GET',
    path: '/accounts/my-data',
    summary: 'Everything about the signed-in user, as JSON (RGPD art. 15 and 20)',
    tags: ['accounts'],
    response: okEnvelope(myDataExport),
  }),
  deleteMyAccount: defineEndpoint({
    method: 'POST',
    path: '/accounts/delete',
    summary:
      'Delete the signed-in account (password re-entered, or the word SUPPRIMER): sessions revoked, devices removed, personal fields erased; co-owner records stay with the syndic, detached',
    tags: ['accounts'],
    body: deleteAccountBody,
    response: okEnvelope(z.object({ ok: z.boolean(), detached: z.number().int() })),
  }),
};
