import {
  assembleeEndpoints,
  assemblyRegisterEndpoints,
  buildPath,
  formatInt,
  hasSecondVote,
  type VoteBody,
} from '@tantieme/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coproprietaires, outbox } from '../../../db/schema/index.js';
import { TINY_PNG } from '../../../test/factories.assemblees.js';
import { makeSignedInUser } from '../../../test/factories.js';
import { makeSyndicWithKey } from '../../../test/factories.syndic.js';
import { createTestApp, json, type TestApp } from '../../../test/harness.js';
import { pdfText } from '../../../test/pdf-text.js';
import { pdfsig } from '../../../test/pdfsig.js';

/**
 * A whole assembly as a syndic's back office runs it through the API, and the result the law gives.
 *
 * 10 000 voix of charges générales: O1 4 000, O2 3 000, O3 1 000, O4 to O7 200 each, O8 1 200.
 * - Convocation published (no co-owner consented to electronic notice: all by post).
 * - Forms: O1 'Pour' everywhere (and stays away); O2 'Contre' everywhere, then attends: void;
 *   O8 'Pour' everywhere, then is represented by O2: void (loi art. 17-1 A).
 * - At the meeting: O2 and O3 present; O3 holds three délégations (O4, O5, O6: within art. 22 I);
 *   O7 absent (défaillant).
 * - R1 (art. 24), amended in session: O1's form 'Pour' is défaillant; 4 200 pour (O2, O8), 1 000
 *   contre (O3), 600 abstentions → adopted.
 * - R2 (art. 25): 4 000 pour (O1's form) of 10 000: not half but a third → second vote at once
 *   (art. 25-1), entered after the first: 5 600 pour, 1 200 contre → adopted under 25-1.
 * - R3 (art. 26): 6 members of 8 for, 8 600 voix ≥ 2/3 → adopted; O8 named as opposant.
 * - R4 (unanimité, loi art. 11): everyone present or represented for, but O7 is absent → rejected.
 * Then the procès-verbal, whose figures are the tally's, signed by the president and the secretary
 * through their links, and downloaded sealed by a co-owner.
 */

let t: TestApp;
let syndic: Awaited<ReturnType<typeof makeSyndicWithKey>>;
const call = async (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) => {
  const res = await t.app.inject({
    method,
    url: `/api/syndic/v1${url}`,
    headers: syndic.headers,
    ...(payload ? { payload: payload as object } : {}),
  });
  return { status: res.statusCode, body: json(res) };
};
const ok = async (p: ReturnType<typeof call>) => {
  const r = await p;
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
};

const SHARES: Record<string, number> = {
  O1: 4000,
  O2: 3000,
  O3: 1000,
  O4: 200,
  O5: 200,
  O6: 200,
  O7: 200,
  O8: 1200,
};
const owners: Record<string, { id: string; headers: Record<string, string> }> = {};
const meeting = new Date(Date.now() + 40 * 86_400_000);
meeting.setUTCHours(16, 0, 0, 0);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

const RESOLUTIONS = [
  { external_id: 'R1', number: 1, title: 'Approbation des comptes', article: 'ART-24', repartition: 'GEN' },
  { external_id: 'R2', number: 2, title: 'Désignation du syndic', article: 'ART-25', repartition: 'GEN' },
  { external_id: 'R3', number: 3, title: 'Travaux de ravalement', article: 'ART-26', repartition: 'GEN' },
  {
    external_id: 'R4',
    number: 4,
    title: 'Modification de la répartition des charges',
    article: 'UNANIMITE',
    repartition: 'GEN',
  },
];
const assembly = (amended = false) => ({
  copropriete: 'RES',
  name: 'Assemblée générale 2027',
  year: meeting.getUTCFullYear(),
  date: meeting.toISOString(),
  general_repartition: 'GEN',
  convocation: {
    name: 'Convocation AG.pdf',
    content_type: 'application/pdf',
    content_base64: PDF.toString('base64'),
  },
  resolutions: RESOLUTIONS.map((r) => (amended && r.external_id === 'R1' ? { ...r, amended: true } : r)),
  participants: Object.keys(SHARES).map((c) => ({ coproprietaire: c })),
});

