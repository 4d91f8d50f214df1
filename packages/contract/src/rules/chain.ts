import { CHAIN_GENESIS, canonicalJson } from './assemblee.js';

/**
 * The hash chain of an assembly's records (Belenios' public ballot box, Documenso's audit log), as
 * pure code run alike by the server, the co-owner's browser and the offline verifier:
 * digest = SHA-256(prev_digest + "\n" + canonical JSON of assemblee_id, seq, kind, coproprietaire_id
 * and the published payload). SHA-256 is injected (Node's `crypto.hash` on the server) or taken from
 * WebCrypto, present in Node 20 and every browser.
 */

/** Hex SHA-256 of a UTF-8 text, synchronous or not. */
export type Sha256Hex = (text: string) => string | Promise<string>;

const hex = (bytes: ArrayBuffer | Uint8Array) =>
  Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');

const subtle = () => {
  const s = globalThis.crypto?.subtle;
  if (!s) throw new Error('WebCrypto indisponible');
  return s;
};

export const webSha256: Sha256Hex = async (text) =>
  hex(await subtle().digest('SHA-256', new TextEncoder().encode(text)));

/** What a co-owner's ballot or signature records of its sender: kept by the server, not published. */
export const SENDER_FIELDS = ['ip', 'user_agent', 'user_id'] as const;

/**
 * The payload as published in the register. A record that carries a `sender_nonce` has its sender
 * (IP, browser, account) sealed: the digest covers `sender_sha256`, the SHA-256 of the canonical JSON
 * of those fields and the nonce, so co-owners verify the chain without reading one another's IP
 * address, while the server can still prove them to a judge. A payload already published (with
 * `sender_sha256`) or without a nonce is returned unchanged.
 */
export async function publicPayload(
  payload: Record<string, unknown>,
  sha: Sha256Hex = webSha256,
): Promise<Record<string, unknown>> {
  if (typeof payload.sender_nonce !== 'string') return payload;
  const sender: Record<string, unknown> = { nonce: payload.sender_nonce };
  const rest: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(payload)) {
    if (k === 'sender_nonce') continue;
    if ((SENDER_FIELDS as readonly string[]).includes(k)) sender[k] = v ?? null;
    else rest[k] = v;
  }
  return { ...rest, sender_sha256: await sha(canonicalJson(sender)) };
}

export interface ChainRecordContent {
  assemblee_id: string;
  seq: number;
  kind: string;
  coproprietaire_id: string;
  payload: Record<string, unknown>;
}

export interface ChainRecord extends ChainRecordContent {
  prev_digest: string;
  digest: string;
  /** A ballot is current until a later ballot of the same co-owner replaces it. */
  current: boolean;
}

export async function recordDigest(
  prevDigest: string,
  r: ChainRecordContent,
  sha: Sha256Hex = webSha256,
): Promise<string> {
  const body = canonicalJson({
    assemblee_id: r.assemblee_id,
    seq: r.seq,
    kind: r.kind,
    coproprietaire_id: r.coproprietaire_id,
    payload: await publicPayload(r.payload, sha),
  });
  return sha(`${prevDigest}\n${body}`);
}

export type ChainBreak = 'digest' | 'link' | 'sequence' | 'current';

export interface ChainVerification {
  ok: boolean;
  length: number;
  first_broken: { seq: number; reason: ChainBreak } | null;
}

/**
 * Verifies a whole chain in order and reports the first broken link: a gap in the sequence, a
 * prev_digest that is not the previous digest, a digest that does not match the content, or a ballot
 * marked current although a later ballot of the same co-owner replaced it (or the reverse).
 */
export async function verifyChain(
  records: ChainRecord[],
  sha: Sha256Hex = webSha256,
): Promise<ChainVerification> {
  const lastBallot = new Map<string, number>();
  for (const r of records) if (r.kind === 'ballot') lastBallot.set(r.coproprietaire_id, r.seq);
  let prev = CHAIN_GENESIS;
  for (const [i, r] of records.entries()) {
    const broken = (reason: ChainBreak): ChainVerification => ({
      ok: false,
      length: records.length,
      first_broken: { seq: r.seq, reason },
    });
    if (r.seq !== i + 1) return broken('sequence');
    if (r.prev_digest !== prev) return broken('link');
    if ((await recordDigest(prev, r, sha)) !== r.digest) return broken('digest');
    if (r.kind === 'ballot' && r.current !== (lastBallot.get(r.coproprietaire_id) === r.seq))
      return broken('current');
    prev = r.digest;
  }
  return { ok: true, length: records.length, first_broken: null };
}
