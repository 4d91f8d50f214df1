import { formatParisDate, formatParisTime, POSTAL_RIGHT_MENTION } from '@tantieme/contract';
import type { EmailText } from './template.js';

const at = (d: Date) => `${formatParisDate(d)} à ${formatParisTime(d)}`;

/**
 * The convocation to a general assembly, the text of its lettre recommandée électronique (loi du 10
 * juillet 1965 art. 42-1) and of the stored communication; it tells how to keep the post, as art.
 * 42-1 requires of every notification.
 */
export function convocationEmail(v: {
  displayName: string;
  assembly: string;
  copropriete: string;
  date: Date;
  /** End of the vote by correspondence; none: until the meeting opens. */
  voteUntil: Date | null;
  link: string;
}): EmailText {
  return {
    subject: `Convocation : ${v.assembly} du ${formatParisDate(v.date)}`,
    text: `Bonjour ${v.displayName},\n\nVous êtes convoqué(e) à l'assemblée générale « ${v.assembly} » de la copropriété ${v.copropriete}, le ${at(v.date)}.\n\nLa convocation et les résolutions sont dans votre espace, où vous pouvez aussi voter par correspondance jusqu'au ${v.voteUntil ? at(v.voteUntil) : 'début de la séance'} :\n${v.link}\n\n${POSTAL_RIGHT_MENTION}\n`,
  };
}

export interface SignatureVars {
  displayName: string;
  assembly: string;
  date: Date;
  link: string;
  expires: Date;
}

/** A personal link to sign (attendance sheet, proxy) for an assembly. */
export function signatureRequestEmail(v: SignatureVars): EmailText {
  return {
    subject: `Signature : ${v.assembly}`,
    text: `Bonjour ${v.displayName},\n\nVotre signature est demandée pour l'assemblée générale « ${v.assembly} » du ${formatParisDate(v.date)}.\n\nSignez en suivant ce lien personnel (valable jusqu'au ${at(v.expires)}, une seule fois) :\n${v.link}\n`,
  };
}

/** The e-mail to a mandataire who is not a co-owner of the building: a co-owner gave them a pouvoir. */
export function proxyGivenEmail(v: { mandataire: string; assembly: string; what: string }): EmailText {
  return {
    subject: `Pouvoir\u202f: ${v.assembly}`,
    text: `Bonjour ${v.mandataire},\n\n${v.what}\nLe syndic vous remettra le pouvoir à l'ouverture de la séance.\n`,
  };
}
