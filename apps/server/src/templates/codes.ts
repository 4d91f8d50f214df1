import type { EmailText } from './template.js';

const hello = (fullName?: string) => (fullName?.trim() ? `Bonjour ${fullName.trim()},\n\n` : 'Bonjour,\n\n');

/** The e-mail code that proves an address, at registration. */
export function verificationCodeEmail(v: { code: string; fullName?: string }): EmailText {
  return {
    subject: 'Tantième : votre code de vérification',
    text: `${hello(v.fullName)}Votre code de vérification est : ${v.code}\nIl expire dans 10 minutes.\n\nSi vous n'êtes pas à l'origine de cette demande, ignorez ce message.`,
  };
}

/** The e-mail code of a forgotten password. */
export function passwordResetEmail(v: { code: string; fullName?: string }): EmailText {
  return {
    subject: 'Tantième : réinitialisation de votre mot de passe',
    text: `${hello(v.fullName)}Votre code de réinitialisation est : ${v.code}\nIl expire dans 10 minutes.\n\nSi vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.`,
  };
}
