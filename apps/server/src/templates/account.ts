import type { EmailText } from './template.js';

const at = (d: Date) =>
  `${d.toLocaleDateString('fr-FR', { timeZone: 'Europe/Paris' })} à ${d.toLocaleTimeString('fr-FR', { timeZone: 'Europe/Paris', hour: '2-digit', minute: '2-digit' })}`;

/** The last e-mail of an account: its deletion (RGPD art. 17) done, what went and what stays. */
export function accountDeletedEmail(v: { fullName?: string; detached: number; at: Date }): EmailText {
  const hello = v.fullName?.trim() ? `Bonjour ${v.fullName.trim()},` : 'Bonjour,';
  const records =
    v.detached === 0
      ? ''
      : `${v.detached > 1 ? `Vos ${v.detached} fiches de copropriétaire restent` : 'Votre fiche de copropriétaire reste'} chez votre syndic, qui gère la copropriété\u202f: ${v.detached > 1 ? 'elles ne sont plus rattachées' : "elle n'est plus rattachée"} à aucun compte, et votre syndic en a été informé. Vos paiements et vos messages y restent, comme la loi l'impose pour la comptabilité de la copropriété.\n\n`;
  return {
    subject: 'Tantième\u202f: votre compte a été supprimé',
    text: `${hello}\n\nVotre compte Tantième a été supprimé le ${at(v.at)}, à votre demande (RGPD, article 17). Vos données personnelles (nom, adresse e-mail, téléphone, adresse postale, appareils et réglages) ont été effacées et toutes vos sessions ont été fermées.\n\n${records}Si vous n'êtes pas à l'origine de cette suppression, contactez votre syndic sans attendre.\n\nCet e-mail est le dernier que vous recevez de Tantième.`,
  };
}
