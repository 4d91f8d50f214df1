import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  type AssembleeRegister,
  assembleeEndpoints,
  assembleeRegisterEndpoints as e,
  buildPath,
  decodeHead,
  encodeHead,
  type HeadEvent,
  type VoteBody,
  verifyRegister,
} from '@tantieme/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAssembleeCommand } from '../../cli/verify-assembly.js';
import { notifications } from '../../db/schema/index.js';
import { assembleeSigner } from '../../platform/signing.js';
import { makeAssemblee } from '../../test/factories.assemblees.js';
import { createTestApp, json, type TestApp } from '../../test/harness.js';
import * as repo from './assemblees.repo.js';
import { issueHead, notifySignedHead } from './head.service.js';

/**
 * The signing key rotates between the close of the vote and the end of the assembly: the head a
 * co-owner holds from the close (old key) and the heads signed after (new key) all verify, each
 * under the key its fingerprint names, in the register as served and in the offline verifier.
 */
const pem = () =>
  generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
const oldKey = pem();
const newKey = pem();
/** What an operator keeps of the old key after the rotation: its public half (SPKI, base64 DER). */
const oldPublic = createPublicKey(oldKey).export({ format: 'der', type: 'spki' }).toString('base64');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { ASSEMBLY_SIGNING_KEY: oldKey } });
});
afterAll(() => t.close());

type Assembly = Awaited<ReturnType<typeof makeAssemblee>>;
type Owner = Assembly['owners'][number];
const params = (f: Assembly, o: Owner) => ({ agId: f.ag.id, coproId: f.copro.id, id: o.record.id });
const ballot = (f: Assembly, o: Owner): VoteBody => ({
  coproprietaire: { id: o.record.id, name: o.record.display_name },
  list_data: f.res
    .filter((r) => !r.no_vote)
    .map((r) => ({
      id: r.id,
      title: r.title,
      field: { vote_1: { vote_value: 'agree' }, vote_2: { vote_value: 'agree' } },
      has_vote_two: r.article !== 'ART-24',
    })),
});

async function sign(f: Assembly, event: HeadEvent) {
  const deps = { db: t.database.db, realtime: t.app.realtime, config: t.app.config };
  const afterCommit = await t.database.db.transaction(async (tx) => {
    const ag = (await repo.lockAssemblee(tx, f.ag.id))!;
    const head = await issueHead(tx, assembleeSigner(t.app.config), ag.id, event as 'vote_closed');
    return notifySignedHead(tx, deps, { assemblee: ag, head });
  });
  await afterCommit();
}
async function register(f: Assembly, o: Owner): Promise<AssembleeRegister> {
  const res = await t.app.inject({
    url: `/api${buildPath(e.register.path, params(f, o))}`,
    headers: o.headers,
  });
  expect(res.statusCode).toBe(200);
  return json(res).data;
}

describe('rotating the assembly signing key', () => {
  it('keeps the heads signed before verifiable under the retired key, the new ones under the new key', async () => {
    const f = await makeAssemblee(t.database.db);
    const o = f.owners[0];
    const vote = await t.app.inject({
      method: 'POST',
      url: `/api${buildPath(assembleeEndpoints.vote.path, params(f, o))}`,
      headers: o.headers,
      payload: ballot(f, o),
    });
    expect(vote.statusCode).toBe(200);
    await sign(f, 'vote_closed');
    const [n] = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.coproprietaire_id, o.record.id), eq(notifications.type, 'ASSEMBLEE')));
    const held = decodeHead(n.body)!;
    const oldFingerprint = assembleeSigner(t.app.config).key.fingerprint;
    expect(held.key_fingerprint).toBe(oldFingerprint);

    // The rotation: a new key signs, the old one's public half is kept by its fingerprint.
    Object.assign(t.app.config, { assembleeSigningKey: newKey, assembleeSigningKeysRetired: oldPublic });
    const newFingerprint = assembleeSigner(t.app.config).key.fingerprint;
    expect(newFingerprint).not.toBe(oldFingerprint);
    await sign(f, 'ended');

    const reg = await register(f, o);
    expect(reg.signing_key.fingerprint).toBe(newFingerprint);
    expect(reg.retired_keys?.map((k) => k.fingerprint)).toEqual([oldFingerprint]);
    expect([...reg.heads, reg.head].map((h) => [h.event, h.key_fingerprint])).toEqual([
      ['vote_closed', oldFingerprint],
      ['ended', newFingerprint],
      ['current', newFingerprint],
    ]);
    const v = await verifyRegister(reg, { held, expectedFingerprint: newFingerprint });
    expect(v.ok).toBe(true);
    expect([...v.heads, v.held].map((h) => h?.signature_ok)).toEqual([true, true, true, true]);

    // The offline verifier reads the same file, with the head the co-owner holds.
    const dir = await mkdtemp(path.join(os.tmpdir(), 'register-'));
    await writeFile(path.join(dir, 'registre.json'), JSON.stringify(reg));
    // (This fixture names no general key, so only the signatures are read here, not the recount.)
    const out = await verifyAssembleeCommand(['registre.json', '--head', encodeHead(held)], dir);
    expect(out.lines).toContain(
      'Registre intègre\u202f: 1 enregistrement, signature du serveur valide, conforme à la tête signée que vous détenez.',
    );

    // Without the retired key, the earlier heads no longer verify: the key id is what picks it.
    Object.assign(t.app.config, { assembleeSigningKeysRetired: undefined });
    const bare = await register(f, o);
    expect(bare.retired_keys).toBeUndefined();
    const broken = await verifyRegister(bare, { held });
    expect(broken.ok).toBe(false);
    expect(broken.heads.map((h) => h.signature_ok)).toEqual([false, true, true]);
    expect(broken.held?.signature_ok).toBe(false);
  }, 60_000);
});