beforeAll(async () => {
  t = await createTestApp();
  syndic = await makeSyndicWithKey(t.database.db);
  await ok(
    call('PUT', '/coproprietes/RES', {
      name: 'Résidence Les Tilleuls',
      address: { full_address: '12 rue des Tilleuls 69003 Lyon' },
    }),
  );
  const lots = Object.keys(SHARES).map((o) => `L${o}`);
  await ok(
    call('POST', '/lots/bulk', {
      items: lots.map((l, i) => ({ external_id: l, copropriete: 'RES', number: String(i + 1), name: l })),
    }),
  );
  await ok(
    call('PUT', '/repartitions/GEN', {
      copropriete: 'RES',
      code: '001',
      name: 'Charges générales',
      total_tantieme: 10_000,
      tantiemes: Object.entries(SHARES).map(([o, v]) => ({ lot: `L${o}`, tantieme: v })),
    }),
  );
  for (const o of Object.keys(SHARES)) {
    const r = await ok(
      call('PUT', `/coproprietaires/${o}`, { copropriete: 'RES', last_name: `Nom ${o}`, lots: [`L${o}`] }),
    );
    owners[o] = { id: r.id, headers: {} };
  }
  for (const o of ['O1', 'O2', 'O8']) {
    const u = await makeSignedInUser(t.database.db);
    await t.database.db
      .update(coproprietaires)
      .set({ user_id: u.user.id, init_settings_done: true })
      .where(eq(coproprietaires.id, owners[o].id));
    owners[o].headers = u.headers;
  }
});
afterAll(() => t.close());

let agId = '';
let coproId = '';
type Choice = 'agree' | 'disagree' | 'abstain';

