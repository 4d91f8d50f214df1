import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  assembleeEndpoints,
  assembleeRegisterEndpoints,
  buildPath,
  encodeHead,
  type VoteBody,
} from '@tantieme/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assemblees } from '../db/schema/index.js';
import { issueHead } from '../modules/assemblees/head.service.js';
import * as repo from '../modules/assemblees/assemblees.repo.js';
import { assembleeSigner } from '../platform/signing.js';
import { makeAssemblee } from '../test/factories.assemblees.js';
import { createTestApp, json, type TestApp } from '../test/harness.js';
import { verifyAssembleeCommand } from './verify-assembly.js';

let t: TestApp;
let dir: string;
let f: Awaited<ReturnType<typeof makeAssemblee>>;
let exported: Record<string, unknown>;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  dir = await mkdtemp(path.join(os.tmpdir(), 'verify-assembly-'));
  f = await makeAssemblee(t.database.db);
  await t.database.db
    .update(assemblees)
    .set({ general_repartition_id: f.cg.id })
    .where(eq(assemblees.id, f.ag.id));
  // Owners 1 and 3 (300 + 200 of 1 000) for everything, owner 2 (250) against, by correspondence.
  for (const [i, o] of f.owners.slice(0, 3).entries()) {
    const v = i === 1 ? 'disagree' : 'agree';
    const body: VoteBody = {
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
    const p = { agId: f.ag.id, coproId: f.copro.id, id: o.record.id };
    const res = await t.app.inject({
      method: 'POST',
      url: `/api${buildPath(assembleeEndpoints.vote.path, p)}`,
      headers: o.headers,
      payload: body,
    });
    expect(res.statusCode).toBe(200);
  }
  const head = await t.database.db.transaction(async (tx) => {
    await repo.lockAssemblee(tx, f.ag.id);
    return issueHead(tx, assembleeSigner(t.app.config), f.ag.id, 'vote_closed');
  });
  token = encodeHead(head);
  const o = f.owners[4];
  const res = await t.app.inject({
    method: 'GET',
    url: `/api${buildPath(assembleeRegisterEndpoints.register.path, { agId: f.ag.id, coproId: f.copro.id, id: o.record.id })}`,
    headers: o.headers,
  });
  exported = json(res).data;
});
afterAll(() => t.close());

const save = async (name: string, content: unknown) => {
  const file = path.join(dir, name);
  await writeFile(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
};

describe('npm run verify-assembly', () => {
  it('passes an exported register with the held head, and recounts every resolution', async () => {
    const out = await verifyAssembleeCommand([await save('ok.json', exported), '--head', token]);
    expect(out.code).toBe(0);
    expect(out.lines).toContain(
      'Registre intègre\u202f: 3 enregistrements, signature du serveur valide, conforme à la tête signée que vous détenez.',
    );
    expect(out.lines).toContain(
      'Résolution n° 1 (art. 24)\u202f: adoptée – 500 voix pour, 250 contre, 0 en abstention, sur 1\u00a0000 voix.',
    );
    // Art. 25: 500 of the syndicat's 1 000 voix is no absolute majority; 25-1 then decides at art. 24.
    expect(out.lines.find((l) => l.startsWith('Résolution n° 2'))).toContain('adoptée (art. 25-1)');
    expect(out.lines).toContain('Résolution n° 4 (art. 24)\u202f: sans vote.');
  });

  it('exits 1 on a rewritten record, naming it', async () => {
    const reg = structuredClone(exported) as { records: { payload: { choices: { vote_1: string }[] } }[] };
    reg.records[1].payload.choices[0].vote_1 = 'agree';
    const out = await verifyAssembleeCommand([await save('tampered.json', reg), '--head', token]);
    expect(out.code).toBe(1);
    expect(out.lines).toContain(
      "L'enregistrement n° 2 est rompu\u202f: son contenu ne correspond plus à son empreinte.",
    );
  });

  it('exits 1 when the register lost records the held head covers', async () => {
    const reg = structuredClone(exported) as { records: unknown[]; heads: unknown[] };
    reg.records.pop();
    reg.heads = [];
    const out = await verifyAssembleeCommand([await save('short.json', reg), '--head', token]);
    expect(out.code).toBe(1);
    expect(out.lines.join('\n')).toContain('des enregistrements ont été supprimés');
  });

  it('exits 2 on a file that is not a register, or an unreadable head', async () => {
    expect((await verifyAssembleeCommand([await save('bad.json', { hello: 1 })])).code).toBe(2);
    expect((await verifyAssembleeCommand([await save('x.json', exported), '--head', 'TH1.xx'])).code).toBe(2);
    expect((await verifyAssembleeCommand([])).code).toBe(2);
  });
});
