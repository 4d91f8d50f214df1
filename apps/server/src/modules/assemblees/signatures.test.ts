import { createHash, randomBytes } from 'node:crypto';
import { canonicalJson, SIGNATURE_MODES } from '@tantieme/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assembleeRecords, assemblees, files, signatureTokens } from '../../db/schema/index.js';
import { makeAssemblee, makeSignatureToken, TINY_PNG } from '../../test/factories.assemblees.js';
import { createTestApp, json, type TestApp } from '../../test/harness.js';
import { checkChain } from './chain.service.js';

let t: TestApp;
let f: Awaited<ReturnType<typeof makeAssemblee>>;
beforeAll(async () => {
  t = await createTestApp();
  f = await makeAssemblee(t.database.db);
});
afterAll(() => t.close());

const row0 = () => randomBytes(4).toString('hex');
const info = (token: string) =>
  t.app.inject({ method: 'GET', url: `/api/assemblee/signatures/tokens/${encodeURIComponent(token)}` });
const submit = (body: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/assemblee/signatures',
    payload: body,
    headers: { 'user-agent': 'pad-test' },
  });
const bodyFor = (token: string, o = f.owners[0], mode = 'ATTENDANCE', data = TINY_PNG) => ({
  copr_id: f.copro.id,
  year_id: f.ag.id,
  coproprietaire_id: o.record.id,
  mode,
  auth_token: token,
  signature: { name: 'signature.png', content_type: 'image/png', data },
  signed_on_paper: false,
});

describe('signature token info (SPEC §3, §6 modes)', () => {
  it.each(
    SIGNATURE_MODES.filter((m) => m !== 'PROCURATION'),
  )('gives the co-owner and the mode %s', async (mode) => {
    const { token } = await makeSignatureToken(t.database.db, {
      assemblee_id: f.ag.id,
      coproprietaire_id: f.owners[1].record.id,
      mode,
    });
    const res = await info(token);
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({
      mode,
      coproprietaire_name: f.owners[1].record.display_name,
      copr_id: f.copro.id,
      year_id: f.ag.id,
      coproprietaire_id: f.owners[1].record.id,
      assemblee: { name: 'Assemblée générale ordinaire', copr_name: f.copro.name },
    });
  });

  it('a proxy held lists the represented owners', async () => {
    const { token } = await makeSignatureToken(t.database.db, {
      assemblee_id: f.ag.id,
      coproprietaire_id: f.owners[1].record.id,
      mode: 'PROCURATION',
      procurations: { [f.owners[3].record.id]: { coproprietaire_name: 'M. Leroy' } },
    });
    expect(json(await info(token)).data.coproprietaire.procurations).toEqual({
      [f.owners[3].record.id]: { coproprietaire_name: 'M. Leroy' },
    });
  });

  it.each<[string, () => Promise<string>, number, string]>([
    ['an unknown token', async () => 'nope-not-a-token', 404, 'not-found'],
    [
      'an expired token',
      async () =>
        (
          await makeSignatureToken(t.database.db, {
            assemblee_id: f.ag.id,
            coproprietaire_id: f.owners[1].record.id,
            expires_at: new Date(Date.now() - 1000),
          })
        ).token,
      410,
      'expired',
    ],
    [
      'a proxy without represented owners',
      async () =>
        (
          await makeSignatureToken(t.database.db, {
            assemblee_id: f.ag.id,
            coproprietaire_id: f.owners[1].record.id,
            mode: 'PROCURATION',
            procurations: {},
          })
        ).token,
      409,
      'no-signature-data',
    ],
  ])('%s answers the §8 code', async (_, make, status, code) => {
    const res = await info(await make());
    expect(res.statusCode).toBe(status);
    expect(json(res).code).toBe(code);
  });
});