/** A co-owner's correspondence form through the co-owner API, the same choice everywhere. */
async function form(o: string, choice: Choice) {
  const url = (ep: { path: string }) => `/api${buildPath(ep.path, { agId, coproId, id: owners[o].id })}`;
  const list = json(
    await t.app.inject({
      method: 'GET',
      url: url(assembleeEndpoints.resolutions),
      headers: owners[o].headers,
    }),
  ).data.resolutions as { id: string; title: string; article: string }[];
  const body = {
    coproprietaire: { id: owners[o].id, name: `Nom ${o}` },
    list_data: list.map((r) => ({
      id: r.id,
      title: r.title,
      field: {
        vote_1: { vote_value: choice },
        vote_2: { vote_value: hasSecondVote(r.article) ? choice : null },
      },
      has_vote_two: hasSecondVote(r.article),
    })),
  } as VoteBody;
  const res = await t.app.inject({
    method: 'POST',
    url: url(assembleeEndpoints.vote),
    headers: owners[o].headers,
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
}

const O3 = { coproprietaire: 'O3', name: 'Nom O3' };
const O2 = { coproprietaire: 'O2', name: 'Nom O2' };
const AT: Record<string, { attendance: string; mandataire: typeof O3 | null }> = {
  O2: { attendance: 'present', mandataire: null },
  O3: { attendance: 'present', mandataire: null },
  O4: { attendance: 'represented', mandataire: O3 },
  O5: { attendance: 'represented', mandataire: O3 },
  O6: { attendance: 'represented', mandataire: O3 },
  O8: { attendance: 'represented', mandataire: O2 },
};
/** One resolution's votes at the meeting: { owner: [vote_1, vote_2] }, undefined leaves a vote as it was. */
const enter = (resolution: string, votes: Record<string, [Choice | undefined, Choice | undefined]>) =>
  ok(
    call('POST', '/assemblees/AGW/session-votes', {
      votes: Object.entries(votes).map(([o, [vote_1, vote_2]]) => ({
        coproprietaire: o,
        ...AT[o],
        choices: [
          {
            resolution,
            ...(vote_1 !== undefined ? { vote_1 } : {}),
            ...(vote_2 !== undefined ? { vote_2 } : {}),
          },
        ],
      })),
    }),
  );
type Row = {
  number: number;
  decision: string;
  rule: string;
  amended_defaulting: number;
  total: { tantiemes: number; count: number };
  first: Record<'agree' | 'disagree' | 'abstain' | 'participants', { tantiemes: number; count: number }>;
  second: Row['first'] | null;
};
let tally: Row[] = [];

describe('a whole assembly through the syndic API', () => {
  it('convenes: the assembly, its resolutions and every co-owner; the convocation by post', async () => {
    const put = await ok(call('PUT', '/assemblees/AGW', assembly()));
    agId = put.id;
    const [row] = await t.database.db
      .select({ c: coproprietaires.copropriete_id })
      .from(coproprietaires)
      .where(eq(coproprietaires.id, owners.O1.id));
    coproId = row.c;
    const pub = await ok(call('POST', '/assemblees/AGW/publish'));
    // Nobody gave their express consent to electronic notice (loi art. 42-1): the post.
    expect(pub.sent).toEqual({ lre: 0, postal: 8 });
  });

  it('takes the forms, then opens the meeting and amends R1 in session', async () => {
    await form('O1', 'agree');
    await form('O2', 'disagree');
    await form('O8', 'agree');
    await ok(call('POST', '/assemblees/AGW/start-session'));
    expect((await ok(call('PUT', '/assemblees/AGW', assembly(true)))).result).toBe('updated');
  });

  it('enters the meeting resolution by resolution, the passerelle second vote after the first', async () => {
    await enter('R1', {
      O2: ['agree', undefined],
      O3: ['disagree', undefined],
      O4: ['abstain', undefined],
      O5: ['abstain', undefined],
      O6: ['abstain', undefined],
      O8: ['agree', undefined],
    });
    const r2 = {
      O2: 'disagree',
      O3: 'disagree',
      O4: 'abstain',
      O5: 'abstain',
      O6: 'abstain',
      O8: 'disagree',
    };
    await enter('R2', Object.fromEntries(Object.entries(r2).map(([o, v]) => [o, [v as Choice, undefined]])));
    const second = { O2: 'abstain', O3: 'agree', O4: 'agree', O5: 'agree', O6: 'agree', O8: 'disagree' };
    await enter(
      'R2',
      Object.fromEntries(Object.entries(second).map(([o, v]) => [o, [undefined, v as Choice]])),
    );
    const everyoneFor = Object.fromEntries(Object.keys(AT).map((o) => [o, ['agree', undefined]])) as Record<
      string,
      [Choice, undefined]
    >;
    await enter('R3', { ...everyoneFor, O8: ['disagree', undefined] });
    await enter('R4', everyoneFor);
  });

  it('closes; the tally from the register gives the legal results', async () => {
    expect((await call('POST', '/assemblees/AGW/close')).status).toBe(200);
    tally = await ok(call('GET', '/assemblees/AGW/tally'));
    const n = (i: number) => tally.find((r) => r.number === i)!;
    const voix = (c: Row['first']) => [c.agree.tantiemes, c.disagree.tantiemes, c.abstain.tantiemes];
    // R1, amended: O1's form 'Pour' is défaillant; O2's and O8's forms are void (present, represented).
    expect(n(1)).toMatchObject({ decision: 'adopted', rule: 'ART-24', amended_defaulting: 1 });
    expect(voix(n(1).first)).toEqual([4200, 1000, 600]);
    // R2: 4 000 of 10 000, a third but not half: the second vote decides at the art. 24 majority.
    expect(voix(n(2).first)).toEqual([4000, 5200, 600]);
    expect(n(2)).toMatchObject({ decision: 'adopted', rule: 'ART-25-1' });
    expect(voix(n(2).second!)).toEqual([5600, 1200, 3000]);
    // R3: 6 members of 8, 8 600 voix of 10 000 (≥ two thirds).
    expect(n(3)).toMatchObject({ decision: 'adopted', rule: 'ART-26' });
    expect(n(3).first.agree).toEqual({ tantiemes: 8600, count: 6 });
    // R4: unanimity of the syndicat, O7 absent.
    expect(n(4)).toMatchObject({
      decision: 'rejected',
      rule: 'UNANIMITE',
      total: { tantiemes: 10_000, count: 8 },
    });
    expect(n(4).first.agree).toEqual({ tantiemes: 9800, count: 7 });
    const check = await ok(call('GET', '/assemblees/AGW/chain-check'));
    expect(check.ok).toBe(true);
  });

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
      url: `/api${buildPath(assemblyRegisterEndpoints.procesVerbal.path, { agId, coproId, id: owners.O1.id })}`,
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

let pvSha256 = '';
