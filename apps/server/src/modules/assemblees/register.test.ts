import { createHash } from 'node:crypto';
import {
  type AssembleeRegister,
  assembleeEndpoints,
  assembleeRegisterEndpoints as e,
  buildPath,
  decodeHead,
  describeVerification,
  type Endpoint,
  type SignedHead,
  type VoteBody,
  verifyChain,
  verifyRegister,
} from '@tantieme/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assembleeRecords, notifications } from '../../db/schema/index.js';
import { makeAssemblee } from '../../test/factories.assemblees.js';
import { makeCoproprietaire, makeSignedInUser } from '../../test/factories.js';
import { createTestApp, json, type TestApp } from '../../test/harness.js';
import * as repo from './assemblees.repo.js';
import { recordDigest } from './chain.js';
import { issueHead, notifySignedHead } from './head.service.js';
import { assembleeSigner } from '../../platform/signing.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Assembly = Awaited<ReturnType<typeof makeAssemblee>>;
type Owner = Assembly['owners'][number];
const call = (ep: Endpoint, p: Record<string, string>, headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({
    method: ep.method,
    url: `/api${buildPath(ep.path, p)}`,
    headers: { ...headers, 'user-agent': 'vitest-agent' },
    ...(payload ? { payload: payload as object } : {}),
  });
const params = (f: Assembly, o: Owner) => ({ agId: f.ag.id, coproId: f.copro.id, id: o.record.id });

function ballot(f: Assembly, o: Owner, v: 'agree' | 'disagree'): VoteBody {
  return {
    coproprietaire: { id: o.record.id, name: o.record.display_name },
    list_data: f.res
      .filter((r) => !r.no_vote)
      .map((r) => ({
        id: r.id,
        title: r.title,
        field: { vote_1: { vote_value: v }, vote_2: { vote_value: v } },
        has_vote_two: r.article !== 'ART-24',
      })),
  };
}

/** An assembly where three co-owners voted online, then the vote closed: the signed head was sent. */
async function closedAssemblee() {
  const f = await makeAssemblee(t.database.db);
  for (const [i, o] of f.owners.slice(0, 3).entries()) {
    const res = await call(
      assembleeEndpoints.vote,
      params(f, o),
      o.headers,
      ballot(f, o, i === 1 ? 'disagree' : 'agree'),
    );
    expect(res.statusCode).toBe(200);
  }
  const deps = { db: t.database.db, realtime: t.app.realtime, config: t.app.config };
  const afterCommit = await t.database.db.transaction(async (tx) => {
    const ag = (await repo.lockAssemblee(tx, f.ag.id))!;
    const head = await issueHead(tx, assembleeSigner(t.app.config), ag.id, 'vote_closed');
    return notifySignedHead(tx, deps, { assemblee: ag, head });
  });
  await afterCommit();
  return f;
}

/** The head a co-owner holds: read back from the text of the notification they received. */
async function heldHead(o: Owner): Promise<SignedHead> {
  const [n] = await t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.coproprietaire_id, o.record.id), eq(notifications.type, 'ASSEMBLEE')));
  const head = decodeHead(n.body);
  expect(head).not.toBeNull();
  return head as SignedHead;
}

async function register(f: Assembly, o: Owner): Promise<AssembleeRegister> {
  const res = await call(e.register, params(f, o), o.headers);
  expect(res.statusCode).toBe(200);
  return json(res).data;
}

const records = (agId: string) =>
  t.database.db
    .select()
    .from(assembleeRecords)
    .where(eq(assembleeRecords.assemblee_id, agId))
    .orderBy(asc(assembleeRecords.seq));

describe('the signed head at the close of the vote', () => {
  it('goes to every participant, in the text and the data of the notification', async () => {
    const f = await closedAssemblee();
    const rows = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.type, 'ASSEMBLEE')));
    const mine = rows.filter((n) => f.owners.some((o) => o.record.id === n.coproprietaire_id));
    expect(mine).toHaveLength(5);
    const held = await heldHead(f.owners[4]);
    const last = (await records(f.ag.id)).at(-1);
    expect(held).toMatchObject({
      assemblee_id: f.ag.id,
      event: 'vote_closed',
      count: 3,
      digest: last?.digest,
    });
    expect(mine[0].data).toMatchObject({ head: held });
    expect(mine[0].body).toContain(`3 enregistrements, dernière empreinte ${last?.digest}`);
  });
});

