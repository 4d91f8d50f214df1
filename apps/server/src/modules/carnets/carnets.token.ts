import { hmac, safeEqual } from '../../lib/crypto.js';

/**
 * The short-lived token handed to the external maintenance application (decision 51): it names
 * one co-owner record (with its copropriété and syndic) and grants reading that record's carnet
 * through `GET /api/maintenance-app/record`, nothing else. It is not a session: signed with a key
 * derived from APP_SECRET, stateless, valid TOKEN_TTL_SECONDS.
 */
export const TOKEN_TTL_SECONDS = 10 * 60;
const PREFIX = 'mt1';

export interface MaintenanceGrant {
  syndicId: string;
  coproprieteId: string;
  coproprietaireId: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
}

const keyOf = (appSecret: string) => hmac(appSecret, 'maintenance-app-token');

export function signMaintenanceToken(appSecret: string, g: Omit<MaintenanceGrant, 'exp'>, now = Date.now()) {
  const grant: MaintenanceGrant = { ...g, exp: Math.floor(now / 1000) + TOKEN_TTL_SECONDS };
  const payload = Buffer.from(
    JSON.stringify({ s: grant.syndicId, p: grant.coproprieteId, c: grant.coproprietaireId, e: grant.exp }),
  ).toString('base64url');
  return { token: `${PREFIX}.${payload}.${hmac(keyOf(appSecret), `${PREFIX}.${payload}`)}`, grant };
}

/** The grant of a well-signed, unexpired token; null otherwise. */
export function readMaintenanceToken(
  appSecret: string,
  token: string,
  now = Date.now(),
): MaintenanceGrant | null {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== PREFIX || token.length > 1000) return null;
  const [, payload, sig] = parts as [string, string, string];
  if (!safeEqual(sig, hmac(keyOf(appSecret), `${PREFIX}.${payload}`))) return null;
  try {
    const v = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (
      typeof v.s !== 'string' ||
      typeof v.p !== 'string' ||
      typeof v.c !== 'string' ||
      typeof v.e !== 'number'
    )
      return null;
    if (v.e * 1000 <= now) return null;
    return { syndicId: v.s, coproprieteId: v.p, coproprietaireId: v.c, exp: v.e };
  } catch {
    return null;
  }
}
