import type { VoteChoice } from '@tantieme/contract';
import type { Db } from '../../db/client.js';
import * as repo from './assemblees.repo.js';
import * as proxiesRepo from './proxies.repo.js';

export interface RegisterProxy {
  /** The online proxy's id; null for one entered by the syndic. */
  proxy_id: string | null;
  origin: 'syndic' | 'online';
  status: 'active' | 'withdrawn';
  mandant_id: string;
  mandant_name: string;
  mandataire: { name: string; coproprietaire_id: string | null };
  instructions: { resolution_id: string; number: number; vote: VoteChoice }[];
  given_at: Date;
  withdrawn_at: Date | null;
  record: { seq: number; digest: string };
  document_sha256: string | null;
  accepted_at: Date | null;
}

const isMeeting = (a: unknown) => a === 'present' || a === 'represented';

/**
 * Every proxy of an assembly as the register holds it: each attendance record 'represented' gives
 * one (online, with the proxy's instructions and document digest, or entered by the syndic); the
 * mandant's next attendance entry ends it (withdrawn, or replaced by presence or another proxy).
 */
export async function proxiesFromRegister(db: Db | repo.Tx, assembleeId: string): Promise<RegisterProxy[]> {
  const [records, online] = await Promise.all([
    repo.listRecords(db, assembleeId),
    proxiesRepo.proxiesOfAssemblee(db, assembleeId),
  ]);
  const byId = new Map(online.map((p) => [p.id, p]));
  const out: RegisterProxy[] = [];
  const open = new Map<string, RegisterProxy>();
  for (const r of records) {
    const p = r.payload;
    const ends = r.kind === 'attendance' || (r.kind === 'ballot' && isMeeting(p.attendance));
    if (!ends) continue;
    const current = open.get(r.coproprietaire_id);
    if (current) {
      current.status = 'withdrawn';
      current.withdrawn_at = r.created_at;
      open.delete(r.coproprietaire_id);
    }
    const m = p.mandataire as { name?: unknown; coproprietaire_id?: unknown } | null | undefined;
    if (r.kind !== 'attendance' || p.attendance !== 'represented' || !m) continue;
    const proxy = (p.proxy ?? null) as {
      id?: string;
      origin?: string;
      instructions?: RegisterProxy['instructions'];
      document_sha256?: string;
    } | null;
    const who = p.coproprietaire as { name?: unknown } | undefined;
    const entry: RegisterProxy = {
      proxy_id: proxy?.origin === 'online' ? (proxy.id ?? null) : null,
      origin: proxy?.origin === 'online' ? 'online' : 'syndic',
      status: 'active',
      mandant_id: r.coproprietaire_id,
      mandant_name: String(who?.name ?? ''),
      mandataire: {
        name: String(m.name ?? ''),
        coproprietaire_id: typeof m.coproprietaire_id === 'string' ? m.coproprietaire_id : null,
      },
      instructions: Array.isArray(proxy?.instructions) ? proxy.instructions : [],
      given_at: r.created_at,
      withdrawn_at: null,
      record: { seq: r.seq, digest: r.digest },
      document_sha256: proxy?.document_sha256 ?? null,
      accepted_at: (proxy?.id && byId.get(proxy.id)?.accepted_at) || null,
    };
    out.push(entry);
    open.set(r.coproprietaire_id, entry);
  }
  return out;
}