describe('the register', () => {
  let f: Assembly;
  beforeAll(async () => {
    f = await closedAssemblee();
  });

  it('any co-owner of the building reads it, and it verifies against the head they hold', async () => {
    // The fifth co-owner did not vote: the register is the building's, not the voter's.
    const o = f.owners[4];
    const reg = await register(f, o);
    expect(reg.records.map((r) => [r.seq, r.kind])).toEqual([
      [1, 'ballot'],
      [2, 'ballot'],
      [3, 'ballot'],
    ]);
    expect(reg.resolutions.map((r) => r.article)).toEqual(['ART-24', 'ART-25', 'ART-26', 'ART-24']);
    expect(reg.coproprietaires.find((c) => c.id === f.owners[0].record.id)?.tantiemes).toEqual({
      [f.cg.id]: 300,
      [f.asc.id]: 60,
    });
    expect(reg.heads.map((h) => [h.event, h.count])).toEqual([['vote_closed', 3]]);
    // The senders are sealed: no IP address or browser of another co-owner goes out.
    const text = JSON.stringify(reg.records);
    expect(text).not.toContain('vitest-agent');
    expect(reg.records[0].payload).toHaveProperty('sender_sha256');
    const v = await verifyRegister(reg, { held: await heldHead(o) });
    expect(describeVerification(v)).toEqual([
      'Registre intègre\u202f: 3 enregistrements, signature du serveur valide, conforme à la tête signée que vous détenez.',
    ]);
  });

  it('publishes the signing key and its fingerprint at a stable public URL', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/assemblees/signing-key' });
    expect(res.statusCode).toBe(200);
    const key = json(res).data;
    expect(key.algorithm).toBe('Ed25519');
    expect(key.fingerprint).toBe(
      createHash('sha256').update(Buffer.from(key.public_key, 'base64')).digest('hex'),
    );
    expect((await register(f, f.owners[0])).signing_key).toEqual(key);
  });

  it('answers 404 to a co-owner of another building, and to a record that is not the caller’s', async () => {
    const stranger = await makeSignedInUser(t.database.db);
    const rec = await makeCoproprietaire(t.database.db, { user_id: stranger.user.id });
    const mine = { agId: f.ag.id, coproId: rec.copropriete_id, id: rec.id };
    expect((await call(e.register, mine, stranger.headers)).statusCode).toBe(404);
    expect((await call(e.register, params(f, f.owners[0]), stranger.headers)).statusCode).toBe(404);
    const g = await makeAssemblee(t.database.db);
    const other = { agId: f.ag.id, coproId: g.copro.id, id: g.owners[0].record.id };
    expect((await call(e.register, other, g.owners[0].headers)).statusCode).toBe(404);
  });
});

describe('an altered register contradicts the signed head', () => {
  it('a chain rewritten in the database, digests recomputed, is detected', async () => {
    const f = await closedAssemblee();
    const held = await heldHead(f.owners[3]);
    // The operator turns the second ballot's 'Contre' into 'Pour' and recomputes every digest after it.
    let prev = (await records(f.ag.id))[0].digest;
    for (const r of (await records(f.ag.id)).slice(1)) {
      const payload = JSON.parse(JSON.stringify(r.payload).replaceAll('"disagree"', '"agree"'));
      const digest = await recordDigest(prev, { ...r, payload });
      await t.database.db
        .update(assembleeRecords)
        .set({ payload, prev_digest: prev, digest })
        .where(eq(assembleeRecords.id, r.id));
      prev = digest;
    }
    const reg = await register(f, f.owners[3]);
    // Consistent in itself, and the server signs its new head…
    expect((await verifyChain(reg.records)).ok).toBe(true);
    const v = await verifyRegister(reg, { held });
    // …but neither the head the co-owner holds nor the one kept at the close agrees.
    expect(v.ok).toBe(false);
    expect(v.held?.comparison).toBe('rewritten');
    expect(v.heads.find((h) => h.event === 'vote_closed')?.comparison).toBe('rewritten');
    expect(describeVerification(v)).toContain(
      "La tête signée que vous détenez\u202f: l'enregistrement n° 3 n'a plus l'empreinte signée\u202f; le registre a été réécrit.",
    );
  });

  it('a deleted last record is detected', async () => {
    const f = await closedAssemblee();
    const held = await heldHead(f.owners[0]);
    const last = (await records(f.ag.id)).at(-1);
    await t.database.db.delete(assembleeRecords).where(eq(assembleeRecords.id, last!.id));
    const reg = await register(f, f.owners[0]);
    expect((await verifyChain(reg.records)).ok).toBe(true);
    const v = await verifyRegister(reg, { held });
    expect(v.ok).toBe(false);
    expect(v.held?.comparison).toBe('truncated');
    expect(describeVerification(v)).toContain(
      "La tête signée que vous détenez couvre 3 enregistrements\u202f; le registre n'en a plus que 2\u202f: des enregistrements ont été supprimés.",
    );
  });

  it('a record changed without recomputing is detected by the chain itself', async () => {
    const f = await closedAssemblee();
    const [first] = await records(f.ag.id);
    await t.database.db
      .update(assembleeRecords)
      .set({ payload: { ...first.payload, method: 'courrier' } })
      .where(eq(assembleeRecords.id, first.id));
    const v = await verifyRegister(await register(f, f.owners[2]));
    expect(v.chain.first_broken).toEqual({ seq: 1, reason: 'digest' });
    expect(describeVerification(v)[1]).toBe(
      "L'enregistrement n° 1 est rompu\u202f: son contenu ne correspond plus à son empreinte.",
    );
  });
});
