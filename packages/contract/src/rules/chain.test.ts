import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type AssembleeRegister, REGISTER_FORMAT } from '../domains/assembleeRegister.js';
import { CHAIN_GENESIS, canonicalJson } from './assemblee.js';
import { type ChainRecord, publicPayload, recordDigest, verifyChain } from './chain.js';
import { type ChainHead, decodeHead, encodeHead, headMessage, type SignedHead } from './head.js';
import { describeVerification, verifyRegister } from './registerVerify.js';

const AG = '11111111-1111-4111-8111-111111111111';
const nodeSha = (s: string) => createHash('sha256').update(s).digest('hex');

function keyPair() {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x as string, 'base64url');
  const fingerprint = createHash('sha256').update(raw).digest('hex');
  const signHead = (h: ChainHead): SignedHead => ({
    ...h,
    signature: sign(null, Buffer.from(headMessage(h)), privateKey).toString('base64'),
    key_fingerprint: fingerprint,
  });
  return { public_key: raw.toString('base64'), fingerprint, signHead };
}
const server = keyPair();

/** A chain of n ballots by co-owners o1..on, each choosing `agree`, built with the digest rule. */
async function chain(n: number, choice = 'agree'): Promise<ChainRecord[]> {
  const out: ChainRecord[] = [];
  let prev = CHAIN_GENESIS;
  for (let seq = 1; seq <= n; seq++) {
    const r = {
      assemblee_id: AG,
      seq,
      kind: 'ballot',
      coproprietaire_id: `o${seq}`,
      payload: { method: 'e_form', choices: [{ resolution_id: 'r1', vote_1: choice }] },
    };
    const digest = await recordDigest(prev, r);
    out.push({ ...r, prev_digest: prev, digest, current: true });
    prev = digest;
  }
  return out;
}

function register(records: ChainRecord[], heads: SignedHead[] = []): AssembleeRegister {
  const last = records.at(-1)?.digest ?? CHAIN_GENESIS;
  return {
    format: REGISTER_FORMAT,
    assemblee: {
      id: AG,
      name: 'AG 2026',
      date: '2026-06-01T16:00:00.000Z',
      copr_name: 'Les Tilleuls',
      status_session: 2,
      general_repartition: null,
    },
    resolutions: [],
    coproprietaires: [],
    records: records.map((r) => ({ ...r, created_at: '2026-05-20T10:00:00.000Z' })),
    heads,
    head: server.signHead({
      assemblee_id: AG,
      event: 'current',
      count: records.length,
      digest: last,
      signed_at: '2026-06-02T10:00:00.000Z',
    }),
    signing_key: { algorithm: 'Ed25519', public_key: server.public_key, fingerprint: server.fingerprint },
  };
}

const closeHead = (records: ChainRecord[]) =>
  server.signHead({
    assemblee_id: AG,
    event: 'vote_closed',
    count: records.length,
    digest: records.at(-1)?.digest ?? CHAIN_GENESIS,
    signed_at: '2026-06-01T16:00:00.000Z',
  });

/** Rewrites every record from `from` on (new content), recomputing each digest and link. */
async function rewriteFrom(records: ChainRecord[], from: number): Promise<ChainRecord[]> {
  const out = records.slice(0, from - 1);
  let prev = out.at(-1)?.digest ?? CHAIN_GENESIS;
  for (const r of records.slice(from - 1)) {
    const payload = { ...r.payload, choices: [{ resolution_id: 'r1', vote_1: 'disagree' }] };
    const digest = await recordDigest(prev, { ...r, payload });
    out.push({ ...r, payload, prev_digest: prev, digest });
    prev = digest;
  }
  return out;
}

