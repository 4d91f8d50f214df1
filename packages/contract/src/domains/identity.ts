import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { okEnvelope } from '../envelope.js';
import {
  captchaField,
  emailField,
  nameField,
  otpField,
  passwordField,
  phoneField,
  requiredString,
} from '../fields.js';

export const addressSchema = z.object({
  full_address: z.string().nullable().optional(),
  number: z.string().nullable().optional(),
  street: z.string().nullable().optional(),
  zip_code: z.string().nullable().optional(),
  city: z.string().nullable().optional(),
  country: z.string().nullable().optional(),
});
export type Address = z.infer<typeof addressSchema>;

/** User as the API presents it (SPEC §3). Never carries the password hash. */
export const userSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  avatar: z.string().nullable(),
  address: addressSchema.nullable(),
});
export type User = z.infer<typeof userSchema>;

const requiredPassword = z
  .string({ error: 'Ce champ est requis.' })
  .min(1, { error: 'Ce champ est requis.' })
  .max(128);

export const loginBody = z.object({
  email: requiredString.max(254),
  password: requiredPassword,
  /** ALTCHA payload, required only once the e-mail has had too many failed sign-ins (CAPTCHA_REQUIRED). */
  captcha: z.string().max(4000).optional(),
});

export const sessionSchema = z.object({ token: z.string(), user: userSchema });
const ok = okEnvelope(z.object({ ok: z.boolean() }));
const expiration = okEnvelope(z.object({ expiration_date: z.string() }));
const exists = okEnvelope(z.object({ exists: z.boolean() }));

/** SPEC §8 messages of the sign-in, register, invitation and password flows, to the letter. */
export const authMsg = {
  passwordMismatch: 'Le mot de passe ne correspond pas.',
  attachCodeInsteadOfPassword:
    'Le mot de passe ne correspond pas. Avez-vous saisi votre code de rattachement à la place de votre mot de passe ?',
  emailNotRegistered: "Cet e-mail n'a pas encore été enregistré.",
  phoneNotRegistered: "Ce numéro de téléphone n'a pas encore été enregistré.",
  codeInvalid: 'Le code est invalide',
  codeMissing: "Le code a expiré ou n'existe pas",
  codeExpired: 'Le code a expiré',
  captcha: 'Veuillez vérifier avec captcha',
  emailExists: 'Cet e-mail existait.',
  phoneExists: 'Ce numéro de téléphone existe.',
  invitationUsed: 'Ce code est déjà utilisé',
  invitationExpired: 'Ce code a expiré',
  invitationInvalid: 'Code invalide',
  userCoproprietaireExists: "L'utilisateur existe déjà dans votre environnement.",
  forgotAccountNotFound: "Cet e-mail n'existe pas.",
  forgotOther: 'Cette adresse email est invalide.',
  forgotCodeNotFound: 'Ce code ne correspond pas.',
  forgotExpired: 'La demande a expiré.',
  forgotDone: 'Votre mot de passe a été changé! Veuillez vous connecter.',
  wrongOldPassword: "L'ancien mot de passe ne correspond pas.",
} as const;

export const syndicBrandingSchema = z.object({
  name: z.string(),
  source_url: z.string().nullable(),
  use_synple: z.boolean(),
});
export type SyndicBranding = z.infer<typeof syndicBrandingSchema>;

/** ALTCHA proof-of-work challenge (self-hosted captcha). */
export const captchaChallengeSchema = z.object({
  algorithm: z.string(),
  challenge: z.string(),
  maxnumber: z.number().optional(),
  salt: z.string(),
  signature: z.string(),
});
export type CaptchaChallenge = z.infer<typeof captchaChallengeSchema>;

const identifierParam = z.object({ x: z.string().trim().min(1).max(254) });
const avatarTypes = ['image/jpeg', 'image/png', 'image/gif'] as const;
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

