import { authMsg } from '@tantieme/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { randomToken } from '../../lib/crypto.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import type { StorageAdapter } from '../../platform/storage.js';
import { type CodeEnv, issueCode, verifyCode } from './codes.service.js';
import { presentUser } from './identity.presenter.js';
import { findUserByEmail, findUserByPhone, isDisabledStaffOnly } from './session.repo.js';
import { createSession } from './session.service.js';

// Verified when the e-mail is unknown, so that both answers take as long.
let dummyHash: Promise<string> | null = null;
const getDummyHash = () => {
  dummyHash ??= hashPassword(randomToken());
  return dummyHash;
};

/** E-mail + password sign-in (SPEC §8 Login errors: unknown e-mail, password mismatch). */
export async function loginWithPassword(
  db: Db,
  storage: StorageAdapter,
  email: string,
  password: string,
  userAgent?: string,
) {
  const user = await findUserByEmail(db, email);
  const ok = await verifyPassword(user?.password_hash ?? (await getDummyHash()), password);
  if (!user) throw new AppError('USER_NOT_FOUND');
  if (!ok) throw new AppError('WRONG_PASSWORD');
  await assertMaySignIn(db, user.id);
  const token = await createSession(db, user.id, userAgent);
  return { token, user: await presentUser(user, storage) };
}

/** A staff account disabled by its syndic (and nothing else) no longer signs in. */
async function assertMaySignIn(db: Db, userId: string) {
  if (await isDisabledStaffOnly(db, userId))
    throw new AppError('ACCOUNT_DISABLED', 'Ce compte a été désactivé par votre syndic.', { status: 403 });
}

/** Phone sign-in, step 1: an SMS code to a registered phone. */
export async function sendLoginPhoneCode(db: Db, env: CodeEnv, phone: string) {
  const user = await findUserByPhone(db, phone);
  if (!user) throw new AppError('PHONE_NOT_FOUND');
  return issueCode(db, env, 'login_phone', phone, { userId: user.id });
}

/** Phone sign-in, step 2: the SMS code for a session (SPEC §8 Login code messages). */
export async function loginWithPhone(
  db: Db,
  env: CodeEnv,
  storage: StorageAdapter,
  phone: string,
  code: string,
  userAgent?: string,
) {
  const user = await findUserByPhone(db, phone);
  if (!user) throw new AppError('PHONE_NOT_FOUND');
  await verifyCode(db, env, 'login_phone', phone, code, {
    consume: true,
    userId: user.id,
    messages: {
      CODE_INVALID: authMsg.codeInvalid,
      CODE_EXPIRED: authMsg.codeMissing,
      CODE_NOT_FOUND: authMsg.codeMissing,
    },
  });
  await assertMaySignIn(db, user.id);
  const token = await createSession(db, user.id, userAgent);
  return { token, user: await presentUser(user, storage) };
}
