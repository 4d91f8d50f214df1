import { QR_CODE_TTL_S, QR_EVENTS, type QrCode } from '@tantieme/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { randomToken, safeEqual, sha256 } from '../../lib/crypto.js';
import type { StorageAdapter } from '../../platform/storage.js';
import type { Realtime } from '../../realtime/index.js';
import { avatarUrl, presentUser } from '../identity/identity.presenter.js';
import { findUserById, type UserRow } from '../identity/users.js';
import { createSession } from '../identity/session.service.js';
import * as repo from './qrcode.repo.js';

/** After 'accept', the desktop has this long to exchange its one-time token. */
const EXCHANGE_TTL_S = 60;
const room = (id: string) => `qr:${id}`;
const expiredMsg = 'Ce QR code a expiré. Veuillez en générer un nouveau.';

/**
 * QR sign-in: the desktop shows a code, a signed-in phone scans it (the desktop sees who),
 * accepts, and the desktop receives a one-time token over Socket.IO in room qr:<id> (the
 * id is only known to the desktop) that it exchanges for its own session.
 */
export async function generate(
  db: Db,
  publicUrl: string,
  v: { device_name: string; position: string },
): Promise<QrCode> {
  await repo.purgeExpired(db);
  const code = randomToken(24);
  const row = await repo.insert(db, {
    code,
    device_name: v.device_name || 'Navigateur',
    position: v.position,
    expiration_date: new Date(Date.now() + QR_CODE_TTL_S * 1000),
  });
  return {
    id: row.id,
    code,
    expiration_date: row.expiration_date.toISOString(),
    qrcode_url: `${publicUrl.replace(/\/$/, '')}/qr-login/${code}`,
  };
}

export async function remove(db: Db, id: string) {
  await repo.remove(db, id);
  return { ok: true };
}

async function live(db: Db, code: string) {
  const row = await repo.byCode(db, code);
  if (!row || row.expiration_date.getTime() < Date.now()) throw new AppError('NOT_FOUND', expiredMsg);
  return row;
}

/** The phone scanned: the desktop is told who (avatar, full name). */
export async function scan(db: Db, realtime: Realtime, storage: StorageAdapter, user: UserRow, code: string) {
  const row = await live(db, code);
  if (row.status === 'scanned' && row.scanner_user_id !== user.id)
    throw new AppError('NOT_FOUND', expiredMsg);
  if (
    !(await repo.transition(db, row.id, ['pending', 'scanned'], {
      status: 'scanned',
      scanner_user_id: user.id,
    }))
  )
    throw new AppError('NOT_FOUND', expiredMsg);
  realtime.toRoom(room(row.id), QR_EVENTS.scanned, {
    avatar: await avatarUrl(storage, user.avatar),
    fullName: `${user.first_name} ${user.last_name}`.trim(),
  });
  return {
    device_name: row.device_name ?? '',
    position: row.position ?? '',
    expiration_date: row.expiration_date.toISOString(),
  };
}

/** The phone accepted: a one-time token (stored hashed) goes to the desktop. */
export async function accept(db: Db, realtime: Realtime, user: UserRow, code: string) {
  const row = await live(db, code);
  if (row.scanner_user_id !== user.id) throw new AppError('NOT_FOUND', expiredMsg);
  const token = randomToken();
  const ok = await repo.transition(db, row.id, ['scanned'], {
    status: 'accepted',
    custom_token_hash: sha256(token),
    expiration_date: new Date(Date.now() + EXCHANGE_TTL_S * 1000),
  });
  if (!ok) throw new AppError('NOT_FOUND', expiredMsg);
  realtime.toRoom(room(row.id), QR_EVENTS.accepted, { token });
  return { ok: true };
}

export async function reject(db: Db, realtime: Realtime, user: UserRow, code: string) {
  const row = await live(db, code);
  if (row.scanner_user_id !== user.id) throw new AppError('NOT_FOUND', expiredMsg);
  await repo.transition(db, row.id, ['scanned'], { status: 'rejected' });
  realtime.toRoom(room(row.id), QR_EVENTS.rejected, {});
  return { ok: true };
}

/** The desktop exchanges the one-time token for a session; the code is deleted (single use). */
export async function exchange(
  db: Db,
  storage: StorageAdapter,
  id: string,
  token: string,
  userAgent?: string,
) {
  const row = await repo.byId(db, id);
  const invalid = () => new AppError('CODE_INVALID');
  if (
    !row ||
    row.status !== 'accepted' ||
    !row.custom_token_hash ||
    !row.scanner_user_id ||
    row.expiration_date.getTime() < Date.now() ||
    !safeEqual(row.custom_token_hash, sha256(token))
  )
    throw invalid();
  if (!(await repo.remove(db, row.id))) throw invalid();
  const user = await findUserById(db, row.scanner_user_id);
  if (!user) throw invalid();
  const session = await createSession(db, user.id, userAgent);
  return { token: session, user: await presentUser(user, storage) };
}
