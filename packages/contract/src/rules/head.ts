import { canonicalJson } from './assemblee.js';

/**
 * The signed head of an assembly's chain: the server's Ed25519 signature over the record count and the
 * last digest. Sent to every participant when the vote closes and when the assembly ends, it is what a
 * co-owner holds: a later rewrite (another digest at that rank) or truncation (fewer records) of the
 * register contradicts it, and the signature shows the server itself issued it.
 */

export const HEAD_TYPE = 'tantieme.assembly-head.v1';

/** When a head was issued: the vote closed, the assembly ended, or on request (the register's). */
export type HeadEvent = 'vote_closed' | 'ended' | 'current';

export interface ChainHead {
  assemblee_id: string;
  event: HeadEvent;
  /** Number of records covered. */
  count: number;
  /** Digest of the record of rank `count` (the genesis when the chain is empty). */
  digest: string;
  signed_at: string;
}

export interface SignedHead extends ChainHead {
  /** Ed25519 signature of `headMessage`, base64. */
  signature: string;
  /** SHA-256 (hex) of the raw public key that signed. */
  key_fingerprint: string;
}

/** The exact bytes signed: canonical JSON, so any verifier rebuilds them from the head's fields. */
export function headMessage(h: ChainHead): string {
  return canonicalJson({
    type: HEAD_TYPE,
    assemblee_id: h.assemblee_id,
    event: h.event,
    count: h.count,
    digest: h.digest,
    signed_at: h.signed_at,
  });
}

export function fromBase64(b64: string): Uint8Array {
  const s = b64.replace(/-/g, '+').replace(/_/g, '/');
  const bin = atob(s + '='.repeat((4 - (s.length % 4)) % 4));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

/** Verifies an Ed25519 signature; WebCrypto by default, a pure-JS one may be injected. */
export type Ed25519Verify = (
  publicKey: Uint8Array,
  signature: Uint8Array,
  message: Uint8Array,
) => Promise<boolean>;

export const webEd25519Verify: Ed25519Verify = async (publicKey, signature, message) => {
  const subtle = globalThis.crypto.subtle;
  const key = await subtle.importKey('raw', publicKey as BufferSource, { name: 'Ed25519' }, false, [
    'verify',
  ]);
  return subtle.verify({ name: 'Ed25519' }, key, signature as BufferSource, message as BufferSource);
};

/** SHA-256 (hex) of the raw public key: the fingerprint published beside the key. */
export async function keyFingerprint(publicKeyB64: string): Promise<string> {
  const d = await globalThis.crypto.subtle.digest('SHA-256', fromBase64(publicKeyB64) as BufferSource);
  return Array.from(new Uint8Array(d), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** True when the head's signature verifies under the public key (a malformed one is false). */
export async function verifyHeadSignature(
  head: SignedHead,
  publicKeyB64: string,
  verify: Ed25519Verify = webEd25519Verify,
): Promise<boolean> {
  try {
    const message = new TextEncoder().encode(headMessage(head));
    return await verify(fromBase64(publicKeyB64), fromBase64(head.signature), message);
  } catch {
    return false;
  }
}

/** How a chain stands against a head: agrees, lost records, or holds another digest at its rank. */
export type HeadComparison = 'ok' | 'other_assembly' | 'truncated' | 'rewritten';

export function compareHead(
  assembleeId: string,
  records: { seq: number; digest: string }[],
  head: ChainHead,
  genesis: string,
): HeadComparison {
  if (head.assemblee_id !== assembleeId) return 'other_assembly';
  if (records.length < head.count) return 'truncated';
  const at = head.count === 0 ? genesis : records[head.count - 1]?.digest;
  return at === head.digest ? 'ok' : 'rewritten';
}

const HELD_PREFIX = 'TH1.';

/** The head as one pasteable token (in the notification's text): `TH1.` + base64url of its JSON. */
export function encodeHead(h: SignedHead): string {
  const bytes = new TextEncoder().encode(JSON.stringify(h));
  const b64 = btoa(String.fromCharCode(...bytes));
  return HELD_PREFIX + b64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The first head token found in a text (a pasted notification or e-mail), or a head's JSON; else null. */
export function decodeHead(text: string): SignedHead | null {
  const token = new RegExp(`${HELD_PREFIX.replace('.', '\\.')}([A-Za-z0-9_-]+)`).exec(text)?.[1];
  try {
    const json = token ? new TextDecoder().decode(fromBase64(token)) : text.trim();
    const h = JSON.parse(json) as SignedHead;
    const ok =
      typeof h.assemblee_id === 'string' &&
      ['vote_closed', 'ended', 'current'].includes(h.event) &&
      Number.isInteger(h.count) &&
      typeof h.digest === 'string' &&
      typeof h.signed_at === 'string' &&
      typeof h.signature === 'string' &&
      typeof h.key_fingerprint === 'string';
    return ok ? h : null;
  } catch {
    return null;
  }
}
