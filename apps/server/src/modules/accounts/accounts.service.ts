import { AVATAR_MAX_BYTES, authMsg, type SyndicBranding } from '@tantieme/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { randomToken } from '../../lib/crypto.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import type { StorageAdapter } from '../../platform/storage.js';
import {
  bindCodeToUser,
  type CodeEnv,
  findCodeById,
  issueCode,
  normalizeTarget,
  verifyCode,
} from '../identity/codes.service.js';
import { presentUser } from '../identity/identity.presenter.js';
import {
  findUserByEmail,
  findUserById,
  findUserByPhone,
  passwordHashOf,
  type UserRow,
} from '../identity/users.js';
import { createSession, revokeUserSessions, type SocketCloser } from '../identity/session.service.js';
import { acceptInvitation, assertUsable } from '../invitations/invitations.service.js';
import * as repo from './accounts.repo.js';

/** A verified register code may create the account within this time. */
const REGISTER_WINDOW_MS = 30 * 60_000;

export const emailExists = async (db: Db, email: string) => !!(await findUserByEmail(db, email));
export const phoneExists = async (db: Db, phone: string) => !!(await findUserByPhone(db, phone));

/** Register step input_data → verify: the e-mail must be new ('Cet e-mail existait.'). */
export async function sendRegisterEmailCode(db: Db, env: CodeEnv, email: string, fullName?: string) {
  if (await emailExists(db, email)) throw new AppError('EMAIL_EXISTS');
  return issueCode(db, env, 'register_email', email, { fullName });
}

/** Register step verify: a right code gives the id that register needs (the code is used up). */
export async function verifyRegisterEmailCode(db: Db, env: CodeEnv, email: string, code: string) {
  const row = await verifyCode(db, env, 'register_email', email, code, {
    consume: true,
    messages: { CODE_NOT_FOUND: authMsg.codeExpired },
  });
  return { id: row.id };
}

/** Creates the account of a verified e-mail, signs it in and accepts the invitation `code`. */
export async function register(
  db: Db,
  storage: StorageAdapter,
  b: { id: string; email: string; password: string; first_name: string; last_name: string; code?: string },
  userAgent?: string,
) {
  const email = normalizeTarget('register_email', b.email);
  const v = await findCodeById(db, b.id);
  if (
    !v ||
    v.purpose !== 'register_email' ||
    v.target !== email ||
    !v.consumed_at ||
    v.user_id ||
    Date.now() - v.consumed_at.getTime() > REGISTER_WINDOW_MS
  )
    throw new AppError('CODE_EXPIRED', authMsg.codeExpired);
  if (await emailExists(db, email)) throw new AppError('EMAIL_EXISTS');
  const invitationCode = b.code?.trim() || null;
  if (invitationCode) await assertUsable(db, invitationCode);
  const passwordHash = await hashPassword(b.password);
  const { user, coproprietaireId } = await db.transaction(async (tx) => {
    const user = await repo.insertUser(tx, {
      email,
      first_name: b.first_name.trim(),
      last_name: b.last_name.trim(),
      password_hash: passwordHash,
    });
    if (!(await bindCodeToUser(tx, v.id, user.id))) throw new AppError('CODE_EXPIRED', authMsg.codeExpired);
    const attached = invitationCode ? await acceptInvitation(tx, user.id, invitationCode) : null;
    return { user, coproprietaireId: attached?.id ?? null };
  });
  const token = await createSession(db, user.id, userAgent);
  return { token, user: await presentUser(user, storage), coproprietaire_id: coproprietaireId };
}

/** Link phone: the phone must be new ('Ce numéro de téléphone existe.'); an SMS code goes out. */
export async function sendLinkPhoneCode(db: Db, env: CodeEnv, user: UserRow, phone: string) {
  if (await phoneExists(db, phone)) throw new AppError('PHONE_EXISTS');
  return issueCode(db, env, 'link_phone', phone, { userId: user.id });
}

/** Verify phone: the SMS code sets the user's phone. */
export async function linkPhone(
  db: Db,
  env: CodeEnv,
  storage: StorageAdapter,
  user: UserRow,
  phone: string,
  code: string,
) {
  await verifyCode(db, env, 'link_phone', phone, code, {
    consume: true,
    userId: user.id,
    messages: { CODE_NOT_FOUND: authMsg.codeMissing },
  });
  const other = await findUserByPhone(db, phone);
  if (other && other.id !== user.id) throw new AppError('PHONE_EXISTS');
  const row = await repo.updateUser(db, user.id, { phone });
  return presentUser(row, storage);
}

export async function updateProfile(
  db: Db,
  storage: StorageAdapter,
  user: UserRow,
  v: { first_name: string; last_name: string },
) {
  const row = await repo.updateUser(db, user.id, {
    first_name: v.first_name.trim(),
    last_name: v.last_name.trim(),
  });
  return presentUser(row, storage);
}

