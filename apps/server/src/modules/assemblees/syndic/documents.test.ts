import { createHash } from 'node:crypto';
import {
  assembleeEndpoints,
  assembleeRegisterEndpoints,
  buildPath,
  type VoteBody,
  type VoteChoice,
} from '@tantieme/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assembleeRecords,
  assemblees,
  signatureTokens,
  syndicExternalRefs,
} from '../../../db/schema/index.js';
import { makeAssemblee, makeSignatureToken, TINY_PNG } from '../../../test/factories.assemblees.js';
import { makeSyndicWithKey } from '../../../test/factories.syndic.js';
import { createTestApp, json, type TestApp } from '../../../test/harness.js';
import { pdfText } from '../../../test/pdf-text.js';
import { AG } from './assemblees.repo.js';
import { onMeetingDay } from '../meeting-day.fixture.js';

/**
 * The procès-verbal and the attendance sheet through the syndic API: made once the assembly is closed,
 * stored, served by signed URL, downloadable by the building's co-owners only, and signed in
 * PV_* / FDP_* modes with the SHA-256 of the stored bytes chained in the signature record.
 */

let t: TestApp;
let f: Awaited<ReturnType<typeof makeAssemblee>>;
// biome-ignore lint/suspicious/noExplicitAny: the JSON envelope as the tests read it
let post: (action: string) => Promise<{ status: number; body: any }>;
beforeAll(async () => {
  t = await createTestApp();
  f = await makeAssemblee(t.database.db);
  await t.database.db
    .update(assemblees)
    .set({ general_repartition_id: f.cg.id })
    .where(eq(assemblees.id, f.ag.id));
  const key = await makeSyndicWithKey(t.database.db, ['read', 'write'], { id: f.copro.syndic_id });
  await t.database.db
    .insert(syndicExternalRefs)
    .values({ syndic_id: f.copro.syndic_id, resource: AG, external_id: 'AG-PV', internal_id: f.ag.id });
  post = async (action) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/syndic/v1/assemblees/AG-PV/${action}`,
      headers: key.headers,
    });
    return { status: res.statusCode, body: json(res) };
  };
});
afterAll(() => t.close());

/** A correspondence form with the same choice on every resolution put to the vote. */
async function form(i: number, choice: VoteChoice) {
  const o = f.owners[i];
  const body: VoteBody = {
    coproprietaire: { id: o.record.id, name: o.record.display_name },
    list_data: f.res
      .filter((r) => !r.no_vote)
      .map((r) => ({
        id: r.id,
        title: r.title,
        field: { vote_1: { vote_value: choice }, vote_2: { vote_value: choice } },
        has_vote_two: r.article !== 'ART-24',
      })),
  };
  const res = await t.app.inject({
    method: 'POST',
    url: `/api${buildPath(assembleeEndpoints.vote.path, { agId: f.ag.id, coproId: f.copro.id, id: o.record.id })}`,
    headers: o.headers,
    payload: body,
  });
  expect(res.statusCode).toBe(200);
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
let made: {
  proces_verbal: { file_id: string; sha256: string; url: string };
  feuille_de_presence: { file_id: string; sha256: string; url: string };
};

describe('POST /syndic/v1/assemblees/{external_id}/documents', () => {
  it('is refused before the close', async () => {
    await form(0, 'disagree');
    await form(1, 'abstain');
    await form(2, 'agree');
    const early = await post('documents');
    expect(early.status).toBe(409);
    expect(early.body.message).toContain("L'assemblée n'est pas close");
  });

  it('after the close: both PDFs stored, their SHA-256 and download URLs; the PV names the opposant and the abstention', async () => {
    expect((await onMeetingDay(t.database.db, () => post('start-session'))).status).toBe(200);
    expect((await post('close')).status).toBe(200);
    const res = await post('documents');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    made = res.body.data;
    expect(res.body.data.result).toBe('created');
    const pv = await t.app.inject({ method: 'GET', url: made.proces_verbal.url });
    expect(pv.statusCode).toBe(200);
    expect(sha(pv.rawPayload)).toBe(made.proces_verbal.sha256);
    const text = pdfText(pv.rawPayload);
    expect(text).toContain(`Se sont opposés : ${f.owners[0].record.display_name} (300 voix).`);
    expect(text).toContain(`Se sont abstenus : ${f.owners[1].record.display_name} (250 voix).`);
    // Art. 24, 200 pour against 300 contre: rejected.
    expect(text).toContain("Rejetée (majorité de l'article 24 non atteinte)");
    const sheet = await t.app.inject({ method: 'GET', url: made.feuille_de_presence.url });
    expect(sha(sheet.rawPayload)).toBe(made.feuille_de_presence.sha256);
    expect(pdfText(sheet.rawPayload)).toContain('Par correspondance');
  });

  it('a second call returns the stored files unchanged', async () => {
    const again = await post('documents');
    expect(again.body.data).toMatchObject({
      result: 'unchanged',
      proces_verbal: { file_id: made.proces_verbal.file_id, sha256: made.proces_verbal.sha256 },
      feuille_de_presence: {
        file_id: made.feuille_de_presence.file_id,
        sha256: made.feuille_de_presence.sha256,
      },
    });
  });
});

describe("the co-owner's procès-verbal", () => {
  const pvPath = (p: { agId: string; coproId: string; id: string }) =>
    `/api${buildPath(assembleeRegisterEndpoints.procesVerbal.path, p)}`;

  it('a co-owner of the building downloads the PV with its SHA-256', async () => {
    const o = f.owners[3];
    const res = await t.app.inject({
      method: 'GET',
      url: pvPath({ agId: f.ag.id, coproId: f.copro.id, id: o.record.id }),
      headers: o.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(json(res).data.sha256).toBe(made.proces_verbal.sha256);
    const file = await t.app.inject({ method: 'GET', url: json(res).data.url });
    expect(sha(file.rawPayload)).toBe(made.proces_verbal.sha256);
  });

  it('a co-owner of another building gets 404', async () => {
    const other = await makeAssemblee(t.database.db);
    const o = other.owners[0];
    const res = await t.app.inject({
      method: 'GET',
      url: pvPath({ agId: f.ag.id, coproId: other.copro.id, id: o.record.id }),
      headers: o.headers,
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('PV_* and FDP_* signatures carry the stored PDF', () => {
  it.each([
    ['PV_PRESIDENT', 'proces_verbal'],
    ['FDP_PRESIDENT', 'feuille_de_presence'],
  ] as const)('%s: the chained record holds the SHA-256 of the %s file', async (mode, type) => {
    const o = f.owners[4];
    const { token, row } = await makeSignatureToken(t.database.db, {
      assemblee_id: f.ag.id,
      coproprietaire_id: o.record.id,
      mode,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/assemblee/signatures',
      headers: { 'user-agent': 'pad-test' },
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
    const [tok] = await t.database.db.select().from(signatureTokens).where(eq(signatureTokens.id, row.id));
    const [rec] = await t.database.db
      .select()
      .from(assembleeRecords)
      .where(eq(assembleeRecords.id, tok.record_id as string));
    expect(rec.kind).toBe('signature');
    expect(rec.payload.document).toMatchObject({
      type,
      sha256: made[type].sha256,
      file: { id: made[type].file_id },
    });
  });
});
