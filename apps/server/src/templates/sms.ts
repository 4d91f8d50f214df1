import { formatParisDate, formatParisTime } from '@tantieme/contract';
import { frDay, type InvitationVars } from './invitations.js';
import type { SignatureVars } from './assemblees.js';

/*
 * Every SMS text, in one file: plain spaces only (the GSM-7 alphabet has no narrow no-break
 * space, and a character outside it makes the operator send the message in UCS-2, three times
 * shorter per part), which the typography check of the sources knows of this file.
 */

/** A code sent by SMS (phone sign-in, a phone linked to the account). */
export const codeSms = (v: { code: string }) =>
  `Tantième : votre code est ${v.code}. Il expire dans 5 minutes.`;

/** The syndic invites a co-owner by SMS. */
export const invitationSms = (v: InvitationVars) =>
  `${v.syndic} vous invite sur l'extranet de ${v.copropriete} : ${v.link} (code ${v.code}, valable jusqu'au ${frDay(v.expires)}).`;

/** A personal link to sign, by SMS. */
export const signatureRequestSms = (v: SignatureVars) =>
  `Signature demandée pour l'AG "${v.assembly}" du ${formatParisDate(v.date)} : ${v.link} (jusqu'au ${formatParisDate(v.expires)} à ${formatParisTime(v.expires)})`;

/** A notification or a message from the syndic, by SMS: its title and the link. */
export const notificationSms = (v: { title: string; link: string }) => `Tantième : ${v.title}\n${v.link}`;
