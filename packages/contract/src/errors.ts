/**
 * Error codes shared by server and web. Codes named by SPEC §8 keep the spec's spelling
 * (including AMOUNT_MINUMUM); the others are ours, listed in docs/api.md.
 */
export const ErrorCode = {
  // generic
  VALIDATION_ERROR: 'VALIDATION_ERROR',
  BAD_JSON: 'BAD_JSON',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  RATE_LIMITED: 'RATE_LIMITED',
  INTERNAL: 'INTERNAL',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  READ_ONLY_PREVIEW: 'READ_ONLY_PREVIEW',
  // identity (§8)
  WRONG_PASSWORD: 'WRONG_PASSWORD',
  USER_NOT_FOUND: 'USER_NOT_FOUND',
  ACCOUNT_NOT_FOUND: 'ACCOUNT_NOT_FOUND',
  CODE_INVALID: 'CODE_INVALID',
  CODE_EXPIRED: 'CODE_EXPIRED',
  CODE_NOT_FOUND: 'CODE_NOT_FOUND',
  CAPTCHA_INVALID: 'CAPTCHA_INVALID',
  EMAIL_EXISTS: 'EMAIL_EXISTS',
  PHONE_EXISTS: 'PHONE_EXISTS',
  WRONG_OLD_PASSWORD: 'WRONG_OLD_PASSWORD',
  USER_COPROPRIETAIRE_EXISTS: 'USER_COPROPRIETAIRE_EXISTS',
  INVITATION_USED: 'INVITATION_USED',
  INVITATION_EXPIRED: 'INVITATION_EXPIRED',
  // co-owner
  COPROPRIETAIRE_DISABLED: 'COPROPRIETAIRE_DISABLED',
  // settings and onboarding
  CONTACT_EMAIL_REQUIRED: 'CONTACT_EMAIL_REQUIRED',
  UNKNOWN_LOT: 'UNKNOWN_LOT',
  // payments (§8)
  COPRO_STRIPE_INVALID: 'COPRO_STRIPE_INVALID',
  AMOUNT_REQUIRED: 'AMOUNT_REQUIRED',
  AMOUNT_MINUMUM: 'AMOUNT_MINUMUM',
  // assemblies (§8)
  ASSEMBLEE_SESSION_STARTED: 'assemblee_session_has_been_start',
  SIGNATURE_NOT_FOUND: 'not-found',
  SIGNATURE_EXPIRED: 'expired',
  SIGNATURE_NO_DATA: 'no-signature-data',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** HTTP status for each code, in one place (Documenso's AppError mapping). */
export const errorStatus: Record<string, number> = {
  VALIDATION_ERROR: 400,
  BAD_JSON: 400,
  UNAUTHORIZED: 401,
  WRONG_PASSWORD: 401,
  USER_NOT_FOUND: 401,
  FORBIDDEN: 403,
  READ_ONLY_PREVIEW: 403,
  NOT_FOUND: 404,
  ACCOUNT_NOT_FOUND: 404,
  CODE_NOT_FOUND: 404,
  CONFLICT: 409,
  EMAIL_EXISTS: 409,
  PHONE_EXISTS: 409,
  USER_COPROPRIETAIRE_EXISTS: 409,
  INVITATION_USED: 409,
  CONTACT_EMAIL_REQUIRED: 409,
  UNKNOWN_LOT: 400,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
};

/** French messages, worded as SPEC §8 words them where it does. */
export const errorMessages: Partial<Record<string, string>> = {
  VALIDATION_ERROR: 'Certaines informations sont invalides.',
  BAD_JSON: 'La requête est mal formée.',
  UNAUTHORIZED: 'Veuillez vous connecter.',
  FORBIDDEN: "Vous n'avez pas accès à cette ressource.",
  NOT_FOUND: 'Ressource introuvable.',
  CONFLICT: 'Cette action est en conflit avec une autre.',
  PAYLOAD_TOO_LARGE: 'Le fichier est trop volumineux.',
  RATE_LIMITED: 'Trop de tentatives. Veuillez réessayer dans quelques minutes.',
  INTERNAL: 'Une erreur est survenue. Veuillez réessayer.',
  SERVICE_UNAVAILABLE: 'Le service est momentanément indisponible.',
  READ_ONLY_PREVIEW: 'Le mode aperçu est en lecture seule.',
  WRONG_PASSWORD: 'Le mot de passe ne correspond pas.',
  USER_NOT_FOUND: "Cet e-mail n'a pas encore été enregistré.",
  ACCOUNT_NOT_FOUND: "Cet e-mail n'existe pas.",
  CODE_INVALID: 'Le code est invalide',
  CODE_EXPIRED: 'Le code a expiré',
  CODE_NOT_FOUND: 'Ce code ne correspond pas.',
  CAPTCHA_INVALID: 'Veuillez vérifier avec captcha',
  EMAIL_EXISTS: 'Cet e-mail existait.',
  PHONE_EXISTS: 'Ce numéro de téléphone existe.',
  WRONG_OLD_PASSWORD: "L'ancien mot de passe ne correspond pas.",
  USER_COPROPRIETAIRE_EXISTS: "L'utilisateur existe déjà dans votre environnement.",
  INVITATION_USED: 'Ce code est déjà utilisé',
  INVITATION_EXPIRED: 'Ce code a expiré',
  COPROPRIETAIRE_DISABLED: 'Ce copropriétaire était invalide',
  CONTACT_EMAIL_REQUIRED:
    'Veuillez renseigner votre courriel de contact pour recevoir les appels de fonds par e-mail.',
  UNKNOWN_LOT: "Ce lot n'appartient pas à ce copropriétaire.",
  COPRO_STRIPE_INVALID: 'Le paiement de ce copropriété est désormais invalide.',
  AMOUNT_REQUIRED: "Le montant du paiement n'est pas valide",
};
