import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syndicAuditLog } from '../../../db/schema/index.js';
import { makeSyndicWithKey } from '../../../test/factories.syndic.js';
import { createTestApp, json, type TestApp } from '../../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type H = Record<string, string>;
const api = async (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, headers: H, payload?: unknown) => {
  const res = await t.app.inject({
    method,
    url: `/api/syndic/v1${url}`,
    headers,
    ...(payload ? { payload: payload as object } : {}),
  });
  return { status: res.statusCode, body: json(res) };
};
const pause = () => new Promise((r) => setTimeout(r, 20));

const portfolio = {
  coproprietes: [
    { external_id: 'IMM', name: 'Les Tilleuls', address: { full_address: '3 rue Vaubecour 69002 Lyon' } },
  ],
  lots: [
    { external_id: 'L1', copropriete: 'IMM', number: '1', name: 'Appartement 1' },
    { external_id: 'L2', copropriete: 'IMM', number: '2', name: 'Cave 2' },
    { external_id: 'L3', copropriete: 'IMM', number: '3', name: 'Parking 3' },
  ],
  repartitions: [
    {
      external_id: 'R1',
      copropriete: 'IMM',
      code: 'GEN',
      name: 'Charges générales',
      total_tantieme: 1000,
      tantiemes: [{ lot: 'L1', tantieme: 1000 }],
    },
    {
      external_id: 'R2',
      copropriete: 'IMM',
      code: 'ASC',
      name: 'Ascenseur',
      total_tantieme: 1000,
      tantiemes: [],
    },
  ],
  coproprietaires: [
    {
      external_id: 'C1',
      copropriete: 'IMM',
      civility: 'mrs',
      first_name: 'Claire',
      last_name: 'Martin',
      lots: ['L1'],
    },
  ],
  bills: [
    {
      external_id: 'B1',
      copropriete: 'IMM',
      name: 'Appel de fonds T1 2026',
      date: '2026-01-01',
      bill_type: 'fonctionnement',
      total_cents: 30_000,
      lines: [{ lot: 'L1', repartition: 'R1', amount_cents: 30_000 }],
    },
  ],
  ledger_lines: [
    {
      external_id: 'E1',
      coproprietaire: 'C1',
      date: '2026-01-01',
      name: 'Appel de fonds T1 2026',
      amount_type: 'debit',
      amount_cents: 30_000,
      bill: 'B1',
    },
    {
      external_id: 'E2',
      coproprietaire: 'C1',
      date: '2026-01-20',
      name: 'Saisie en double',
      amount_type: 'debit',
      amount_cents: 1_000,
    },
  ],
};

/** A delta page as one list: `-X` for X deleted, in external_id order. */
const externalIds = (page: { items: { external_id: string }[]; deleted: { external_id: string }[] }) =>
  [...page.items.map((i) => i.external_id), ...page.deleted.map((d) => `-${d.external_id}`)].sort((a, b) =>
    a.replace('-', '').localeCompare(b.replace('-', '')),
  );