describe('the digest rule', () => {
  it('is the same with WebCrypto and with an injected synchronous SHA-256', async () => {
    const r = {
      assemblee_id: AG,
      seq: 1,
      kind: 'ballot',
      coproprietaire_id: 'o1',
      payload: { b: 1, a: [2] },
    };
    const expected = nodeSha(
      `${CHAIN_GENESIS}\n${canonicalJson({ assemblee_id: AG, seq: 1, kind: 'ballot', coproprietaire_id: 'o1', payload: { a: [2], b: 1 } })}`,
    );
    expect(await recordDigest(CHAIN_GENESIS, r)).toBe(expected);
    expect(await recordDigest(CHAIN_GENESIS, r, nodeSha)).toBe(expected);
  });

  it('seals the sender: the published payload has the commitment, not the IP, and gives the same digest', async () => {
    const full = {
      choices: [],
      ip: '203.0.113.24',
      user_agent: 'Firefox',
      user_id: 'u1',
      sender_nonce: 'n1',
    };
    const pub = await publicPayload(full);
    expect(pub).toEqual({
      choices: [],
      sender_sha256: nodeSha(
        canonicalJson({ nonce: 'n1', ip: '203.0.113.24', user_agent: 'Firefox', user_id: 'u1' }),
      ),
    });
    const r = { assemblee_id: AG, seq: 1, kind: 'ballot', coproprietaire_id: 'o1' };
    expect(await recordDigest(CHAIN_GENESIS, { ...r, payload: pub })).toBe(
      await recordDigest(CHAIN_GENESIS, { ...r, payload: full }, nodeSha),
    );
    // Another IP behind the same nonce is another commitment.
    expect(await publicPayload({ ...full, ip: '198.51.100.7' })).not.toEqual(pub);
  });
});

describe('verifyChain', () => {
  it.each([
    ['an intact chain', (c: ChainRecord[]) => c, null],
    [
      'a tampered payload',
      (c: ChainRecord[]) =>
        c.map((r) => (r.seq === 2 ? { ...r, payload: { ...r.payload, method: 'x' } } : r)),
      { seq: 2, reason: 'digest' },
    ],
    [
      'a changed digest',
      (c: ChainRecord[]) => c.map((r) => (r.seq === 2 ? { ...r, digest: 'f'.repeat(64) } : r)),
      { seq: 2, reason: 'digest' },
    ],
    [
      'a removed middle record',
      (c: ChainRecord[]) => c.filter((r) => r.seq !== 2),
      { seq: 3, reason: 'sequence' },
    ],
    [
      'a ballot moved to a co-owner whose earlier ballot stays current',
      (c: ChainRecord[]) => c.map((r) => (r.seq === 3 ? { ...r, coproprietaire_id: 'o1' } : r)),
      { seq: 1, reason: 'current' },
    ],
  ])('%s', async (_, alter, broken) => {
    const v = await verifyChain(alter(await chain(3)));
    expect(v.first_broken).toEqual(broken);
    expect(v.ok).toBe(broken === null);
  });

  it('reports a link that does not point to the previous digest', async () => {
    const c = await chain(3);
    c[2] = { ...c[2], prev_digest: c[0].digest };
    expect((await verifyChain(c)).first_broken).toEqual({ seq: 3, reason: 'link' });
  });
});

