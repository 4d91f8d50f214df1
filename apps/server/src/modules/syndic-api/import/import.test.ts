import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvKindOf, csvToItems, parseCsv } from '@tantieme/contract';
import { coproprietaires, coproprietes, lots, syndicAuditLog } from '../../../db/schema/index.js';
import { makeSyndicWithKey } from '../../../test/factories.syndic.js';
import { createTestApp, json, type TestApp } from '../../../test/harness.js';

let t: TestApp;
let key: string;
let syndicId: string;
beforeAll(async () => {
  t = await createTestApp();
  const s = await makeSyndicWithKey(t.database.db);
  key = s.key;
  syndicId = s.syndic.id;
});
afterAll(() => t.close());

const post = (payload: unknown, k = key) =>
  t.app.inject({
    method: 'POST',
    url: '/api/syndic/v1/import',
    headers: { 'x-api-key': k },
    payload: payload as object,
  });

/** A small portfolio: two buildings, their lots, tantièmes, co-owners and accounts. */
function portfolio(prefix: string) {
  const building = (b: string, name: string) => ({
    external_id: `${prefix}-${b}`,
    name,
    address: {
      full_address: `${b === 'A' ? '12' : '4'} rue des Lilas 69003 Lyon`,
      city: 'Lyon',
      zip_code: '69003',
    },
    administrators: [`${prefix}-G1`],
  });
  const lotsOf = (b: string) =>
    [1, 2, 3].map((n) => ({
      external_id: `${prefix}-${b}-L${n}`,
      copropriete: `${prefix}-${b}`,
      number: String(n),
      name: `Appartement ${b}${n}`,
      type_name: 'Appartement',
    }));
  const owner = (b: string, n: number, last: string) => ({
    external_id: `${prefix}-${b}-C${n}`,
    copropriete: `${prefix}-${b}`,
    civility: 'mrs',
    first_name: 'Claire',
    last_name: last,
    lots: [`${prefix}-${b}-L${n}`],
  });
  return {
    administrators: [
      { external_id: `${prefix}-G1`, first_name: 'Sophie', last_name: 'Garnier', emails: [], phones: [] },
    ],
    coproprietes: [building('A', 'Résidence Les Lilas A'), building('B', 'Résidence Les Lilas B')],
    lots: [...lotsOf('A'), ...lotsOf('B')],
    repartitions: ['A', 'B'].map((b) => ({
      external_id: `${prefix}-${b}-GEN`,
      copropriete: `${prefix}-${b}`,
      code: 'GEN',
      name: 'Charges générales',
      total_tantieme: 906,
      tantiemes: [1, 2, 3].map((n) => ({ lot: `${prefix}-${b}-L${n}`, tantieme: 300 + n })),
    })),
    coproprietaires: [owner('A', 1, 'Martin'), owner('A', 2, 'Durand'), owner('B', 1, 'Petit')],
    ledger_lines: [
      {
        external_id: `${prefix}-A-E1`,
        coproprietaire: `${prefix}-A-C1`,
        date: '2026-10-01',
        name: 'Appel de fonds – 4e trimestre 2026',
        amount_type: 'debit',
        amount_cents: 81125,
      },
      {
        external_id: `${prefix}-B-E1`,
        coproprietaire: `${prefix}-B-C1`,
        date: '2026-10-05',
        name: 'Règlement par chèque',
        amount_type: 'credit',
        amount_cents: 20000,
        payment_method: 'cheque',
      },
    ],
  };
}

const countOf = async (table: typeof lots | typeof coproprietes) =>
  (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0].n;

