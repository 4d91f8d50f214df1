import type { User } from '@tantieme/contract';
import type { StorageAdapter } from '../../platform/storage.js';
import type { UserRow } from './session.repo.js';

const AVATAR_URL_TTL_S = 24 * 3600;

/** A stored avatar is a storage key; the browser gets a signed URL (URLs pass through). */
export async function avatarUrl(storage: StorageAdapter, avatar: string | null): Promise<string | null> {
  if (!avatar) return null;
  if (/^(https?:|\/|data:)/.test(avatar)) return avatar;
  return storage.signedGetUrl(avatar, AVATAR_URL_TTL_S);
}

/** The only shape of a user that leaves the server (never the password hash). */
export async function presentUser(u: UserRow, storage: StorageAdapter): Promise<User> {
  return {
    id: u.id,
    email: u.email,
    phone: u.phone,
    first_name: u.first_name,
    last_name: u.last_name,
    avatar: await avatarUrl(storage, u.avatar),
    address: u.address ?? null,
  };
}
