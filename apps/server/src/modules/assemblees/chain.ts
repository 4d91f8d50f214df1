import { CHAIN_GENESIS, type ChainCheck, canonicalJson } from '@tantieme/contract';
import { sha256 } from '../../lib/crypto.js';
import * as repo from './assemblees.repo.js';

/**
 * The hash chain of an assembly's ballots and signatures (Belenios' public ballot box, Documenso's
 * audit log): digest = SHA-256(prev_digest + "\n" + canonical JSON of seq, kind, ids and payload).
 * Changing any stored field of a record breaks its digest; changing a digest breaks the next link.
 */
export function recordDigest(
  prevDigest: string,
  r: { assemblee_id: string; seq: number; kind: string; coproprietaire_id: string; payload: unknown },
): string {
  const body = canonicalJson({
    assemblee_id: r.assemblee_id,
    seq: r.seq,
    kind: r.kind,
    coproprietaire_id: r.coproprietaire_id,
    payload: r.payload,
  });
  return sha256(`${prevDigest}\n${body}`);
}

/** Appends a record; the caller holds the assembly row lock (repo.lockAssemblee) in `tx`. */
export async function appendRecord(
  tx: repo.Tx,
  r: {
    assemblee_id: string;
    kind: 'ballot' | 'signature' | 'attendance' | 'session_vote';
    coproprietaire_id: string;
    payload: Record<string, unknown>;
    created_at: Date;
  },
) {
  const last = await repo.lastRecord(tx, r.assemblee_id);
  const seq = (last?.seq ?? 0) + 1;
  const prev = last?.digest ?? CHAIN_GENESIS;
  const digest = recordDigest(prev, { ...r, seq });
  return repo.insertRecord(tx, { ...r, seq, prev_digest: prev, digest, current: true });
}

/**
 * Verifies a whole chain in order and reports the first broken link: a gap in the sequence, a
 * prev_digest that is not the previous digest, a digest that does not match the content, or a ballot
 * marked current although a later ballot of the same co-owner replaced it (or the reverse).
 */
export function verifyChain(records: repo.RecordRow[]): ChainCheck {
  const lastBallot = new Map<string, number>();
  for (const r of records) if (r.kind === 'ballot') lastBallot.set(r.coproprietaire_id, r.seq);
  let prev = CHAIN_GENESIS;
  for (const [i, r] of records.entries()) {
    const broken = (reason: 'digest' | 'link' | 'sequence' | 'current'): ChainCheck => ({
      ok: false,
      length: records.length,
      first_broken: { seq: r.seq, reason },
    });
    if (r.seq !== i + 1) return broken('sequence');
    if (r.prev_digest !== prev) return broken('link');
    if (recordDigest(prev, r) !== r.digest) return broken('digest');
    if (r.kind === 'ballot' && r.current !== (lastBallot.get(r.coproprietaire_id) === r.seq))
      return broken('current');
    prev = r.digest;
  }
  return { ok: true, length: records.length, first_broken: null };
}
