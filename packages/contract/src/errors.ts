/**
 * Error codes shared by server and web. Codes named by SPEC §8 keep the spec's spelling
 * (including AMOUNT_MINUMUM); the others are ours, listed in docs/api.md.
 */
import { DEBIT_IN_PROGRESS_MESSAGE } from './rules/payment.js';

export const ErrorCode = {
  // generic
  VALIDATION_ERROR: 'VALIDATION_ERROR',
  BAD_JSON: 'BAD_JSON',
  INVALID_BODY: 'INVALID_BODY',
  BAD_REQUEST: 'BAD_REQUEST',
  URI_TOO_LONG: 'URI_TOO_LONG',
  HEADERS_TOO_LARGE: 'HEADERS_TOO_LARGE',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  ROUTE_NOT_FOUND: 'ROUTE_NOT_FOUND',
  CONFLICT: 'CONFLICT',
  IMPORT_REJECTED: 'IMPORT_REJECTED',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UPLOAD_SIZE_MISMATCH: 'UPLOAD_SIZE_MISMATCH',
  UPLOAD_SHA256_MISMATCH: 'UPLOAD_SHA256_MISMATCH',
  RATE_LIMITED: 'RATE_LIMITED',
  INTERNAL: 'INTERNAL',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  STORAGE_UNAVAILABLE: 'STORAGE_UNAVAILABLE',
  READ_ONLY_PREVIEW: 'READ_ONLY_PREVIEW',
  // identity (§8)
  WRONG_PASSWORD: 'WRONG_PASSWORD',
  USER_NOT_FOUND: 'USER_NOT_FOUND',
  ACCOUNT_NOT_FOUND: 'ACCOUNT_NOT_FOUND',
  CODE_INVALID: 'CODE_INVALID',
  CODE_EXPIRED: 'CODE_EXPIRED',
  CODE_NOT_FOUND: 'CODE_NOT_FOUND',
  CAPTCHA_INVALID: 'CAPTCHA_INVALID',
  CAPTCHA_REQUIRED: 'CAPTCHA_REQUIRED',
  EMAIL_EXISTS: 'EMAIL_EXISTS',
  PHONE_EXISTS: 'PHONE_EXISTS',
  WRONG_OLD_PASSWORD: 'WRONG_OLD_PASSWORD',
  USER_COPROPRIETAIRE_EXISTS: 'USER_COPROPRIETAIRE_EXISTS',
  INVITATION_USED: 'INVITATION_USED',
  INVITATION_EXPIRED: 'INVITATION_EXPIRED',
  INVITATION_INVALID: 'INVITATION_INVALID',
  PHONE_NOT_FOUND: 'PHONE_NOT_FOUND',
  RESEND_TOO_SOON: 'RESEND_TOO_SOON',
  AVATAR_INVALID: 'AVATAR_INVALID',
  // co-owner
  COPROPRIETAIRE_DISABLED: 'COPROPRIETAIRE_DISABLED',
  // settings and onboarding
  CONTACT_EMAIL_REQUIRED: 'CONTACT_EMAIL_REQUIRED',
  UNKNOWN_LOT: 'UNKNOWN_LOT',
  COPROPRIETAIRE_ALREADY_ATTACHED: 'COPROPRIETAIRE_ALREADY_ATTACHED',
  // payments (§8)
  COPRO_STRIPE_INVALID: 'COPRO_STRIPE_INVALID',
  AMOUNT_REQUIRED: 'AMOUNT_REQUIRED',
  AMOUNT_MINUMUM: 'AMOUNT_MINUMUM',
  PAYMENT_REQUEST_INVALID: 'PAYMENT_REQUEST_INVALID',
  PAYMENT_PROVIDER_ERROR: 'PAYMENT_PROVIDER_ERROR',
  WEBHOOK_SIGNATURE_INVALID: 'WEBHOOK_SIGNATURE_INVALID',
  IBAN_INVALID: 'IBAN_INVALID',
  SEPA_MANDATE_UNAVAILABLE: 'SEPA_MANDATE_UNAVAILABLE',
  DEBIT_IN_PROGRESS: 'DEBIT_IN_PROGRESS',
  // assemblies (§8)
  ASSEMBLEE_SESSION_STARTED: 'assemblee_session_has_been_start',
  SIGNATURE_NOT_FOUND: 'not-found',
  SIGNATURE_EXPIRED: 'expired',
  SIGNATURE_NO_DATA: 'no-signature-data',
  SIGNATURE_USED: 'already-signed',
  SIGNATURE_INVALID: 'SIGNATURE_INVALID',
  VOTE_CLOSED: 'VOTE_CLOSED',
  VOTE_INCOMPLETE: 'VOTE_INCOMPLETE',
  NO_BALLOT: 'NO_BALLOT',
  CONVOCATION_TOO_LATE: 'CONVOCATION_TOO_LATE',
  CONVOCATION_NOT_POSTAL: 'CONVOCATION_NOT_POSTAL',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** HTTP status for each code, in one place (Documenso's AppError mapping). */
export const errorStatus: Record<string, number> = {
  VALIDATION_ERROR: 400,
  BAD_JSON: 400,
  INVALID_BODY: 400,
  BAD_REQUEST: 400,
  URI_TOO_LONG: 414,
  HEADERS_TOO_LARGE: 431,
  UNAUTHORIZED: 401,
  WRONG_PASSWORD: 401,
  USER_NOT_FOUND: 401,
  FORBIDDEN: 403,
  READ_ONLY_PREVIEW: 403,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  ACCOUNT_NOT_FOUND: 404,
  CODE_NOT_FOUND: 404,
  PHONE_NOT_FOUND: 404,
  INVITATION_INVALID: 404,
  CONFLICT: 409,
  IMPORT_REJECTED: 422,
  EMAIL_EXISTS: 409,
  PHONE_EXISTS: 409,
  USER_COPROPRIETAIRE_EXISTS: 409,
  INVITATION_USED: 409,
  INVITATION_EXPIRED: 410,
  RESEND_TOO_SOON: 429,
  CONTACT_EMAIL_REQUIRED: 409,
  UNKNOWN_LOT: 400,
  COPROPRIETAIRE_ALREADY_ATTACHED: 409,
  PAYLOAD_TOO_LARGE: 413,
  UPLOAD_SIZE_MISMATCH: 400,
  UPLOAD_SHA256_MISMATCH: 400,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
  STORAGE_UNAVAILABLE: 503,
  PAYMENT_REQUEST_INVALID: 409,
  PAYMENT_PROVIDER_ERROR: 502,
  WEBHOOK_SIGNATURE_INVALID: 400,
  IBAN_INVALID: 400,
  SEPA_MANDATE_UNAVAILABLE: 409,
  DEBIT_IN_PROGRESS: 409,
  assemblee_session_has_been_start: 409,
  'not-found': 404,
  expired: 410,
  'no-signature-data': 409,
  'already-signed': 409,
  SIGNATURE_INVALID: 400,
  VOTE_CLOSED: 409,
  VOTE_INCOMPLETE: 400,
  NO_BALLOT: 404,
  CONVOCATION_TOO_LATE: 409,
  CONVOCATION_NOT_POSTAL: 409,
};

/** French messages, worded as SPEC §8 words them where it does. */
export const errorMessages: Partial<Record<string, string>> = {
  VALIDATION_ERROR: 'Certaines informations sont invalides.',
  BAD_JSON: 'La requête est mal formée.',
  INVALID_BODY: 'Le corps de la requête dépasse les limites acceptées.',
  BAD_REQUEST: 'La requête est invalide.',
  URI_TOO_LONG: "L'adresse demandée est trop longue.",
  HEADERS_TOO_LARGE: 'Les en-têtes ou les paramètres de la requête sont trop volumineux.',
  UNAUTHORIZED: 'Veuillez vous connecter.',
  FORBIDDEN: "Vous n'avez pas accès à cette ressource.",
  NOT_FOUND: 'Ressource introuvable.',
  ROUTE_NOT_FOUND: "Cette adresse de l'API n'existe pas.",
  CONFLICT: 'Cette action est en conflit avec une autre.',
  IMPORT_REJECTED: 'Au moins un immeuble a été refusé.',
  PAYLOAD_TOO_LARGE: 'Le fichier est trop volumineux.',
  UPLOAD_SIZE_MISMATCH: "Le fichier déposé n'a pas la taille annoncée.",
  UPLOAD_SHA256_MISMATCH: "Le fichier déposé n'a pas l'empreinte SHA-256 annoncée.",
  RATE_LIMITED: 'Trop de tentatives. Veuillez réessayer dans quelques minutes.',
  INTERNAL: 'Une erreur est survenue. Veuillez réessayer.',
  SERVICE_UNAVAILABLE: 'Le service est momentanément indisponible.',
  STORAGE_UNAVAILABLE:
    "Le stockage des fichiers est momentanément indisponible\u202f: rien n'a été enregistré, réessayez dans quelques minutes.",
  READ_ONLY_PREVIEW: 'Le mode aperçu est en lecture seule.',
  WRONG_PASSWORD: 'Le mot de passe ne correspond pas.',
  USER_NOT_FOUND: "Cet e-mail n'a pas encore été enregistré.",
  ACCOUNT_NOT_FOUND: "Cet e-mail n'existe pas.",
  CODE_INVALID: 'Le code est invalide',
  CODE_EXPIRED: 'Le code a expiré',
  CODE_NOT_FOUND: 'Ce code ne correspond pas.',
  CAPTCHA_INVALID: 'Veuillez vérifier avec captcha',
  CAPTCHA_REQUIRED: 'Veuillez vérifier avec captcha',
  EMAIL_EXISTS: 'Cet e-mail existait.',
  PHONE_EXISTS: 'Ce numéro de téléphone existe.',
  WRONG_OLD_PASSWORD: "L'ancien mot de passe ne correspond pas.",
  USER_COPROPRIETAIRE_EXISTS: "L'utilisateur existe déjà dans votre environnement.",
  INVITATION_USED: 'Ce code est déjà utilisé',
  INVITATION_EXPIRED: 'Ce code a expiré',
  INVITATION_INVALID: 'Code invalide',
  PHONE_NOT_FOUND: "Ce numéro de téléphone n'a pas encore été enregistré.",
  RESEND_TOO_SOON: 'Veuillez patienter avant de demander un nouveau code.',
  AVATAR_INVALID: 'Le fichier doit être une image jpg, jpeg, png ou gif.',
  COPROPRIETAIRE_DISABLED: 'Ce copropriétaire était invalide',
  CONTACT_EMAIL_REQUIRED:
    'Veuillez renseigner votre courriel de contact pour recevoir les appels de fonds par e-mail.',
  UNKNOWN_LOT: "Ce lot n'appartient pas à ce copropriétaire.",
  COPROPRIETAIRE_ALREADY_ATTACHED: 'Ce code est déjà utilisé',
  COPRO_STRIPE_INVALID: 'Le paiement de ce copropriété est désormais invalide.',
  AMOUNT_REQUIRED: "Le montant du paiement n'est pas valide",
  AMOUNT_MINUMUM: 'Le montant minimum du paiement est de 0,50 euro.',
  PAYMENT_REQUEST_INVALID: 'Votre demande est invalide. Veuillez réessayer.',
  PAYMENT_PROVIDER_ERROR: 'Votre demande est invalide. Veuillez réessayer.',
  WEBHOOK_SIGNATURE_INVALID: 'Signature du webhook invalide.',
  IBAN_INVALID: "Cet IBAN n'est pas valide. Vérifiez-le sur votre relevé d'identité bancaire.",
  SEPA_MANDATE_UNAVAILABLE: "Le prélèvement automatique n'est pas proposé pour cette copropriété.",
  DEBIT_IN_PROGRESS: DEBIT_IN_PROGRESS_MESSAGE,
  assemblee_session_has_been_start: "La conférence de l'assemblée a commencé",
  'not-found': "Il n'y a pas de demande de signature.",
  expired: 'La demande de signature a expiré.',
  'no-signature-data': "Il n'y a pas d'informations de représentation. Veuillez d'abord l'enregistrer.",
  'already-signed': "Il n'y a pas de demande de signature.",
  SIGNATURE_INVALID: "La signature dessinée n'a pas pu être lue. Veuillez signer à nouveau.",
  VOTE_CLOSED: 'Le vote par correspondance en ligne est clos pour cette assemblée.',
  VOTE_INCOMPLETE: 'Veuillez voter pour chaque résolution avant de publier votre vote.',
  NO_BALLOT: "Vous n'avez pas encore voté par correspondance pour cette assemblée.",
  CONVOCATION_TOO_LATE:
    'Réunion trop proche pour certains copropriétaires\u202f: 21 jours à compter du lendemain de la première présentation (décret du 17 mars 1967, art. 9 et 64).',
  CONVOCATION_NOT_POSTAL:
    'Cette convocation est partie par lettre recommandée électronique\u202f: sa première présentation vient du prestataire.',
};

/** A delay in French words, rounded up: '45 secondes', '1 minute', '7 minutes', '2 heures'. */
export function formatRetryDelay(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  const unit = (n: number, one: string) => `${n} ${one}${n > 1 ? 's' : ''}`;
  if (s < 60) return unit(s, 'seconde');
  const m = Math.ceil(s / 60);
  if (m < 120) return unit(m, 'minute');
  return unit(Math.ceil(m / 60), 'heure');
}

/**
 * The message of a 429: when to retry, in words (the `Retry-After` header says it in seconds).
 * RATE_LIMITED reads 'Trop de tentatives. Veuillez réessayer dans 7 minutes.'; another code
 * keeps its own message and gains the same sentence.
 */
export function retryAfterMessage(code: string, seconds: number, message?: string): string {
  const when = `Veuillez réessayer dans ${formatRetryDelay(seconds)}.`;
  if (code === 'RATE_LIMITED' || !message) return `Trop de tentatives. ${when}`;
  return `${message} ${when}`;
}
