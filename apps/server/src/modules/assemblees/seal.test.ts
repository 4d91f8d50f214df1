import { createHash } from 'node:crypto';
import { assembleeRegisterEndpoints, buildPath } from '@tantieme/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assemblees, signatureTokens, syndicExternalRefs } from '../../db/schema/index.js';
import { makeAssemblee, makeSignatureToken, TINY_PNG } from '../../test/factories.assemblees.js';
import { makeSyndicWithKey } from '../../test/factories.syndic.js';
import { createTestApp, json, type TestApp } from '../../test/harness.js';
import { pdfText } from '../../test/pdf-text.js';
import { pdfsig } from '../../test/pdfsig.js';
import { DEFAULT_SEAL_NAME } from '../../platform/sealing/certificate.js';
import { AG } from './syndic/assemblees.repo.js';
import { onMeetingDay } from './meeting-day.fixture.js';

/**
 * The sealed minutes: once the last requested PV_* signature is in, the procès-verbal is sealed
 * (PAdES) with a signing certificate page, served to the co-owners instead of the unsealed file, and
 * a standard tool (poppler's pdfsig) finds the seal valid, and invalid after one changed byte.
 */

let t: TestApp;
let f: Awaited<ReturnType<typeof makeAssemblee>>;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
let key: Awaited<ReturnType<typeof makeSyndicWithKey>>;
let made: { proces_verbal: { sha256: string }; feuille_de_presence: { sha256: string } };

