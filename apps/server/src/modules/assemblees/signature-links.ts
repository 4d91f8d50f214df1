import { randomToken, sha256 } from '../../lib/crypto.js';
import type { Q } from './assemblees.repo.js';
import * as signaturesRepo from './signatures.repo.js';

/**
 * Signature links, one service for both entrances: the co-owner's proxies (PROCURATION_DONNEE, the
 * mandataire's PROCURATION) and the syndic's signature requests issue them here, and the signature
 * page reads their state here.
 */

export type SignatureLinkStatus = 'pending' | 'signed' | 'expired';

/** A link's state at `now`: used once signed, dead at its expiry, open otherwise (SPEC §8). */
export function linkStatus(t: { signed_at: Date | null; expires_at: Date }, now: Date): SignatureLinkStatus {
  if (t.signed_at) return 'signed';
  return t.expires_at.getTime() <= now.getTime() ? 'expired' : 'pending';
}

/**
 * Issues a single-use signature link (decision 36: 192 random bits, only their SHA-256 stored):
 * the token row and the signature page's path with the raw token, which is never kept.
 */
export async function issueSignatureLink(
  tx: Q,
  v: {
    assembleeId: string;
    coproprietaireId: string;
    mode: string;
    procurations: Record<string, { coproprietaire_name: string }> | null;
    expiresAt: Date;
    /** How the syndic's request sent it (channel, masked recipient); null for a link shown on screen. */
    sent?: { channel: 'email' | 'sms'; recipient_masked: string } | null;
  },
) {
  const token = randomToken(24);
  const row = await signaturesRepo.insertToken(tx, {
    token_hash: sha256(token),
    assemblee_id: v.assembleeId,
    coproprietaire_id: v.coproprietaireId,
    mode: v.mode,
    procurations: v.procurations,
    expires_at: v.expiresAt,
    ...(v.sent ? { sent: v.sent } : {}),
  });
  return { row, path: `/signature?auth_token=${token}` };
}

/** A co-owner's open links of a mode expire when the syndic sends new ones (one live link each). */
export const expireOpenLinks = signaturesRepo.expirePendingTokens;
