import type { EmailText } from './template.js';

/** The e-mail carrying a payment's PDF receipt, to the co-owner who paid. */
export function receiptEmail(v: {
  amount: string;
  method: string;
  reference: string;
  copropriete: string;
  link: string;
}): EmailText {
  return {
    subject: `Reçu de votre paiement de ${v.amount}`,
    text: `Bonjour,\n\nVotre paiement de ${v.amount} par ${v.method} pour ${v.copropriete} est enregistré (référence ${v.reference}). Son reçu est joint à cet e-mail au format PDF\u202f; il reste téléchargeable depuis votre situation de compte.\n\nOuvrir dans Tantième\u202f: ${v.link}\n`,
  };
}

/** The pre-notification of a SEPA debit (due whatever the notification settings), by e-mail. */
export function sepaPreNotificationEmail(v: {
  title: string;
  body: string;
  settingsLink: string;
}): EmailText {
  return {
    subject: v.title,
    text: `${v.body}\n\nVous pouvez révoquer ce mandat dans vos paramètres\u202f: ${v.settingsLink}\n`,
  };
}
