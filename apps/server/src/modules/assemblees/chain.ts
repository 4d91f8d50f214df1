import {
  CHAIN_GENESIS,
  type ChainCheck,
  recordDigest as contractRecordDigest,
  verifyChain as contractVerifyChain,
} from '@tantieme/contract';
import { sha256 } from '../../lib/crypto.js';
import * as repo from './assemblees.repo.js';

/**
 * The hash chain of an assembly's ballots and signatures: the contract's digest rule (the one the
 * co-owner's browser and the offline verifier run), with Node's SHA-256.
 */
export const recordDigest = (
  prevDigest: string,
  r: {
    assemblee_id: string;
    seq: number;
    kind: string;
    coproprietaire_id: string;
    payload: Record<string, unknown>;
  },
) => contractRecordDigest(prevDigest, r, sha256);

/** Appends a record; the caller holds the assembly row lock (repo.lockAssemblee) in `tx`. */
export async function appendRecord(
  tx: repo.Tx,
  r: {
    assemblee_id: string;
    kind: 'ballot' | 'signature' | 'attendance' | 'session_vote' | 'late_form' | 'bureau' | 'amendment';
    coproprietaire_id: string;
    payload: Record<string, unknown>;
    created_at: Date;
  },
) {
  const last = await repo.lastRecord(tx, r.assemblee_id);
  const seq = (last?.seq ?? 0) + 1;
  const prev = last?.digest ?? CHAIN_GENESIS;
  const digest = await recordDigest(prev, { ...r, seq });
  return repo.insertRecord(tx, { ...r, seq, prev_digest: prev, digest, current: true });
}

/** Verifies a whole chain in order and reports its first broken link (the contract's rule). */
export function verifyChain(records: repo.RecordRow[]): Promise<ChainCheck> {
  return contractVerifyChain(records, sha256);
}