export const identityEndpoints = {
  login: defineEndpoint({
    method: 'POST',
    path: '/auth/login',
    summary: 'Sign in with e-mail and password',
    tags: ['auth'],
    auth: false,
    body: loginBody,
    response: okEnvelope(sessionSchema),
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/auth/logout',
    summary: 'Revoke the bearer token',
    tags: ['auth'],
    response: ok,
  }),
  phoneSendCode: defineEndpoint({
    method: 'POST',
    path: '/auth/phone/send-code',
    summary: 'Phone sign-in: send an SMS code to a registered phone (captcha required)',
    tags: ['auth'],
    auth: false,
    body: z.object({ phone: phoneField, captcha: captchaField }),
    response: expiration,
  }),
  phoneLogin: defineEndpoint({
    method: 'POST',
    path: '/auth/phone/login',
    summary: 'Phone sign-in: exchange the SMS code for a session',
    tags: ['auth'],
    auth: false,
    body: z.object({ phone: phoneField, code: otpField }),
    response: okEnvelope(sessionSchema),
  }),
  qrLogin: defineEndpoint({
    method: 'POST',
    path: '/auth/qrcode/login',
    summary: 'QR sign-in: exchange the one-time token received over Socket.IO for a session',
    tags: ['auth'],
    auth: false,
    body: z.object({ id: z.string().uuid(), token: z.string().min(10).max(200) }),
    response: okEnvelope(sessionSchema),
  }),
  captchaChallenge: defineEndpoint({
    method: 'GET',
    path: '/captcha/challenge',
    summary: 'A fresh ALTCHA proof-of-work challenge',
    tags: ['auth'],
    auth: false,
    response: okEnvelope(captchaChallengeSchema),
  }),
  profile: defineEndpoint({
    method: 'GET',
    path: '/accounts/profile',
    summary: 'The signed-in user',
    tags: ['accounts'],
    response: okEnvelope(userSchema),
  }),
  checkAccountExists: defineEndpoint({
    method: 'GET',
    path: '/accounts/:x/check-account-exists',
    summary: 'Whether an account exists for this e-mail',
    tags: ['accounts'],
    auth: false,
    params: identifierParam,
    response: exists,
  }),
  checkPhoneExists: defineEndpoint({
    method: 'GET',
    path: '/accounts/:x/check-phone-exists',
    summary: 'Whether an account exists for this E.164 phone',
    tags: ['accounts'],
    auth: false,
    params: identifierParam,
    response: exists,
  }),
  sendVerifyEmailCode: defineEndpoint({
    method: 'POST',
    path: '/accounts/send-verify-email-code',
    summary: 'Register: send a 6-digit code to the e-mail',
    tags: ['accounts'],
    auth: false,
    body: z.object({ email: emailField, full_name: z.string().max(200).optional() }),
    response: expiration,
  }),
  verifyEmailCode: defineEndpoint({
    method: 'POST',
    path: '/accounts/verify-email-code',
    summary: 'Register: check the e-mail code; returns the verification id register needs',
    tags: ['accounts'],
    auth: false,
    body: z.object({ email: emailField, code: otpField }),
    response: okEnvelope(z.object({ id: z.string() })),
  }),
  register: defineEndpoint({
    method: 'POST',
    path: '/accounts/register',
    summary: 'Create the account (after the e-mail code), attach the invitation of `code` if any',
    tags: ['accounts'],
    auth: false,
    body: z.object({
      id: z.string().uuid({ error: authMsg.codeExpired }),
      email: emailField,
      password: passwordField,
      first_name: nameField,
      last_name: nameField,
      code: z.string().trim().max(64).optional(),
    }),
    response: okEnvelope(sessionSchema.extend({ coproprietaire_id: z.string().nullable() })),
  }),
  sendVerifyPhoneCode: defineEndpoint({
    method: 'POST',
    path: '/accounts/send-verify-phone-code',
    summary: 'Link phone: send an SMS code (captcha required)',
    tags: ['accounts'],
    body: z.object({ phone: phoneField, captcha: captchaField }),
    response: expiration,
  }),
  updateUserPhone: defineEndpoint({
    method: 'PUT',
    path: '/accounts/update-user-phone',
    summary: 'Link phone: check the SMS code and set the phone',
    tags: ['accounts'],
    body: z.object({ phone: phoneField, code: otpField }),
    response: okEnvelope(userSchema),
  }),
  updateUserProfile: defineEndpoint({
    method: 'PUT',
    path: '/accounts/update-user-profile',
    summary: 'Update first and last name',
    tags: ['accounts'],
    body: z.object({ first_name: nameField, last_name: z.string().trim().max(100) }),
    response: okEnvelope(userSchema),
  }),
  avatarPresignedUrl: defineEndpoint({
    method: 'POST',
    path: '/accounts/avatar-presigned-url',
    summary: 'A presigned URL to PUT the new avatar to (jpg, jpeg, png, gif)',
    tags: ['accounts'],
    body: z.object({
      file_name: z.string().trim().min(1).max(200),
      file_type: z.enum(avatarTypes, { error: 'Le fichier doit être une image jpg, jpeg, png ou gif.' }),
    }),
    response: okEnvelope(z.object({ upload_url: z.string(), key: z.string() })),
  }),
  uploadAccountAvatar: defineEndpoint({
    method: 'PUT',
    path: '/accounts/upload-account-avatar',
    summary: 'Set the avatar to the object uploaded at `key` (checked: own key, image, size)',
    tags: ['accounts'],
    body: z.object({ key: z.string().min(1).max(300) }),
    response: okEnvelope(userSchema),
  }),
  changePassword: defineEndpoint({
    method: 'PUT',
    path: '/accounts/change-password',
    summary: 'Change password; revokes every other session',
    tags: ['accounts'],
    body: z.object({ old_password: requiredPassword, new_password: passwordField }),
    response: ok,
  }),
  forgotPassword: defineEndpoint({
    method: 'POST',
    path: '/accounts/forgot-password',
    summary: 'Forgot password: send a 6-digit code to the e-mail',
    tags: ['accounts'],
    auth: false,
    body: z.object({ email: emailField }),
    response: expiration,
  }),
  checkForgotPassword: defineEndpoint({
    method: 'GET',
    path: '/accounts/:x/check-forgot-password',
    summary: 'Forgot password: check the code `x` sent to `email`',
    tags: ['accounts'],
    auth: false,
    params: z.object({ x: otpField }),
    query: z.object({ email: emailField }),
    response: ok,
  }),
  resetPassword: defineEndpoint({
    method: 'PUT',
    path: '/accounts/:x/reset-password',
    summary: 'Forgot password: set a new password with the code `x`; revokes every session',
    tags: ['accounts'],
    auth: false,
    params: z.object({ x: otpField }),
    body: z.object({ email: emailField, new_password: passwordField }),
    response: ok,
  }),
  syndicAlias: defineEndpoint({
    method: 'GET',
    path: '/accounts/syndic-alias/:alias',
    summary: 'Branding of a syndic alias: logo URL or default product branding',
    tags: ['accounts'],
    auth: false,
    params: z.object({ alias: z.string().trim().min(1).max(64) }),
    response: okEnvelope(syndicBrandingSchema),
  }),
};