beforeAll(async () => {
  t = await createTestApp();
  f = await makeAssemblee(t.database.db);
  await t.database.db
    .update(assemblees)
    .set({ general_repartition_id: f.cg.id })
    .where(eq(assemblees.id, f.ag.id));
  key = await makeSyndicWithKey(t.database.db, ['read', 'write'], { id: f.copro.syndic_id });
  await t.database.db
    .insert(syndicExternalRefs)
    .values({ syndic_id: f.copro.syndic_id, resource: AG, external_id: 'AG-SEAL', internal_id: f.ag.id });
  const post = (action: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/syndic/v1/assemblees/AG-SEAL/${action}`,
      headers: key.headers,
    });
  expect((await onMeetingDay(t.database.db, () => post('start-session'))).statusCode).toBe(200);
  expect((await post('close')).statusCode).toBe(200);
  const docs = await post('documents');
  expect(docs.statusCode, docs.body).toBe(200);
  made = json(docs).data;
});
afterAll(() => t.close());

async function signAs(
  i: number,
  mode: string,
  token: string,
  ua = 'Mozilla/5.0 (Windows NT 10.0) Firefox/132.0',
) {
  const o = f.owners[i];
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/assemblee/signatures',
    headers: { 'user-agent': ua },
    payload: {
      copr_id: f.copro.id,
      year_id: f.ag.id,
      coproprietaire_id: o.record.id,
      mode,
      auth_token: token,
      signature: { name: 'signature.png', content_type: 'image/png', data: TINY_PNG },
      signed_on_paper: false,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function download(kind: 'procesVerbal' | 'feuilleDePresence', i = 3) {
  const o = f.owners[i];
  const res = await t.app.inject({
    method: 'GET',
    url: `/api${buildPath(assembleeRegisterEndpoints[kind].path, { agId: f.ag.id, coproId: f.copro.id, id: o.record.id })}`,
    headers: o.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  const data = json(res).data as { url: string; sha256: string; sealed: boolean; name: string };
  const file = await t.app.inject({ method: 'GET', url: data.url });
  return { ...data, bytes: file.rawPayload };
}

describe('the sealed procès-verbal', () => {
  it('stays unsealed while a requested PV_* signature is open', async () => {
    const president = await makeSignatureToken(t.database.db, {
      assemblee_id: f.ag.id,
      coproprietaire_id: f.owners[0].record.id,
      mode: 'PV_PRESIDENT',
    });
    await makeSignatureToken(t.database.db, {
      assemblee_id: f.ag.id,
      coproprietaire_id: f.owners[1].record.id,
      mode: 'PV_SECRETAIRE',
    }).then((s) => secretaire.push(s.token));
    await signAs(0, 'PV_PRESIDENT', president.token);
    const pv = await download('procesVerbal');
    expect(pv.sealed).toBe(false);
    expect(sha(pv.bytes)).toBe(made.proces_verbal.sha256);
  });

  it('the last signature seals it: pdfsig finds the seal valid and names the sealing certificate', async () => {
    await signAs(
      1,
      'PV_SECRETAIRE',
      secretaire[0],
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Version/17.0 Safari/604.1',
    );
    const pv = await download('procesVerbal');
    expect(pv.sealed).toBe(true);
    expect(pv.sha256).toBe(made.proces_verbal.sha256);
    expect(pv.name).toContain('scellé');
    const out = await pdfsig(pv.bytes);
    expect(out).toContain('Signature is Valid');
    expect(out).toContain(`Signer Certificate Common Name: ${DEFAULT_SEAL_NAME}`);
    expect(out).toContain('Total document signed');
    sealedPv = pv.bytes;
  });

  it('its signing certificate page lists each signature, the chain head and the seal fingerprint', () => {
    const text = pdfText(sealedPv);
    const fingerprint = t.app.platform.sealer.identity().fingerprint;
    expect(text).toContain('Certificat de signature');
    expect(text).toContain(`${f.owners[0].record.display_name} – Président de séance`);
    expect(text).toContain(`${f.owners[1].record.display_name} – Secrétaire de séance`);
    expect(text).toContain('Firefox 132, Windows');
    expect(text).toContain('Safari 17, iOS');
    expect(text).toContain(made.proces_verbal.sha256);
    expect(text).toContain(fingerprint);
    expect(text).toMatch(
      /Registre chaîné de l'assemblée au scellement : \d+ enregistrements, dernière empreinte\s+[0-9a-f]{64}/,
    );
    // The minutes themselves come first, unchanged in content.
    expect(text).toContain('Procès-verbal de l');
  });

  it('one byte changed in the sealed file: pdfsig reports it invalid', async () => {
    const at = sealedPv.indexOf('/Title <') + '/Title <FEFF00'.length;
    const tampered = Buffer.from(sealedPv);
    tampered[at] = tampered[at] === 0x35 ? 0x36 : 0x35;
    const out = await pdfsig(tampered);
    expect(out).not.toContain('Signature is Valid');
    expect(out).toContain('Digest Mismatch');
  });
});

describe('the sealed attendance sheet and proxy', () => {
  it('the attendance sheet is sealed when its only FDP_* request is signed', async () => {
    const before = await download('feuilleDePresence');
    expect(before.sealed).toBe(false);
    const s = await makeSignatureToken(t.database.db, {
      assemblee_id: f.ag.id,
      coproprietaire_id: f.owners[2].record.id,
      mode: 'FDP_PRESIDENT',
    });
    await signAs(2, 'FDP_PRESIDENT', s.token);
    const sheet = await download('feuilleDePresence');
    expect(sheet.sealed).toBe(true);
    expect(sheet.sha256).toBe(made.feuille_de_presence.sha256);
    expect(await pdfsig(sheet.bytes)).toContain('Signature is Valid');
    expect(pdfText(sheet.bytes)).toContain('Feuille de présence');
  });

  it('a signed proxy (PROCURATION_DONNEE) is kept as a sealed PDF of the statement signed', async () => {
    const s = await makeSignatureToken(t.database.db, {
      assemblee_id: f.ag.id,
      coproprietaire_id: f.owners[4].record.id,
      mode: 'PROCURATION_DONNEE',
    });
    await signAs(4, 'PROCURATION_DONNEE', s.token);
    const [tok] = await t.database.db.select().from(signatureTokens).where(eq(signatureTokens.id, s.row.id));
    expect(tok.sealed_file_id).toBeTruthy();
    // The syndic's back office finds it with the request, by a signed URL.
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/syndic/v1/assemblees/AG-SEAL/signatures',
      headers: key.headers,
    });
    const row = json(list).data.find((r: { id: string }) => r.id === s.row.id);
    expect(row.sealed).toMatchObject({ file_id: tok.sealed_file_id });
    const bytes = (await t.app.inject({ method: 'GET', url: row.sealed.url })).rawPayload;
    expect(await pdfsig(bytes)).toContain('Signature is Valid');
    const text = pdfText(bytes);
    expect(text).toContain(`Mandant${f.owners[4].record.display_name}`.slice(0, 7));
    expect(text).toContain(`${f.owners[4].record.display_name} – Mandant`);
  });

  it('a co-owner of another building gets 404 on the attendance sheet', async () => {
    const other = await makeAssemblee(t.database.db);
    const o = other.owners[0];
    const res = await t.app.inject({
      method: 'GET',
      url: `/api${buildPath(assembleeRegisterEndpoints.feuilleDePresence.path, { agId: f.ag.id, coproId: other.copro.id, id: o.record.id })}`,
      headers: o.headers,
    });
    expect(res.statusCode).toBe(404);
  });
});

const secretaire: string[] = [];
let sealedPv: Buffer;
