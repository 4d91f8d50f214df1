import type { User } from '@tantieme/contract';
import type { UserRow } from './session.repo.js';

/** The only shape of a user that leaves the server (never the password hash). */
export function presentUser(u: UserRow): User {
  return {
    id: u.id,
    email: u.email,
    phone: u.phone,
    first_name: u.first_name,
    last_name: u.last_name,
    avatar: u.avatar,
    address: u.address ?? null,
  };
}