describe('verifyRegister against signed heads', () => {
  it('passes an intact register, with the head the co-owner holds', async () => {
    const c = await chain(4);
    const held = closeHead(c);
    const v = await verifyRegister(register(c, [held]), { held, expectedFingerprint: server.fingerprint });
    expect(v.ok).toBe(true);
    expect(describeVerification(v)).toEqual([
      'Registre intègre\u202f: 4 enregistrements, signature du serveur valide, conforme à la tête signée que vous détenez.',
    ]);
  });

  it('accepts records added after the held head (later signatures)', async () => {
    const c = await chain(5);
    const held = closeHead(c.slice(0, 3));
    expect((await verifyRegister(register(c, [held]), { held })).ok).toBe(true);
  });

  it('detects a chain rewritten from a record on, with recomputed digests, against the held head', async () => {
    const c = await chain(4);
    const held = closeHead(c);
    const rewritten = await rewriteFrom(c, 3);
    // The rewritten chain is internally consistent and re-signed by the server as its current head…
    expect((await verifyChain(rewritten)).ok).toBe(true);
    const v = await verifyRegister(register(rewritten), { held });
    // …but it contradicts the head the co-owner holds.
    expect(v.ok).toBe(false);
    expect(v.held?.comparison).toBe('rewritten');
    expect(describeVerification(v)[1]).toBe(
      "La tête signée que vous détenez\u202f: l'enregistrement n° 4 n'a plus l'empreinte signée\u202f; le registre a été réécrit.",
    );
  });

  it('detects a truncated chain against the held head', async () => {
    const c = await chain(4);
    const held = closeHead(c);
    const v = await verifyRegister(register(c.slice(0, 3)), { held });
    expect(v.ok).toBe(false);
    expect(v.held?.comparison).toBe('truncated');
    expect(describeVerification(v)[1]).toContain('couvre 4 enregistrements');
  });

  it('detects a rewrite against the heads the register itself publishes', async () => {
    const c = await chain(3);
    const v = await verifyRegister(register(await rewriteFrom(c, 2), [closeHead(c)]));
    expect(v.ok).toBe(false);
    expect(v.heads[0].comparison).toBe('rewritten');
  });

  it('detects a tampered record', async () => {
    const c = await chain(3);
    c[1] = { ...c[1], payload: { ...c[1].payload, choices: [{ resolution_id: 'r1', vote_1: 'abstain' }] } };
    const v = await verifyRegister(register(c));
    expect(v.ok).toBe(false);
    expect(describeVerification(v)[1]).toBe(
      "L'enregistrement n° 2 est rompu\u202f: son contenu ne correspond plus à son empreinte.",
    );
  });

  it('refuses a head signed by another key, or altered after signing', async () => {
    const c = await chain(2);
    const other = keyPair().signHead(closeHead(c));
    const forged = { ...other, key_fingerprint: server.fingerprint };
    expect((await verifyRegister(register(c), { held: forged })).held?.signature_ok).toBe(false);
    const altered = { ...closeHead(c), count: 1, digest: c[0].digest };
    expect((await verifyRegister(register(c), { held: altered })).held?.signature_ok).toBe(false);
  });

  it('refuses a key whose fingerprint is not the one expected', async () => {
    const v = await verifyRegister(register(await chain(1)), { expectedFingerprint: '0'.repeat(64) });
    expect(v.key_ok).toBe(false);
    expect(v.ok).toBe(false);
  });

  it('verifies an empty register against the genesis', async () => {
    expect((await verifyRegister(register([]))).ok).toBe(true);
  });
});

describe('the head token of the notification', () => {
  it('round-trips through a text and refuses anything else', () => {
    const h = closeHead([]);
    expect(decodeHead(`Conservez ce message.\nTête signée : ${encodeHead(h)}\nMerci.`)).toEqual(h);
    expect(decodeHead(JSON.stringify(h))).toEqual(h);
    expect(decodeHead('TH1.bm9wZQ')).toBeNull();
    expect(decodeHead('rien')).toBeNull();
  });
});

describe('the document a signature carries', () => {
  async function withSignature(statement: Record<string, unknown>, sha: string) {
    const c = await chain(1);
    const r = {
      assemblee_id: AG,
      seq: 2,
      kind: 'signature',
      coproprietaire_id: 'o1',
      payload: { mode: 'PROCURATION', document: { type: 'procuration', sha256: sha, statement } },
    };
    const digest = await recordDigest(c[0].digest, r);
    return [...c, { ...r, prev_digest: c[0].digest, digest, current: true }];
  }
  const statement = { type: 'procuration', procurations: { o2: { coproprietaire_name: 'M. Leroy' } } };

  it('verifies when the statement gives the SHA-256 recorded', async () => {
    const v = await verifyRegister(
      register(await withSignature(statement, nodeSha(canonicalJson(statement)))),
    );
    expect(v.ok).toBe(true);
    expect(v.documents_broken).toEqual([]);
  });

  it('names a signature whose statement does not give the SHA-256 recorded', async () => {
    const v = await verifyRegister(register(await withSignature(statement, '0'.repeat(64))));
    expect(v.ok).toBe(false);
    expect(describeVerification(v)[1]).toBe(
      "La signature n° 2 ne correspond plus au document signé\u202f: l'empreinte du document diffère.",
    );
  });
});
