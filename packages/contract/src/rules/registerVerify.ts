import type { AssembleeRegister } from '../domains/assembleeRegister.js';
import { CHAIN_GENESIS, canonicalJson, formatParisDate, formatParisTime } from './assemblee.js';
import { type ChainBreak, type ChainVerification, type Sha256Hex, verifyChain, webSha256 } from './chain.js';
import {
  compareHead,
  type Ed25519Verify,
  type HeadComparison,
  keyFingerprint,
  type SignedHead,
  verifyHeadSignature,
  webEd25519Verify,
} from './head.js';

/**
 * Everything a co-owner can check of a register without trusting the server: the chain, the key's
 * fingerprint, every signed head (its signature and that the chain still agrees with it), and the head
 * the co-owner holds from a notification, if given. The same function runs in the browser and in the
 * offline verifier.
 */

export interface HeadCheck {
  event: SignedHead['event'];
  count: number;
  digest: string;
  signed_at: string;
  signature_ok: boolean;
  comparison: HeadComparison;
}

export interface RegisterVerification {
  ok: boolean;
  count: number;
  chain: ChainVerification;
  /** The published fingerprint is the SHA-256 of the published key (and the expected one, if given). */
  key_ok: boolean;
  heads: HeadCheck[];
  held: HeadCheck | null;
  /** Ranks of the signatures whose signed statement no longer gives the SHA-256 they carry. */
  documents_broken: number[];
}

export interface VerifyOptions {
  /** A head the co-owner holds (from the notification at the close of the vote or the end). */
  held?: SignedHead | null;
  /** The key fingerprint the co-owner trusts, when known from elsewhere. */
  expectedFingerprint?: string | null;
  sha?: Sha256Hex;
  ed25519?: Ed25519Verify;
}

export async function verifyRegister(
  reg: AssembleeRegister,
  opts: VerifyOptions = {},
): Promise<RegisterVerification> {
  const sha = opts.sha ?? webSha256;
  const ed = opts.ed25519 ?? webEd25519Verify;
  const chain = await verifyChain(reg.records, sha);
  const fingerprint = await keyFingerprint(reg.signing_key.public_key).catch(() => '');
  // Every published key, current or retired, must be what its fingerprint says; a head is checked
  // under the key its fingerprint names (a rotation leaves earlier heads verifiable).
  const keys = new Map<string, string>();
  let keys_ok = true;
  for (const k of [reg.signing_key, ...(reg.retired_keys ?? [])]) {
    const fp = await keyFingerprint(k.public_key).catch(() => '');
    if (fp !== k.fingerprint) keys_ok = false;
    else keys.set(fp, k.public_key);
  }
  const key_ok =
    keys_ok &&
    fingerprint === reg.signing_key.fingerprint &&
    (!opts.expectedFingerprint || opts.expectedFingerprint.toLowerCase() === fingerprint);
  const check = async (h: SignedHead): Promise<HeadCheck> => {
    const key = keys.get(h.key_fingerprint);
    return {
      event: h.event,
      count: h.count,
      digest: h.digest,
      signed_at: h.signed_at,
      signature_ok: !!key && (await verifyHeadSignature(h, key, ed)),
      comparison: compareHead(reg.assemblee.id, reg.records, h, CHAIN_GENESIS),
    };
  };
  const heads: HeadCheck[] = [];
  for (const h of [...reg.heads, reg.head]) heads.push(await check(h));
  const held = opts.held ? await check(opts.held) : null;
  const documents_broken: number[] = [];
  for (const r of reg.records) {
    const doc = r.payload.document as { sha256?: unknown; statement?: unknown } | undefined;
    if (r.kind === 'signature' && doc?.statement && (await sha(canonicalJson(doc.statement))) !== doc.sha256)
      documents_broken.push(r.seq);
  }
  const fine = (h: HeadCheck) => h.signature_ok && h.comparison === 'ok';
  return {
    ok: chain.ok && key_ok && heads.every(fine) && (!held || fine(held)) && documents_broken.length === 0,
    count: reg.records.length,
    chain,
    key_ok,
    heads,
    held,
    documents_broken,
  };
}

const BREAKS: Record<ChainBreak, string> = {
  digest: 'son contenu ne correspond plus à son empreinte',
  link: "il ne pointe plus vers l'empreinte de l'enregistrement précédent",
  sequence: 'la numérotation des enregistrements est interrompue',
  current:
    "il est marqué comme bulletin en vigueur alors qu'un bulletin plus récent le remplace (ou l'inverse)",
};

const EVENTS: Record<SignedHead['event'], string> = {
  vote_closed: 'à la clôture du vote',
  ended: "à la fin de l'assemblée",
  current: 'à la consultation',
};

const records = (n: number) => `${n} enregistrement${n > 1 ? 's' : ''}`;

function headProblem(h: HeadCheck, who: string, count: number): string | null {
  if (!h.signature_ok) return `${who} : la signature du serveur n'est pas valide.`;
  if (h.comparison === 'truncated')
    return `${who} couvre ${records(h.count)} ; le registre n'en a plus que ${count} : des enregistrements ont été supprimés.`;
  if (h.comparison === 'rewritten')
    return `${who} : l'enregistrement n° ${h.count} n'a plus l'empreinte signée ; le registre a été réécrit.`;
  if (h.comparison === 'other_assembly') return `${who} concerne une autre assemblée.`;
  return null;
}

/** The verdict in French, first line the summary, then one line per problem found. */
export function describeVerification(v: RegisterVerification): string[] {
  const problems: string[] = [];
  if (v.chain.first_broken)
    problems.push(
      `L'enregistrement n° ${v.chain.first_broken.seq} est rompu : ${BREAKS[v.chain.first_broken.reason]}.`,
    );
  for (const seq of v.documents_broken)
    problems.push(
      `La signature n° ${seq} ne correspond plus au document signé\u202f: l'empreinte du document diffère.`,
    );
  if (!v.key_ok) problems.push("L'empreinte de la clé publique du serveur ne correspond pas à la clé.");
  for (const h of v.heads) {
    const p = headProblem(
      h,
      `La tête signée ${EVENTS[h.event]} (le ${formatParisDate(h.signed_at)} à ${formatParisTime(h.signed_at)})`,
      v.count,
    );
    if (p) problems.push(p);
  }
  if (v.held) {
    const p = headProblem(v.held, 'La tête signée que vous détenez', v.count);
    if (p) problems.push(p);
  }
  if (problems.length === 0) {
    const held = v.held ? ', conforme à la tête signée que vous détenez' : '';
    return [`Registre intègre : ${records(v.count)}, signature du serveur valide${held}.`];
  }
  return [`Registre non conforme : ${records(v.count)} vérifiés.`, ...problems];
}