describe('POST /syndic/v1/import', () => {
  it('imports a whole portfolio, then re-sending it changes nothing', async () => {
    const doc = portfolio('P1');
    const res = await post(doc);
    expect(res.statusCode, res.body).toBe(200);
    const r = json(res).data;
    expect(r.ok).toBe(true);
    expect(r.error_count).toBe(0);
    expect(r.counts.lots).toMatchObject({ created: 6, error: 0 });
    expect(r.counts.ledger_lines.created).toBe(2);
    expect(r.buildings.map((b: { status: string }) => b.status)).toEqual([
      'imported',
      'imported',
      'imported',
    ]);

    const again = json(await post(doc)).data;
    expect(again.counts.lots).toMatchObject({ created: 0, updated: 0, unchanged: 6 });
    expect(again.counts.coproprietaires.unchanged).toBe(3);

    // The co-owner pushed in building A holds lot A1, in A's building.
    const [c] = await t.database.db
      .select({ copro: coproprietes.name })
      .from(coproprietaires)
      .innerJoin(coproprietes, eq(coproprietes.id, coproprietaires.copropriete_id))
      .where(and(eq(coproprietes.syndic_id, syndicId), eq(coproprietaires.last_name, 'Durand')));
    expect(c.copro).toBe('Résidence Les Lilas A');
    // Every write is in the audit log, under the key's name.
    const audit = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(syndicAuditLog)
      .where(eq(syndicAuditLog.syndic_id, syndicId));
    expect(audit[0].n).toBeGreaterThanOrEqual(6 + 2 + 3 + 2 + 2);
  });

  it('a building with one bad item is not written at all; the other building is', async () => {
    const doc = portfolio('P2');
    (doc.lots[4] as Record<string, unknown>).name = '';
    (doc.ledger_lines[0] as Record<string, unknown>).amount_cents = -5;
    const lotsBefore = await countOf(lots);
    const res = await post(doc);
    // A rejected building makes the call a 422, the per-building report still in `data`.
    expect(res.statusCode).toBe(422);
    expect(json(res)).toMatchObject({ success: false, code: 'IMPORT_REJECTED' });
    expect(json(res).message).toContain('refusé');
    const r = json(res).data;
    expect(r.ok).toBe(false);
    expect(r.errors).toEqual([
      expect.objectContaining({ resource: 'lots', index: 4, external_id: 'P2-B-L2', field: 'name' }),
      // The clé refers to that lot, which is not written: named too, so one run shows everything.
      expect.objectContaining({ resource: 'repartitions', index: 1, field: 'tantiemes.1.lot' }),
      expect.objectContaining({
        resource: 'ledger_lines',
        index: 0,
        external_id: 'P2-A-E1',
        field: 'amount_cents',
        message: 'Le montant ne peut pas être négatif.',
      }),
    ]);
    const status = Object.fromEntries(
      r.buildings.map((b: { copropriete: string | null; status: string }) => [b.copropriete, b.status]),
    );
    expect(status).toEqual({ null: 'imported', 'P2-A': 'rejected', 'P2-B': 'rejected' });
    expect(r.counts.lots).toMatchObject({ created: 0, error: 1, rejected: 5 });
    expect(await countOf(lots)).toBe(lotsBefore);
  });

  it('dry run reports what a real run would do and writes nothing', async () => {
    const doc = portfolio('P3');
    (doc.coproprietaires[2] as Record<string, unknown>).lots = ['P3-B-L9'];
    const before = await countOf(coproprietes);
    const res = await post({ ...doc, dry_run: true });
    expect(res.statusCode).toBe(422);
    const r = json(res).data;
    expect(r.dry_run).toBe(true);
    expect(r.errors).toEqual([
      expect.objectContaining({ resource: 'coproprietaires', index: 2, field: 'lots.0' }),
      expect.objectContaining({ resource: 'ledger_lines', index: 1, field: 'coproprietaire' }),
    ]);
    // Building A would be imported (its lots and co-owners reference the administrator of the
    // same document, written in the dry run's transaction before them).
    expect(r.buildings.find((b: { copropriete: string }) => b.copropriete === 'P3-A').status).toBe('checked');
    expect(r.counts.lots.created).toBe(3);
    expect(await countOf(coproprietes)).toBe(before);
  });

  it('another syndic’s key cannot reach these buildings: its import of the same ids creates its own', async () => {
    const other = await makeSyndicWithKey(t.database.db);
    const res = await post({ lots: portfolio('P1').lots.slice(0, 1) }, other.key);
    expect(res.statusCode).toBe(422);
    const r = json(res).data;
    // P1-A exists for the first syndic only: for the other it is an unknown building.
    expect(r.errors).toEqual([expect.objectContaining({ resource: 'lots', field: 'copropriete' })]);
  });

  it('needs the write scope and validates the document itself', async () => {
    const reader = await makeSyndicWithKey(t.database.db, ['read'], { id: syndicId });
    expect((await post({}, reader.key)).statusCode).toBe(403);
    const bad = await post({ lots: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('lots');
  });
});

describe('CSV files for staff', () => {
  it('turns lots, co-owners, tantièmes and ledger CSV into items, naming lines in errors', () => {
    const tantiemes = parseCsv(
      'repartition;copropriete;code;name;total_tantieme;lot;tantieme\n' +
        'GEN;IMM;GEN;Charges générales;1000;L1;400\n' +
        'GEN;IMM;GEN;Charges générales;1000;L2;600\n',
    );
    expect(csvKindOf(tantiemes.header)).toBe('tantiemes');
    const t1 = csvToItems('tantiemes', tantiemes);
    expect(t1.items).toEqual([
      {
        external_id: 'GEN',
        copropriete: 'IMM',
        code: 'GEN',
        name: 'Charges générales',
        total_tantieme: 1000,
        tantiemes: [
          { lot: 'L1', tantieme: 400 },
          { lot: 'L2', tantieme: 600 },
        ],
      },
    ]);
    expect(t1.lines).toEqual([[2, 3]]);

    const ledger = parseCsv(
      '\ufeffexternal_id,coproprietaire,date,name,amount_type,amount,payment_method\r\n' +
        'E1,C1,01/10/2026,"Appel de fonds, 4e trimestre",debit,"1 234,56",\r\n' +
        'E2,C1,2026-10-05,Chèque,credit,200,cheque\r\n',
    );
    expect(csvKindOf(ledger.header)).toBe('ledger');
    expect(csvToItems('ledger', ledger).items).toEqual([
      {
        external_id: 'E1',
        coproprietaire: 'C1',
        date: '2026-10-01',
        name: 'Appel de fonds, 4e trimestre',
        amount_type: 'debit',
        amount_cents: 123456,
      },
      {
        external_id: 'E2',
        coproprietaire: 'C1',
        date: '2026-10-05',
        name: 'Chèque',
        amount_type: 'credit',
        amount_cents: 20000,
        payment_method: 'cheque',
      },
    ]);
    const owners = parseCsv(
      'external_id;copropriete;civility;first_name;last_name;email;lots;is_member_syndicat\n' +
        'C1;IMM;mrs;Claire;Martin;claire@example.fr;L1|L2;oui\n',
    );
    expect(csvKindOf(owners.header)).toBe('coproprietaires');
    expect(csvToItems('coproprietaires', owners).items[0]).toMatchObject({
      lots: ['L1', 'L2'],
      is_member_syndicat: true,
      contacts: [{ emails: [{ value: 'claire@example.fr' }] }],
    });
  });
});