describe('delta sync and deletions', () => {
  it('lists what changed since a time, deletions as tombstones; DELETE says what still depends', async () => {
    const { syndic, headers } = await makeSyndicWithKey(t.database.db);
    expect((await api('POST', '/import', headers, portfolio)).status).toBe(200);
    await pause();
    const since = new Date().toISOString();
    await pause();

    // Nothing changed yet.
    expect(externalIds((await api('GET', `/lots?updated_since=${since}`, headers)).body.data)).toEqual([]);

    // What depends on a resource forbids its deletion, named in French.
    const held = await api('DELETE', '/lots/L1', headers);
    expect(held.status).toBe(409);
    expect(held.body.message).toContain('appartient à un copropriétaire');
    expect((await api('DELETE', '/repartitions/R1', headers)).body.message).toContain('appels de fonds');
    expect((await api('DELETE', '/bills/B1', headers)).body.message).toContain('lignes de compte');

    // A change, and deletions.
    expect(
      (await api('PUT', '/lots/L3', headers, { copropriete: 'IMM', number: '3', name: 'Parking 3 bis' }))
        .status,
    ).toBe(200);
    const deleted = await api('DELETE', '/lots/L2', headers);
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toEqual({ external_id: 'L2', deleted: true, deleted_at: expect.any(String) });
    expect((await api('DELETE', '/repartitions/R2', headers)).status).toBe(200);
    expect((await api('DELETE', '/ledger-lines/E2', headers)).status).toBe(200);
    expect((await api('DELETE', '/ledger-lines/E2', headers)).status).toBe(404);

    const lots = (await api('GET', `/lots?updated_since=${encodeURIComponent(since)}`, headers)).body.data;
    expect(externalIds(lots)).toEqual(['-L2', 'L3']);
    expect(lots.items[0]).toMatchObject({ external_id: 'L3', name: 'Parking 3 bis' });
    expect(
      externalIds((await api('GET', `/repartitions?updated_since=${since}`, headers)).body.data),
    ).toEqual(['-R2']);
    expect(
      externalIds((await api('GET', `/ledger-lines?updated_since=${since}`, headers)).body.data),
    ).toEqual(['-E2']);
    // Without updated_since: the live resources only.
    expect(externalIds((await api('GET', '/lots', headers)).body.data)).toEqual(['L1', 'L3']);
    // Pages of a delta follow the same cursor.
    const first = (await api('GET', `/lots?updated_since=${since}&limit=1`, headers)).body.data;
    expect(externalIds(first)).toEqual(['-L2']);
    const second = (
      await api('GET', `/lots?updated_since=${since}&limit=1&cursor=${first.next_cursor}`, headers)
    ).body.data;
    expect(externalIds(second)).toEqual(['L3']);
    expect(second.next_cursor).toBeNull();

    // The deleted row's last state stays in the audit log.
    const [audit] = await t.database.db
      .select()
      .from(syndicAuditLog)
      .where(
        and(
          eq(syndicAuditLog.syndic_id, syndic.id),
          eq(syndicAuditLog.action, 'deleted'),
          eq(syndicAuditLog.external_id, 'E2'),
        ),
      );
    expect(audit.changes).toMatchObject({ name: { before: 'Saisie en double', after: null } });

    // The same external_id again is a new resource: live in the delta, its tombstone gone.
    const again = await api('PUT', '/lots/L2', headers, { copropriete: 'IMM', number: '2', name: 'Cave 2' });
    expect(again.body.data.result).toBe('created');
    expect(externalIds((await api('GET', `/lots?updated_since=${since}`, headers)).body.data)).toEqual([
      'L2',
      'L3',
    ]);

    // updated_since must be a date.
    const bad = await api('GET', '/lots?updated_since=hier', headers);
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty('updated_since');
  });

  it('deletes a charge and an exercice unless a budget, a fund call or a spending holds them', async () => {
    const { headers } = await makeSyndicWithKey(t.database.db);
    const withAccounts = {
      ...portfolio,
      charges: [
        { external_id: 'CH1', copropriete: 'IMM', repartition: 'R1', code: '601', name: 'Eau froide' },
        { external_id: 'CH2', copropriete: 'IMM', repartition: 'R1', code: '614', name: 'Espaces verts' },
      ],
      financial_years: [
        {
          external_id: 'EX25',
          copropriete: 'IMM',
          year: 2025,
          couple: '2025',
          start_date: '2025-01-01',
          end_date: '2025-12-31',
          budgets: [{ charge: 'CH1', voted_cents: 120_000 }],
        },
        {
          external_id: 'EX26',
          copropriete: 'IMM',
          year: 2026,
          couple: '2026',
          start_date: '2026-01-01',
          end_date: '2026-12-31',
        },
      ],
      bills: portfolio.bills.map((b) => ({ ...b, financial_year: 'EX26' })),
    };
    const imported = await api('POST', '/import', headers, withAccounts);
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    await pause();
    const since = new Date().toISOString();

    const budgeted = await api('DELETE', '/charges/CH1', headers);
    expect(budgeted.status).toBe(409);
    expect(budgeted.body.message).toContain('budget');
    const called = await api('DELETE', '/financial-years/EX26', headers);
    expect(called.status).toBe(409);
    expect(called.body.message).toContain('appels de fonds');

    expect((await api('DELETE', '/charges/CH2', headers)).status).toBe(200);
    // The exercice goes with its voted budgets; the charge it budgeted may then go too.
    expect((await api('DELETE', '/financial-years/EX25', headers)).status).toBe(200);
    expect((await api('DELETE', '/charges/CH1', headers)).status).toBe(200);
    expect((await api('GET', '/charges/CH1', headers)).status).toBe(404);

    expect(externalIds((await api('GET', `/charges?updated_since=${since}`, headers)).body.data)).toEqual([
      '-CH1',
      '-CH2',
    ]);
    expect(
      externalIds((await api('GET', `/financial-years?updated_since=${since}`, headers)).body.data),
    ).toEqual(['-EX25']);
    expect(externalIds((await api('GET', '/financial-years', headers)).body.data)).toEqual(['EX26']);
  });
});
