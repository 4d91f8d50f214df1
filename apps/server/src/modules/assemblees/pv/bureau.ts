import {
  BUREAU_ROLES,
  bureauFromRecords,
  type RegisterRecord,
  type BureauMember,
  type BureauRole,
  memberKey,
  missingSignatures,
  PV_MODE_OF_ROLE,
} from '@tantieme/contract';
import type { RecordRow } from '../assemblees.repo.js';

/**
 * The bureau of an assembly (décret 1967 art. 17: the président de séance, the secrétaire and the
 * scrutateurs sign the PV), read from the register in one place. Today it is the last `bureau`
 * record the desk chained; a bureau elected as the first resolutions at the desk is to be read here
 * first, the desk's record staying the fallback.
 */
export interface Bureau {
  source: 'desk';
  /** The chained record it comes from: signatures given before it do not count for it. */
  seq: number;
  members: (BureauMember & { key: string })[];
}

const isRole = (r: unknown): r is BureauRole => BUREAU_ROLES.includes(r as BureauRole);

/** Members in order, each with its key `role:rank`. */
export function keyed(members: BureauMember[]) {
  const ranks = new Map<BureauRole, number>();
  return members.map((m) => {
    const rank = ranks.get(m.role) ?? 0;
    ranks.set(m.role, rank + 1);
    return { ...m, key: memberKey({ role: m.role, rank }) };
  });
}

export function bureauOf(records: RecordRow[], syndicName = 'Le syndic'): Bureau | null {
  const last = records.filter((r) => r.kind === 'bureau').at(-1);
  if (!last) return null;
  // Elected at the desk, one role per record (décret art. 15): the syndic is the secrétaire
  // unless the assembly designated another.
  if (!Array.isArray(last.payload.members)) {
    const b = bureauFromRecords(records as unknown as RegisterRecord[], { id: null, name: syndicName });
    const members: BureauMember[] = [
      ...(b.president
        ? [{ role: 'president' as const, coproprietaire_id: b.president.id, name: b.president.name }]
        : []),
      ...(b.secretaire
        ? [{ role: 'secretaire' as const, coproprietaire_id: b.secretaire.id, name: b.secretaire.name }]
        : []),
      ...b.scrutateurs.map((x) => ({ role: 'scrutateur' as const, coproprietaire_id: x.id, name: x.name })),
    ];
    return { source: 'desk', seq: last.seq, members: keyed(members) };
  }
  const raw = last.payload.members as Record<string, unknown>[];
  const members = raw
    .filter((m) => isRole(m.role))
    .map((m) => ({
      role: m.role as BureauRole,
      coproprietaire_id: typeof m.coproprietaire_id === 'string' ? m.coproprietaire_id : null,
      name: String(m.name ?? ''),
    }));
  return { source: 'desk', seq: last.seq, members: keyed(members) };
}

export interface MemberSignature {
  key: string;
  seq: number;
  signed_at: string;
}

/**
 * The bureau's signatures of the PV whose bytes have this SHA-256: those drawn at the desk (naming
 * the member) and those given by a signature link in the member's mode (PV_PRESIDENT…) by the
 * co-owner holding the role; only those after the bureau's record.
 */
export function bureauSignatures(records: RecordRow[], bureau: Bureau, pvSha256: string) {
  const out = new Map<string, MemberSignature>();
  for (const r of records) {
    if (r.kind !== 'signature' || r.seq < bureau.seq) continue;
    const p = r.payload as {
      member?: string;
      mode?: string;
      created_at?: string;
      document?: { sha256?: string };
    };
    if (p.document?.sha256 !== pvSha256) continue;
    const member =
      bureau.members.find((m) => m.key === p.member) ??
      (p.member
        ? undefined
        : bureau.members.find(
            (m) =>
              PV_MODE_OF_ROLE[m.role] === p.mode &&
              m.coproprietaire_id === r.coproprietaire_id &&
              !out.has(m.key),
          ));
    if (member && !out.has(member.key))
      out.set(member.key, {
        key: member.key,
        seq: r.seq,
        signed_at: p.created_at ?? r.created_at.toISOString(),
      });
  }
  return out;
}

/** The members whose signature is still missing: the PV is sealed when none is. */
export function missingOf(records: RecordRow[], bureau: Bureau, pvSha256: string) {
  return missingSignatures(bureau.members, new Set(bureauSignatures(records, bureau, pvSha256).keys()));
}
