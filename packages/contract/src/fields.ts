import { z } from 'zod';
import { E164 } from './rules/phone.js';
import { ATTACH_CODE_LENGTH, OTP_LENGTH, PASSWORD_MIN_LENGTH, PHONE_MAX_LENGTH } from './constants.js';

/** SPEC §5 messages, worded to the letter. */
export const msg = {
  required: 'Ce champ est requis.',
  emailSyntax: "Mauvaise syntaxe d'e-mail.",
  emailOnboarding: 'Le courriel est invalide',
  password:
    'Le mot de passe doit comporter au moins 7 caractères, dont au moins 1 lettre majuscule, 1 lettre minuscule et 1 chiffre.',
  confirmRegister: 'Confirmer le mot de passe ne correspond pas',
  confirmForgot: 'Le mot de passe et le mot de passe de confirmation ne correspondent pas.',
  confirmChange: 'Votre mot de passe et votre mot de passe de confirmation ne correspondent pas.',
  phoneInvalid: 'Numéro de téléphone invalide',
  phoneWrongSyntax: 'Wrong phone syntax',
  phonePlaceholder: 'Entrer un numéro de téléphone',
  /** A NUL byte or a lone surrogate: text no database column can hold. */
  invalidCharacter: 'Ce champ contient un caractère non autorisé.',
  amountNegative: 'Le montant de la paie ne peut pas être inférieur à 0',
} as const;

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
export const isEmail = (v: string) => EMAIL_PATTERN.test(v.trim());

/** Password rule of SPEC §5: 7+ characters with a digit, a lowercase and an uppercase letter. */
export const isStrongPassword = (v: string) =>
  v.length >= PASSWORD_MIN_LENGTH && /\d/.test(v) && /[a-z]/.test(v) && /[A-Z]/.test(v);

export const requiredString = z.string({ error: msg.required }).trim().min(1, { error: msg.required });
export const emailField = requiredString.max(254).refine(isEmail, { error: msg.emailSyntax });
export const passwordField = z
  .string({ error: msg.required })
  .min(1, { error: msg.required })
  .max(128)
  .refine(isStrongPassword, { error: msg.password });
export const otpField = z
  .string({ error: msg.required })
  .min(1, { error: msg.required })
  .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), { error: 'Le code est invalide' });

export { E164 };

/** E.164 phone, as the phone input emits it (+33612345678). */
export const phoneField = z
  .string({ error: msg.required })
  .trim()
  .min(1, { error: msg.required })
  .max(PHONE_MAX_LENGTH)
  .regex(E164, { error: msg.phoneInvalid });

/** Mobile numbers accepted by phone login (SPEC §5: French or Vietnamese mobile). */
export const isLoginMobile = (e164: string) =>
  /^\+33[67]\d{8}$/.test(e164) || /^\+84(3|5|7|8|9)\d{8}$/.test(e164);

/** Attach code (SPEC §2.5/§5): exactly 9 characters; fewer gives the field-required message. */
export const attachCodeField = z
  .string({ error: msg.required })
  .trim()
  .transform((s) => s.toUpperCase())
  .refine((s) => s.length === ATTACH_CODE_LENGTH, { error: msg.required })
  .refine((s) => /^[A-Z0-9]+$/.test(s), { error: 'Ce code est invalide' });

/**
 * Attachment token check (SPEC §5): 8 to 10 word characters, exactly 3 letters A–E and
 * 5 to 7 digits. Used to warn a user who typed an attach code as a password.
 */
export function looksLikeAttachToken(v: string): boolean {
  if (v.length < 8 || v.length > 10 || !/^\w+$/.test(v)) return false;
  const letters = (v.match(/[A-Ea-e]/g) ?? []).length;
  const digits = (v.match(/\d/g) ?? []).length;
  return letters === 3 && digits >= 5 && digits <= 7 && letters + digits === v.length;
}

/**
 * Every id of a record (path parameter or body field): a UUID, checked before any query so a
 * malformed id answers 400 naming the field, never a database error. Any 8-4-4-4-12 hex form
 * (what PostgreSQL's uuid type reads), not only RFC versions.
 */
export const idField = z.guid({ error: 'Identifiant invalide' });
export const uuidParam = idField;

/**
 * The same rule as a test, for ids that do not come through a schema (sockets, guards, CLI).
 * zod's own `guid` pattern (what `idField` checks) directly, not `idField.safeParse`: the
 * session lookup tries it on every request's candidate ids, most of them absent, and a failed
 * zod parse builds its issues and error (5 % of the server's CPU on the records list).
 * `fields.test.ts` checks both agree.
 */
export const isId = (v: unknown): v is string => typeof v === 'string' && z.regexes.guid.test(v);

/** Profile rule (SPEC §5): the first word is the first name, the rest the last name. */
export function splitFullName(full: string): { first_name: string; last_name: string } {
  const words = full.trim().split(/\s+/).filter(Boolean);
  return { first_name: words[0] ?? '', last_name: words.slice(1).join(' ') };
}

export const nameField = requiredString.max(100);

/** Captcha payload of the ALTCHA widget (base64 JSON); 'Veuillez vérifier avec captcha' when absent. */
export const captchaField = z
  .string({ error: 'Veuillez vérifier avec captcha' })
  .min(1, { error: 'Veuillez vérifier avec captcha' })
  .max(2000);

/** A NUL byte, or half of a surrogate pair: no PostgreSQL text or jsonb value can hold them. */
function hasInvalidText(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0) return true;
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return true;
      i++;
    } else if (c >= 0xdc00 && c <= 0xdfff) return true;
  }
  return false;
}

/** The key as an error may name it: the offending characters replaced. */
const printable = (k: string) =>
  Array.from(k, (ch) =>
    ch.charCodeAt(0) === 0 || (ch.length === 1 && ch.charCodeAt(0) >= 0xd800 && ch.charCodeAt(0) <= 0xdfff)
      ? '\ufffd'
      : ch,
  ).join('');

/**
 * Field paths (dot-joined, as validation errors name them) of every string of an input, keys
 * included, that holds a character no column can store. The server checks every request's
 * params, query and body with it before any schema or query sees them.
 */
export function invalidTextPaths(value: unknown, prefix = '', out: string[] = []): string[] {
  if (typeof value === 'string') {
    if (hasInvalidText(value)) out.push(prefix || '_');
  } else if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) invalidTextPaths(v, prefix ? `${prefix}.${i}` : String(i), out);
  } else if (value && typeof value === 'object' && !ArrayBuffer.isView(value)) {
    for (const [k, v] of Object.entries(value)) {
      const p = prefix ? `${prefix}.${k}` : k;
      if (hasInvalidText(k)) out.push(printable(p));
      else invalidTextPaths(v, p, out);
    }
  }
  return out;
}

/** An amount in integer cents, as the console and the syndic API take it. */
export const moneyCents = z
  .number({ error: 'Un montant en centimes.' })
  .int({ error: 'Un nombre entier de centimes.' })
  .min(0, { error: 'Positif ou nul.' })
  .max(100_000_000_000);
export const moneyDate = z.iso.date({ error: 'Une date AAAA-MM-JJ.' });
