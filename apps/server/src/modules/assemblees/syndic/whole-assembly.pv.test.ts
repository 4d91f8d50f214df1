import { assembleeRegisterEndpoints, buildPath, formatInt } from '@tantieme/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../../db/schema/index.js';
import { TINY_PNG } from '../../../test/factories.assemblees.js';
import { json } from '../../../test/harness.js';
import { pdfText } from '../../../test/pdf-text.js';
import { pdfsig } from '../../../test/pdfsig.js';
import {
  agId,
  call,
  convene,
  coproId,
  enterMeeting,
  ok,
  owners,
  type Row,
  setUp,
  t,
  takeForms,
} from './whole-assembly.fixture.js';

/**
 * The procès-verbal of the whole assembly (whole-assembly.test.ts): its figures are the tally's, it
 * names the opposants, and once the president and the secretary have signed it by their links a
 * co-owner downloads it sealed, which pdfsig verifies.
 */

let tally: Row[] = [];
let pvSha256 = '';

beforeAll(async () => {
  await setUp();
  await convene();
  await takeForms();
  await enterMeeting();
  expect((await call('POST', '/assemblees/AGW/close')).status).toBe(200);
  tally = await ok(call('GET', '/assemblees/AGW/tally'));
});
afterAll(() => t.close());

describe('the procès-verbal of a whole assembly', () => {
  it("the procès-verbal's figures are the tally's, and it names the opposants", async () => {
    const docs = await ok(call('POST', '/assemblees/AGW/documents'));
    const pv = await t.app.inject({ method: 'GET', url: docs.proces_verbal.url });
    const text = pdfText(pv.rawPayload);
    const f = (v: number) => formatInt(v).replace(/[\u202f\u00a0]/g, ' ');
    for (const r of tally)
      for (const [label, c] of [
        ['Vote', r.first],
        ['Second vote', r.second],
      ] as const) {
        if (!c) continue;
        const expressed = c.agree.tantiemes + c.disagree.tantiemes + c.abstain.tantiemes;
        const line = [
          label,
          f(c.agree.tantiemes),
          f(c.disagree.tantiemes),
          f(c.abstain.tantiemes),
          f(c.participants.tantiemes - expressed),
          f(r.total.tantiemes - c.participants.tantiemes),
          f(r.total.tantiemes),
        ].join('\n');
        expect(text, `resolution ${r.number}, ${label}`).toContain(line);
      }
    expect(text).toContain("Adoptée au second vote, à la majorité de l'article 24 (article 25-1)");
    expect(text).toContain('Se sont opposés : Nom O8 (1 200 voix).');
    expect(text).toContain('Rejetée (unanimité non atteinte)');
    expect(text).toContain('1 vote « Pour » par correspondance assimilé à des défaillants');
    // Décret art. 17: the défaillants named with their voix, the assimilated one said so.
    expect(text).toMatch(/Défaillants\s*:\s/);
    expect(text).toMatch(/vote\s+« Pour »\s+par\s+correspondance\s+sur\s+la\s+résolution\s+amendée/);
    pvSha256 = docs.proces_verbal.sha256;
  });

  it('the president and the secretary sign the PV by their links: a co-owner downloads it sealed', async () => {
    for (const [mode, o] of [
      ['PV_PRESIDENT', 'O2'],
      ['PV_SECRETAIRE', 'O8'],
    ] as const)
      await ok(
        call('POST', '/assemblees/AGW/signature-requests', { mode, channel: 'email', coproprietaires: [o] }),
      );
    const mails = await t.database.db
      .select()
      .from(outbox)
      .where(sql`${outbox.meta}->>'kind' = 'signature_request'`);
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      const token = /auth_token=([A-Za-z0-9_-]+)/.exec(mail.body)![1];
      const info = json(
        await t.app.inject({ method: 'GET', url: `/api/assemblee/signatures/tokens/${token}` }),
      ).data;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/assemblee/signatures',
        payload: {
          copr_id: coproId,
          year_id: agId,
          coproprietaire_id: info.coproprietaire_id,
          mode: info.mode,
          auth_token: token,
          signature: { name: 'signature.png', content_type: 'image/png', data: TINY_PNG },
          signed_on_paper: false,
        },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const res = await t.app.inject({
      method: 'GET',
      url: `/api${buildPath(assembleeRegisterEndpoints.procesVerbal.path, { agId, coproId, id: owners.O1.id })}`,
      headers: owners.O1.headers,
    });
    const pv = json(res).data;
    expect(pv).toMatchObject({ sealed: true, sha256: pvSha256 });
    const file = await t.app.inject({ method: 'GET', url: pv.url });
    const out = await pdfsig(file.rawPayload);
    expect(out).toContain('Signature is Valid');
    const text = pdfText(file.rawPayload);
    expect(text).toContain('Nom O2 – Président de séance');
    expect(text).toContain('Nom O8 – Secrétaire de séance');
    // The syndic's back office gets the sealed PV too; the attendance sheet, unsigned, is not sealed.
    const docs = await ok(call('POST', '/assemblees/AGW/documents'));
    expect(docs.result).toBe('unchanged');
    expect(docs.proces_verbal.sha256).toBe(pvSha256);
    expect(docs.proces_verbal.sealed).toMatchObject({ name: expect.stringContaining('scellé') });
    expect(docs.feuille_de_presence.sealed).toBeNull();
    const sealed = await t.app.inject({ method: 'GET', url: docs.proces_verbal.sealed.url });
    expect(sealed.rawPayload.equals(file.rawPayload)).toBe(true);
  });
});
