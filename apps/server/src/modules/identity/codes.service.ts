import {
  CODE_MAX_ATTEMPTS,
  CODE_RESEND_COUNTDOWN_S,
  EMAIL_CODE_TTL_S,
  OTP_LENGTH,
  SMS_CODE_TTL_S,
} from '@tantieme/contract';
import type { Db } from '../../db/client.js';
import type { Exec } from './exec.js';
import { AppError } from '../../http/errors.js';
import { hmac, randomDigits, safeEqual } from '../../lib/crypto.js';
import { enqueue } from '../../platform/outbox.js';
import * as repo from './codes.repo.js';
import { codeSms, passwordResetEmail, verificationCodeEmail } from '../../templates/index.js';

/**
 * Reusable one-time codes (SPEC §9 OTP 6 digits): hashed at rest with the app secret,
 * short-lived (e-mail 10 min, SMS 5 min), dead after 5 wrong tries, resend limited
 * (one per 60 s, a few per hour). Delivery goes through the outbox in the same transaction.
 */
export type CodePurpose = 'register_email' | 'link_phone' | 'login_phone' | 'forgot_password';
const CHANNEL: Record<CodePurpose, 'email' | 'sms'> = {
  register_email: 'email',
  forgot_password: 'email',
  link_phone: 'sms',
  login_phone: 'sms',
};
export const MAX_SENDS_PER_HOUR = 5;

export interface CodeEnv {
  secret: string;
  production: boolean;
}

const hashCode = (secret: string, purpose: string, target: string, code: string) =>
  hmac(secret, `otp\n${purpose}\n${target}\n${code}`);

export const normalizeTarget = (purpose: CodePurpose, target: string) =>
  CHANNEL[purpose] === 'email' ? target.trim().toLowerCase() : target.trim();

function message(purpose: CodePurpose, code: string, fullName?: string) {
  if (purpose === 'register_email') {
    const m = verificationCodeEmail({ code, fullName });
    return { subject: m.subject, body: m.text };
  }
  if (purpose === 'forgot_password') {
    const m = passwordResetEmail({ code, fullName });
    return { subject: m.subject, body: m.text };
  }
  return { subject: undefined, body: codeSms({ code }) };
}

/** Issues a new code (closing the previous ones) and queues its delivery. */
export async function issueCode(
  db: Db,
  env: CodeEnv,
  purpose: CodePurpose,
  rawTarget: string,
  opts: { userId?: string; fullName?: string; now?: Date } = {},
) {
  const target = normalizeTarget(purpose, rawTarget);
  const now = opts.now ?? new Date();
  const last = await repo.latestCreated(db, purpose, target);
  const since = (t: Date) => (now.getTime() - t.getTime()) / 1000;
  if (last && since(last) < CODE_RESEND_COUNTDOWN_S)
    throw new AppError('RESEND_TOO_SOON', undefined, { retryAfter: CODE_RESEND_COUNTDOWN_S - since(last) });
  const sent = await repo.countSince(db, purpose, target, new Date(now.getTime() - 3600_000));
  if (sent.n >= MAX_SENDS_PER_HOUR)
    throw new AppError('RATE_LIMITED', undefined, {
      status: 429,
      retryAfter: 3600 - (sent.oldest ? since(sent.oldest) : 0),
    });
  const channel = CHANNEL[purpose];
  const ttl = channel === 'email' ? EMAIL_CODE_TTL_S : SMS_CODE_TTL_S;
  const code = randomDigits(OTP_LENGTH);
  const expires = new Date(now.getTime() + ttl * 1000);
  await db.transaction(async (tx) => {
    await repo.closeOpen(tx, purpose, target);
    await repo.insertCode(tx, {
      purpose,
      target,
      code_hash: hashCode(env.secret, purpose, target, code),
      user_id: opts.userId,
      expires_at: expires,
      created_at: now,
    });
    const m = message(purpose, code, opts.fullName);
    await enqueue(
      tx,
      { channel, recipient: target, subject: m.subject, body: m.body, code },
      { production: env.production },
    );
  });
  return { expiration_date: expires.toISOString() };
}

export type CodeFailure = 'CODE_INVALID' | 'CODE_EXPIRED' | 'CODE_NOT_FOUND';

/**
 * Checks a code. Throws CODE_NOT_FOUND (none open), CODE_EXPIRED (past its lifetime or
 * dead after 5 wrong tries) or CODE_INVALID (wrong; the try is counted). `messages` lets
 * each flow word the error as SPEC §8 does. With `consume`, a right code is used up.
 */
export async function verifyCode(
  db: Exec,
  env: CodeEnv,
  purpose: CodePurpose,
  rawTarget: string,
  code: string,
  opts: { consume?: boolean; userId?: string; messages?: Partial<Record<CodeFailure, string>> } = {},
) {
  const target = normalizeTarget(purpose, rawTarget);
  const fail = (c: CodeFailure) => new AppError(c, opts.messages?.[c]);
  const row = await repo.latestOpenCode(db, purpose, target);
  if (!row || (opts.userId && row.user_id !== opts.userId)) throw fail('CODE_NOT_FOUND');
  if (row.expires_at.getTime() <= Date.now() || row.attempts >= CODE_MAX_ATTEMPTS) throw fail('CODE_EXPIRED');
  if (!safeEqual(row.code_hash, hashCode(env.secret, purpose, target, code))) {
    await repo.addAttempt(db, row.id);
    throw fail('CODE_INVALID');
  }
  if (opts.consume && !(await repo.consume(db, row.id))) throw fail('CODE_NOT_FOUND');
  return row;
}

export const findCodeById = repo.findById;
export const bindCodeToUser = repo.bindUser;

export const codeEnvOf = (app: { config: { appSecret: string; env: string } }): CodeEnv => ({
  secret: app.config.appSecret,
  production: app.config.env === 'production',
});
