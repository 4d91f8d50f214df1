import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { randomToken } from '../../lib/crypto.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import { presentUser } from './identity.presenter.js';
import { findUserByEmail } from './session.repo.js';
import { createSession } from './session.service.js';

// Verified when the e-mail is unknown, so that both answers take as long.
let dummyHash: Promise<string> | null = null;
const getDummyHash = () => {
  dummyHash ??= hashPassword(randomToken());
  return dummyHash;
};

/** E-mail + password sign-in (SPEC §8 Login errors: unknown e-mail, password mismatch). */
export async function loginWithPassword(db: Db, email: string, password: string, userAgent?: string) {
  const user = await findUserByEmail(db, email);
  const ok = await verifyPassword(user?.password_hash ?? (await getDummyHash()), password);
  if (!user) throw new AppError('USER_NOT_FOUND');
  if (!ok) throw new AppError('WRONG_PASSWORD');
  const token = await createSession(db, user.id, userAgent);
  return { token, user: presentUser(user) };
}