describe('signing', () => {
  it('stores the PNG through the storage adapter, chains the signature and uses the token up', async () => {
    const o = f.owners[0];
    const { token, row } = await makeSignatureToken(t.database.db, {
      assemblee_id: f.ag.id,
      coproprietaire_id: o.record.id,
    });
    const res = await submit(bodyFor(token, o));
    expect(res.statusCode).toBe(200);
    expect(json(res).data.digest).toMatch(/^[0-9a-f]{64}$/);
    const [tok] = await t.database.db.select().from(signatureTokens).where(eq(signatureTokens.id, row.id));
    expect(tok.signed_at).not.toBeNull();
    const [file] = await t.database.db
      .select()
      .from(files)
      .where(eq(files.id, tok.signature_file_id as string));
    expect(file.storage_key).toBe(
      `coproprietes.assemblee.prod/${f.copro.id}/ATTENDANCE/SIGNATURES/${row.id}/signature.png`,
    );
    expect(file.name).toBe('signature.png');
    expect((await t.app.platform.storage.get(file.storage_key)).toString('base64')).toBe(TINY_PNG);
    const [rec] = await t.database.db
      .select()
      .from(assembleeRecords)
      .where(eq(assembleeRecords.id, tok.record_id as string));
    expect(rec.kind).toBe('signature');
    expect(rec.payload).toMatchObject({
      mode: 'ATTENDANCE',
      user_agent: 'pad-test',
      tantiemes: { [f.cg.id]: 300, [f.asc.id]: 60 },
    });
    expect((await checkChain(t.database.db, f.ag.id)).ok).toBe(true);

    // Single use: the same link again shows 'Il n'y a pas de demande de signature.'
    const again = await submit(bodyFor(token, o));
    expect(again.statusCode).toBe(409);
    expect(json(again).message).toBe("Il n'y a pas de demande de signature.");
    expect(json(await info(token)).code).toBe('already-signed');
  });

  it('refuses an expired token, a body that does not match the token, and what is not a PNG', async () => {
    const o = f.owners[2];
    const expired = await makeSignatureToken(t.database.db, {
      assemblee_id: f.ag.id,
      coproprietaire_id: o.record.id,
      expires_at: new Date(Date.now() - 1),
    });
    expect(json(await submit(bodyFor(expired.token, o))).code).toBe('expired');
    const { token } = await makeSignatureToken(t.database.db, {
      assemblee_id: f.ag.id,
      coproprietaire_id: o.record.id,
    });
    expect(json(await submit(bodyFor(token, f.owners[3]))).code).toBe('not-found');
    expect(json(await submit(bodyFor(token, o, 'PV_PRESIDENT'))).code).toBe('not-found');
    const notPng = await submit(
      bodyFor(token, o, 'ATTENDANCE', Buffer.from('GIF89a not a png at all, really not').toString('base64')),
    );
    expect(notPng.statusCode).toBe(400);
    expect(json(notPng).code).toBe('SIGNATURE_INVALID');
    // Nothing was used up: the right body still signs.
    expect((await submit(bodyFor(token, o))).statusCode).toBe(200);
  });

  it('validates the body field by field', async () => {
    const res = await submit({ ...bodyFor('x'), signed_on_paper: true });
    expect(res.statusCode).toBe(400);
    expect(json(res).code).toBe('VALIDATION_ERROR');
  });

  it('two parallel submits with one token sign once', async () => {
    const o = f.owners[4];
    const { token } = await makeSignatureToken(t.database.db, {
      assemblee_id: f.ag.id,
      coproprietaire_id: o.record.id,
    });
    const results = await Promise.all([
      submit(bodyFor(token, o)),
      submit(bodyFor(token, o)),
      submit(bodyFor(token, o)),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const recs = await t.database.db
      .select()
      .from(assembleeRecords)
      .where(eq(assembleeRecords.coproprietaire_id, o.record.id));
    expect(recs).toHaveLength(1);
  });

  it('parallel saves of different images leave one signature whose stored image matches its digest', async () => {
    const o = f.owners[1];
    const { token, row } = await makeSignatureToken(t.database.db, {
      assemblee_id: f.ag.id,
      coproprietaire_id: o.record.id,
    });
    // Five drawings, each a valid PNG differing in its last byte, sent at once with the one token.
    const images = [1, 2, 3, 4, 5].map((i) =>
      Buffer.concat([Buffer.from(TINY_PNG, 'base64'), Buffer.from([i])]).toString('base64'),
    );
    const results = await Promise.all(images.map((img) => submit(bodyFor(token, o, 'ATTENDANCE', img))));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const [tok] = await t.database.db.select().from(signatureTokens).where(eq(signatureTokens.id, row.id));
    const [rec] = await t.database.db
      .select()
      .from(assembleeRecords)
      .where(eq(assembleeRecords.id, tok.record_id as string));
    const [file] = await t.database.db
      .select()
      .from(files)
      .where(eq(files.id, tok.signature_file_id as string));
    const stored = await t.app.platform.storage.get(file.storage_key);
    const p = rec.payload as { file: { sha256: string } };
    expect(createHash('sha256').update(stored).digest('hex')).toBe(p.file.sha256);
    // The winner's own image, byte for byte.
    const winner = results.findIndex((r) => r.statusCode === 200);
    expect(stored.toString('base64')).toBe(images[winner]);
  });
});

describe('the document signed', () => {
  const signAs = async (mode: string, extra: object = {}) => {
    const o = f.owners[3];
    const { token, row } = await makeSignatureToken(t.database.db, {
      assemblee_id: f.ag.id,
      coproprietaire_id: o.record.id,
      mode,
      ...extra,
    });
    const res = await submit(bodyFor(token, o, mode));
    const [tok] = await t.database.db.select().from(signatureTokens).where(eq(signatureTokens.id, row.id));
    return { res, tok };
  };
  const recordOf = async (id: string) =>
    (await t.database.db.select().from(assembleeRecords).where(eq(assembleeRecords.id, id)))[0];

  it('the minutes: the SHA-256 of the stored PV file is chained with the signature', async () => {
    const pv = Buffer.from('%PDF-1.4 procès-verbal de test\n%%EOF\n');
    const key = `test/pv-${row0()}.pdf`;
    await t.app.platform.storage.put(key, pv, 'application/pdf');
    const [file] = await t.database.db
      .insert(files)
      .values({ storage_key: key, name: 'PV.pdf', content_type: 'application/pdf', size: pv.length })
      .returning();
    await t.database.db.update(assemblees).set({ pv_file_id: file.id }).where(eq(assemblees.id, f.ag.id));
    const { res, tok } = await signAs('PV_PRESIDENT');
    expect(res.statusCode).toBe(200);
    expect((await recordOf(tok.record_id as string)).payload.document).toEqual({
      type: 'proces_verbal',
      sha256: createHash('sha256').update(pv).digest('hex'),
      file: { id: file.id, name: 'PV.pdf' },
    });
    await t.database.db.update(assemblees).set({ pv_file_id: null }).where(eq(assemblees.id, f.ag.id));
  });

  it('refuses to sign minutes that do not exist yet', async () => {
    const { res, tok } = await signAs('PV_SECRETAIRE');
    expect(res.statusCode).toBe(409);
    expect(json(res).code).toBe('no-signature-data');
    expect(tok.signed_at).toBeNull();
  });

  it('a proxy: the statement shown is chained with the SHA-256 of its canonical JSON', async () => {
    const procurations = { [f.owners[4].record.id]: { coproprietaire_name: 'M. Leroy' } };
    const { res, tok } = await signAs('PROCURATION', { procurations });
    expect(res.statusCode).toBe(200);
    const doc = (await recordOf(tok.record_id as string)).payload.document as {
      type: string;
      sha256: string;
      statement: Record<string, unknown>;
    };
    expect(doc.type).toBe('procuration');
    expect(doc.statement).toMatchObject({ type: 'procuration', procurations });
    expect(doc.sha256).toBe(createHash('sha256').update(canonicalJson(doc.statement)).digest('hex'));
    expect((await checkChain(t.database.db, f.ag.id)).ok).toBe(true);
  });
});
