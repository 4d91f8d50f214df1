import { accountDeletedEmail } from './account.js';
import { convocationEmail, proxyGivenEmail, signatureRequestEmail } from './assemblees.js';
import { passwordResetEmail, verificationCodeEmail } from './codes.js';
import { invitationEmail, staffInvitationEmail } from './invitations.js';
import { notificationEmail } from './notifications.js';
import { receiptEmail, sepaPreNotificationEmail } from './payments.js';
import { codeSms, invitationSms, notificationSms, signatureRequestSms } from './sms.js';
import type { TemplatePreview } from './template.js';

export * from './account.js';
export * from './assemblees.js';
export * from './appels.js';
export * from './pvNotification.js';
export * from './codes.js';
export * from './invitations.js';
export * from './notifications.js';
export * from './payments.js';
export * from './signalements.js';
export * from './sms.js';
export type { EmailText, TemplatePreview } from './template.js';
export { emailOf } from './template.js';

const BASE = 'http://localhost:3000';
const invitation = {
  displayName: 'Mme Claire Martin',
  syndic: 'Cabinet Lefèvre Gestion',
  copropriete: 'Résidence Les Tilleuls',
  link: `${BASE}/s/lefevre/invitations/K7M2P9Q4XZ`,
  code: 'K7M2P9Q4XZ',
  expires: new Date('2026-12-11T12:00:00Z'),
};
const signature = {
  displayName: 'Mme Claire Martin',
  assembly: 'Assemblée générale ordinaire 2026',
  date: new Date('2026-12-18T17:30:00Z'),
  link: `${BASE}/signature?auth_token=exemple`,
  expires: new Date('2026-12-18T22:59:00Z'),
};

/** Every e-mail and SMS text with sample variables, for the development preview of `/dev/outbox`. */
export const TEMPLATE_PREVIEWS: TemplatePreview[] = [
  {
    id: 'verification-code',
    label: "Code de vérification de l'e-mail (inscription)",
    channel: 'email',
    render: () => verificationCodeEmail({ code: '482913', fullName: 'Claire Martin' }),
  },
  {
    id: 'password-reset',
    label: 'Code de réinitialisation du mot de passe',
    channel: 'email',
    render: () => passwordResetEmail({ code: '482913', fullName: 'Claire Martin' }),
  },
  {
    id: 'account-deleted',
    label: 'Confirmation de la suppression du compte',
    channel: 'email',
    render: () =>
      accountDeletedEmail({ fullName: 'Claire Martin', detached: 2, at: new Date('2026-12-07T14:05:00Z') }),
  },
  {
    id: 'code-sms',
    label: 'Code par SMS',
    channel: 'sms',
    render: () => ({ text: codeSms({ code: '482913' }) }),
  },
  {
    id: 'invitation',
    label: "Invitation à l'extranet",
    channel: 'email',
    render: () => invitationEmail(invitation),
  },
  {
    id: 'invitation-sms',
    label: "Invitation à l'extranet par SMS",
    channel: 'sms',
    render: () => ({ text: invitationSms(invitation) }),
  },
  {
    id: 'staff-invitation',
    label: 'Accès à la messagerie pour un collaborateur du syndic',
    channel: 'email',
    render: () =>
      staffInvitationEmail({
        firstName: 'Julien',
        syndic: 'Cabinet Lefèvre Gestion',
        email: 'julien.roux@lefevre-gestion.fr',
        base: `${BASE}/s/lefevre`,
      }),
  },
  {
    id: 'convocation',
    label: "Convocation à l'assemblée générale",
    channel: 'email',
    render: () =>
      convocationEmail({
        displayName: 'Mme Claire Martin',
        assembly: 'Assemblée générale ordinaire 2026',
        copropriete: 'Résidence Les Tilleuls',
        date: new Date('2026-12-18T17:30:00Z'),
        voteUntil: new Date('2026-12-18T22:59:00Z'),
        link: `${BASE}/exemple/assemblee/exemple`,
      }),
  },
  {
    id: 'proxy-given',
    label: "Pouvoir reçu par un mandataire qui n'est pas copropriétaire",
    channel: 'email',
    render: () =>
      proxyGivenEmail({
        mandataire: 'M. Antoine Girard',
        assembly: 'Assemblée générale ordinaire 2026',
        what: "Mme Claire Martin vous donne pouvoir pour l'assemblée générale «\u00a0Assemblée générale ordinaire 2026\u00a0» du 18 décembre 2026.",
      }),
  },
  {
    id: 'sepa-pre-notification',
    label: "Pré-notification d'un prélèvement SEPA",
    channel: 'email',
    render: () =>
      sepaPreNotificationEmail({
        title: 'Prélèvement SEPA prévu le 15 janvier 2027',
        body: 'Conformément à votre mandat TANT-7K2M9Q (compte FR76 •••• 0189), 1\u202f242,56\u202f€ seront prélevés le 15 janvier 2027 pour\u202f: Appel de fonds 1er trimestre 2027.',
        settingsLink: `${BASE}/exemple/settings`,
      }),
  },
  {
    id: 'signature',
    label: 'Demande de signature',
    channel: 'email',
    render: () => signatureRequestEmail(signature),
  },
  {
    id: 'signature-sms',
    label: 'Demande de signature par SMS',
    channel: 'sms',
    render: () => ({ text: signatureRequestSms(signature) }),
  },
  {
    id: 'notification',
    label: 'Notification',
    channel: 'email',
    render: () =>
      notificationEmail({
        kind: 'notification',
        title: 'Nouveau document disponible',
        body: "Le procès-verbal de l'assemblée générale 2025 a été ajouté.",
        link: `${BASE}/exemple/document`,
      }),
  },
  {
    id: 'message',
    label: 'Message du syndic',
    channel: 'email',
    render: () =>
      notificationEmail({
        kind: 'message',
        title: "Coupure d'eau jeudi",
        body: "L'eau sera coupée jeudi de 9 h à 12 h pour le remplacement d'une vanne.",
        link: `${BASE}/exemple/messages-communication`,
      }),
  },
  {
    id: 'payment-receipt',
    label: 'Reçu de paiement (PDF joint)',
    channel: 'email',
    render: () =>
      receiptEmail({
        amount: '412,50 €',
        method: 'prélèvement SEPA',
        reference: 'REC-3F9A21C7',
        copropriete: 'Résidence Les Tilleuls',
        link: `${BASE}/exemple/facture-v2`,
      }),
  },
  {
    id: 'notification-sms',
    label: 'Notification par SMS',
    channel: 'sms',
    render: () => ({
      text: notificationSms({ title: 'Nouveau document disponible', link: `${BASE}/exemple/document` }),
    }),
  },
];