/** Change password (SPEC §8 WRONG_OLD_PASSWORD); every other session is revoked. */
export async function changePassword(
  db: Db,
  user: UserRow,
  sessionId: string | null,
  oldPassword: string,
  newPassword: string,
  sockets?: SocketCloser,
) {
  if (!(await verifyPassword(await passwordHashOf(db, user.id), oldPassword)))
    throw new AppError('WRONG_OLD_PASSWORD');
  await repo.updateUser(db, user.id, { password_hash: await hashPassword(newPassword) });
  await revokeUserSessions(db, user.id, sessionId ?? undefined, sockets);
  return { ok: true };
}

const forgotMessages = {
  CODE_INVALID: authMsg.forgotCodeNotFound,
  CODE_NOT_FOUND: authMsg.forgotCodeNotFound,
  CODE_EXPIRED: authMsg.forgotExpired,
};

/** Forgot password step 1 (SPEC §8: 'Cet e-mail n'existe pas.' for an unknown e-mail). */
export async function forgotPassword(db: Db, env: CodeEnv, email: string) {
  const user = await findUserByEmail(db, email);
  if (!user) throw new AppError('ACCOUNT_NOT_FOUND');
  return issueCode(db, env, 'forgot_password', email, {
    userId: user.id,
    fullName: `${user.first_name} ${user.last_name}`,
  });
}

export async function checkForgotCode(db: Db, env: CodeEnv, email: string, code: string) {
  await verifyCode(db, env, 'forgot_password', email, code, { messages: forgotMessages });
  return { ok: true };
}

/** Forgot password step 3: the code sets the new password and signs out every device. */
export async function resetPassword(
  db: Db,
  env: CodeEnv,
  email: string,
  code: string,
  newPassword: string,
  sockets?: SocketCloser,
) {
  const row = await verifyCode(db, env, 'forgot_password', email, code, {
    consume: true,
    messages: forgotMessages,
  });
  const user = row.user_id ? await findUserById(db, row.user_id) : await findUserByEmail(db, email);
  if (!user) throw new AppError('ACCOUNT_NOT_FOUND');
  await repo.updateUser(db, user.id, { password_hash: await hashPassword(newPassword) });
  await revokeUserSessions(db, user.id, undefined, sockets);
  return { ok: true };
}

const AVATAR_EXT: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/gif': 'gif' };

/** A presigned PUT URL for a new avatar under the user's own prefix. */
export async function avatarUploadUrl(storage: StorageAdapter, user: UserRow, fileType: string) {
  const ext = AVATAR_EXT[fileType];
  if (!ext) throw new AppError('AVATAR_INVALID');
  const key = `avatars/${user.id}/${randomToken(12)}.${ext}`;
  return { key, upload_url: await storage.signedPutUrl(key, fileType, 15 * 60) };
}

/** The image type by magic bytes, or null: the stored copy is named after what it is. */
const imageExt = (b: Buffer): 'jpg' | 'png' | 'gif' | null => {
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpg';
  if (b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (b.subarray(0, 4).toString('latin1') === 'GIF8') return 'gif';
  return null;
};

/**
 * Sets the avatar to an uploaded object: own prefix, an actual jpg/png/gif, at most 5 MB.
 * The checked bytes are copied to a fresh key no upload URL was ever issued for, so a
 * later PUT on the upload URL (still unexpired) cannot swap what is served.
 */
export async function setAvatar(db: Db, storage: StorageAdapter, user: UserRow, key: string) {
  const own = new RegExp(`^avatars/${user.id}/[A-Za-z0-9_-]+\\.(jpg|png|gif)$`);
  if (!own.test(key)) throw new AppError('AVATAR_INVALID');
  let data: Buffer;
  try {
    data = await storage.get(key);
  } catch {
    throw new AppError('AVATAR_INVALID');
  }
  const ext = data.length > 0 && data.length <= AVATAR_MAX_BYTES ? imageExt(data) : null;
  if (!ext) throw new AppError('AVATAR_INVALID');
  const accepted = `avatars/${user.id}/accepted/${randomToken(12)}.${ext}`;
  await storage.put(accepted, data, ext === 'jpg' ? 'image/jpeg' : `image/${ext}`);
  const row = await repo.updateUser(db, user.id, { avatar: accepted });
  return presentUser(row, storage);
}

/** SPEC §7 syndic-alias: the logo (signed URL of its storage key) or the default branding. */
export async function syndicBranding(
  db: Db,
  storage: StorageAdapter,
  alias: string,
): Promise<SyndicBranding> {
  const s = await repo.findSyndicByAlias(db, alias);
  if (!s) throw new AppError('NOT_FOUND');
  const useDefault = s.use_synple || !s.logo_url;
  let source_url: string | null = null;
  if (!useDefault && s.logo_url)
    source_url = /^(https?:|\/)/.test(s.logo_url)
      ? s.logo_url
      : await storage.signedGetUrl(s.logo_url, 24 * 3600);
  return { name: s.name, use_synple: useDefault, source_url };
}
