import { parisDate, parisInstant } from '@tantieme/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  consentementsNotificationElectronique,
  coproprietaires,
  syndicAuditLog,
} from '../../../db/schema/index.js';
import { localLreAdapter } from '../../../platform/lre/index.js';
import { makeSignedInUser } from '../../../test/factories.js';
import { makeSyndicWithKey } from '../../../test/factories.syndic.js';
import { createTestApp, json, type TestApp } from '../../../test/harness.js';

/**
 * A first presentation recorded after publishing (by the LRE provider or entered by the syndic)
 * that leaves less than the 21 days of décret 1967 art. 9 and 64 puts the co-owner in the
 * assembly's convocation_risk, the one an override records; a corrected date takes them out.
 */
let t: TestApp;
let syndic: Awaited<ReturnType<typeof makeSyndicWithKey>>;
const lre = localLreAdapter({ delaySeconds: 365 * 86_400 });
type H = Record<string, string>;
const call = async (method: 'GET' | 'PUT' | 'POST', url: string, headers: H, payload?: unknown) => {
  const res = await t.app.inject({
    method,
    url: `/api/syndic/v1${url}`,
    headers,
    ...(payload ? { payload: payload as object } : {}),
  });
  return { status: res.statusCode, body: json(res) };
};
const ok = async (p: ReturnType<typeof call>) => {
  const r = await p;
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
};
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const dayPlus = (n: number) => {
  const [y, m, d] = parisDate(new Date()).split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
};
const meeting = parisInstant(dayPlus(30), '18:00');

beforeAll(async () => {
  t = await createTestApp({ platform: { lre } });
  syndic = await makeSyndicWithKey(t.database.db);
  const h = syndic.headers;
  await ok(
    call('PUT', '/coproprietes/IMM', h, {
      name: 'Résidence Les Acacias',
      address: { full_address: '3 allée des Acacias 33000 Bordeaux' },
    }),
  );
  await ok(
    call('POST', '/lots/bulk', h, {
      items: ['C1', 'C2'].map((c, i) => ({
        external_id: `L${c}`,
        copropriete: 'IMM',
        number: String(i + 1),
        name: `Lot ${i + 1}`,
      })),
    }),
  );
  await ok(
    call('PUT', '/repartitions/CG', h, {
      copropriete: 'IMM',
      code: '001',
      name: 'Charges générales',
      total_tantieme: 1000,
      tantiemes: [
        { lot: 'LC1', tantieme: 600 },
        { lot: 'LC2', tantieme: 400 },
      ],
    }),
  );
  for (const [ext, last] of [
    ['C1', 'Bertin'],
    ['C2', 'Chauvin'],
  ]) {
    const r = await ok(
      call('PUT', `/coproprietaires/${ext}`, h, {
        copropriete: 'IMM',
        civility: 'mr',
        first_name: 'Marc',
        last_name: last,
        lots: [`L${ext}`],
        address: { full_address: `3 allée des Acacias 33000 Bordeaux` },
      }),
    );
    // C1 gave their consent to electronic notification (the act itself is tested in convocations.test.ts).
    if (ext === 'C1') {
      // An account (its e-mail receives the LRE) and a consent given in the settings.
      const u = await makeSignedInUser(t.database.db);
      await t.database.db
        .update(coproprietaires)
        .set({ user_id: u.user.id })
        .where(eq(coproprietaires.id, r.id));
      await t.database.db
        .insert(consentementsNotificationElectronique)
        .values({ coproprietaire_id: r.id, given_by: 'settings' });
    }
  }
  await ok(
    call('PUT', '/assemblees/AGR', h, {
      copropriete: 'IMM',
      name: 'Assemblée générale ordinaire',
      year: meeting.getUTCFullYear(),
      date: meeting.toISOString(),
      general_repartition: 'CG',
      convocation: {
        name: 'Convocation.pdf',
        content_type: 'application/pdf',
        content_base64: PDF.toString('base64'),
      },
      resolutions: [
        {
          external_id: 'R1',
          number: 1,
          title: 'Approbation des comptes',
          article: 'ART-24',
          repartition: 'CG',
        },
      ],
      participants: [{ coproprietaire: 'C1' }, { coproprietaire: 'C2' }],
    }),
  );
});
afterAll(() => t.close());

const riskOf = async () => (await ok(call('GET', '/assemblees/AGR', syndic.headers))).convocation_risk;

describe('a first presentation later than foreseen updates the recorded convocation risk', () => {
  it('publishes in time: no risk', async () => {
    const pub = await ok(call('POST', '/assemblees/AGR/publish', syndic.headers));
    expect(pub.sent).toEqual({ lre: 1, postal: 1 });
    expect(await riskOf()).toBeNull();
  });

  it('the LRE provider reports a first presentation 10 days on: C1 is listed, with its source', async () => {
    const list = await ok(call('GET', '/assemblees/AGR/convocations', syndic.headers));
    const c1 = list.find((l: { coproprietaire: string }) => l.coproprietaire === 'C1');
    lre.present(c1.sending_id, parisInstant(dayPlus(10), '09:00'));
    const after = await ok(call('GET', '/assemblees/AGR/convocations', syndic.headers));
    expect(after.find((l: { coproprietaire: string }) => l.coproprietaire === 'C1').deadline_ok).toBe(false);
    expect(await riskOf()).toMatchObject({
      key_id: 'lre:local',
      late: [{ coproprietaire: 'C1', earliest_meeting: dayPlus(32), first_presentation_source: 'provider' }],
    });
  });

  it('the syndic enters a late postal presentation for C2: both listed, audited; a corrected date takes C2 out', async () => {
    const late = await ok(
      call('PUT', '/assemblees/AGR/convocations/C2/first-presentation', syndic.headers, {
        first_presented_at: parisInstant(dayPlus(9), '11:00').toISOString(),
      }),
    );
    expect(late.deadline_ok).toBe(false);
    const risk = await riskOf();
    expect(risk.key_id).toBe('lre:local');
    expect(risk.late).toEqual([
      { coproprietaire: 'C1', earliest_meeting: dayPlus(32), first_presentation_source: 'provider' },
      { coproprietaire: 'C2', earliest_meeting: dayPlus(31), first_presentation_source: 'syndic' },
    ]);
    const audit = await t.database.db
      .select()
      .from(syndicAuditLog)
      .where(eq(syndicAuditLog.action, 'updated'));
    expect(
      audit.some((a) => JSON.stringify(a.changes).includes('"first_presentation_source":"syndic"')),
    ).toBe(true);

    await ok(
      call('PUT', '/assemblees/AGR/convocations/C2/first-presentation', syndic.headers, {
        first_presented_at: parisInstant(dayPlus(2), '11:00').toISOString(),
      }),
    );
    expect((await riskOf()).late.map((l: { coproprietaire: string }) => l.coproprietaire)).toEqual(['C1']);
  });
});
