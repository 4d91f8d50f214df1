import type { EmailText } from './template.js';

export const frDay = (d: Date) => d.toLocaleDateString('fr-FR', { timeZone: 'Europe/Paris' });

export interface InvitationVars {
  displayName: string;
  syndic: string;
  copropriete: string;
  link: string;
  code: string;
  expires: Date;
}

/** The syndic invites a co-owner to the extranet (syndic API invitations). */
export function invitationEmail(v: InvitationVars): EmailText {
  return {
    subject: `Votre accès à l'extranet de ${v.copropriete}`,
    text: `Bonjour ${v.displayName},\n\n${v.syndic} vous invite à rejoindre l'extranet de votre copropriété ${v.copropriete}.\n\nCréez votre compte en suivant ce lien :\n${v.link}\n\nVotre code d'invitation : ${v.code} (valable jusqu'au ${frDay(v.expires)}).\n\nÀ bientôt sur Tantième.`,
  };
}

/** The syndic opens an account to one of its staff, to answer the co-owners' messages. */
export function staffInvitationEmail(v: {
  firstName?: string | null;
  syndic: string | null;
  email: string;
  /** The syndic's entrance, e.g. https://…/s/alias. */
  base: string;
}): EmailText {
  return {
    subject: `Votre accès à la messagerie de ${v.syndic ?? 'votre syndic'}`,
    text: [
      v.firstName ? `Bonjour ${v.firstName},` : 'Bonjour,',
      '',
      `${v.syndic ?? 'Votre syndic'} vous a ouvert un compte sur l'extranet des copropriétaires pour répondre à leurs messages.`,
      '',
      `Pour choisir votre mot de passe, ouvrez ${v.base}/forgot-password et saisissez votre adresse ${v.email} : vous recevrez un code de vérification par e-mail.`,
      `Vous pourrez ensuite vous connecter sur ${v.base}/login : vos conversations sont dans « Messagerie ».`,
    ].join('\n'),
  };
}
