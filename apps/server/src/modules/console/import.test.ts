import { and, count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coproprietaires, lots, repartitions, syndicAuditLog } from '../../db/schema/index.js';
import { makeSyndicWithKey } from '../../test/factories.syndic.js';
import { createTestApp, json, type TestApp } from '../../test/harness.js';
import { consoleCall, type Headers, makeStaff } from './console.fixture.js';

/** A syndic's spreadsheet as a tableur saves it: a title above the headers, one row per lot, a total. */
async function xlsx(rows: (string | number | null)[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Lots');
  ws.addRow(['Copropriété — liste des lots au 1er janvier']);
  ws.addRow([
    'N° de lot',
    'Type',
    'Étage',
    'Civilité',
    'Nom',
    'Prénom',
    'Société',
    'E-mail',
    'Téléphone',
    'Tantièmes charges générales',
  ]);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer()).toString('base64');
}

const GOOD: (string | number | null)[][] = [
  [1, 'Appartement', '1', 'M.', 'Durand', 'Paul', null, 'paul.durand@example.fr', '06 12 34 56 78', 300],
  [2, 'Cave', 'Sous-sol', 'M.', 'Durand', 'Paul', null, 'paul.durand@example.fr', null, 50],
  [3, 'Appartement', '2', 'Mme', 'Fontaine', 'Léa', null, 'lea.fontaine@example.fr', null, 400],
  [4, 'Local commercial', 'RDC', null, null, null, 'SCI Les Hêtres', 'gerance@sci-les-hetres.fr', null, 250],
  ['Total', null, null, null, null, null, null, null, null, 1000],
];

let t: TestApp;
let call: ReturnType<typeof consoleCall>;
let s: Awaited<ReturnType<typeof makeSyndicWithKey>>;
let staff: { headers: Headers };
const building: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  call = consoleCall(t);
  const db = t.database.db;
  s = await makeSyndicWithKey(db);
  for (const ext of ['IMM1', 'IMM2']) {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/syndic/v1/coproprietes/${ext}`,
      headers: s.headers,
      payload: { name: `Résidence ${ext}`, address: { full_address: '2 rue des Acacias 69008 Lyon' } },
    });
    building[ext] = json(res).data.id;
  }
  staff = await makeStaff(db, s.syndic.id, 'gestionnaire', [building.IMM1!]);
});
afterAll(() => t.close());

const importUrl = (ext: string) => `/gestion/coproprietes/${building[ext]}/import`;

async function written(coproId: string) {
  const db = t.database.db;
  const [[l], [c], [k], [a]] = await Promise.all([
    db.select({ n: count() }).from(lots).where(eq(lots.copropriete_id, coproId)),
    db.select({ n: count() }).from(coproprietaires).where(eq(coproprietaires.copropriete_id, coproId)),
    db.select({ n: count() }).from(repartitions).where(eq(repartitions.copropriete_id, coproId)),
    db.select({ n: count() }).from(syndicAuditLog).where(eq(syndicAuditLog.syndic_id, s.syndic.id)),
  ]);
  return { lots: l!.n, coproprietaires: c!.n, keys: k!.n, audit: a!.n };
}

describe('lots and co-owners from a spreadsheet', () => {
  it('previews a file with errors named by row and column, and writes nothing', async () => {
    const before = await written(building.IMM1!);
    const content = await xlsx([
      [1, 'Appartement', '1', 'Maître', 'Durand', 'Paul', null, 'paul.durand@example.fr', null, 300],
      [2, 'Cave', 'Sous-sol', 'M.', 'Durand', 'Paul', null, 'paul.durand@example.fr', null, '12,5'],
      [2, 'Cave', 'Sous-sol', 'M.', 'Roux', 'Anne', null, null, null, 10],
      [3, 'Appartement', '2', 'Mme', 'Fontaine', 'Léa', null, 'lea@', null, 400],
      [5, 'Parking', null, 'Mme', null, 'Inès', null, null, null, 200],
      ['Total', null, null, null, null, null, null, null, null, 1000],
    ]);
    const res = await call('POST', importUrl('IMM1'), staff.headers, {
      filename: 'lots.xlsx',
      content_base64: content,
    });
    expect(res.statusCode).toBe(200);
    const p = json(res).data;
    expect(p.written).toBe(false);
    expect(p.headers[0]).toBe('N° de lot');
    expect(p.columns).toEqual([
      'lot_number',
      'lot_type',
      'floor',
      'civility',
      'last_name',
      'first_name',
      'company',
      'email',
      'phone',
      'tantiemes',
    ]);
    const at = (row: number | null, column: string | null) =>
      p.errors.filter((e: { row: number; column: string }) => e.row === row && e.column === column);
    expect(at(3, 'Civilité')[0].message).toContain('« Maître » non reconnue');
    expect(at(4, 'Tantièmes charges générales')[0].message).toContain("« 12,5 » n'est pas un nombre entier");
    expect(at(5, 'N° de lot')[0].message).toBe('Lot n° 2 déjà en ligne 4.');
    expect(at(6, 'E-mail')[0].message).toBe("Mauvaise syntaxe d'e-mail.");
    expect(at(7, 'Nom')[0].message).toBe('Nom ou société du copropriétaire manquant.');
    // The key's total (the « Total » row) against its lots' sum, the difference named.
    expect(at(8, 'Tantièmes charges générales')[0].message).toMatch(/1[\s\u202f]000/);
    expect(await written(building.IMM1!)).toEqual(before);
  });

  it('refuses to confirm a file with errors: 422 with the preview, nothing written', async () => {
    const before = await written(building.IMM1!);
    const content = await xlsx([[1, 'Appartement', '1', 'Maître', 'Durand', 'Paul', null, null, null, 1000]]);
    const res = await call('POST', importUrl('IMM1'), staff.headers, {
      filename: 'lots.xlsx',
      content_base64: content,
      confirm: true,
    });
    expect(res.statusCode).toBe(422);
    expect(json(res).code).toBe('IMPORT_REJECTED');
    expect(json(res).data.errors[0]).toMatchObject({ row: 3, column: 'Civilité' });
    expect(await written(building.IMM1!)).toEqual(before);
  });

  it('previews a good file without writing, then writes it on confirmation', async () => {
    const content = await xlsx(GOOD);
    const before = await written(building.IMM1!);
    const preview = json(
      await call('POST', importUrl('IMM1'), staff.headers, {
        filename: 'lots.xlsx',
        content_base64: content,
      }),
    ).data;
    expect(preview.errors).toEqual([]);
    expect(preview.summary).toEqual({
      lots_created: 4,
      lots_updated: 0,
      coproprietaires_created: 3,
      coproprietaires_updated: 0,
      keys: [{ name: 'Charges générales', total: 1000, sum: 1000, created: true }],
    });
    expect(preview.report.dry_run).toBe(true);
    expect(await written(building.IMM1!)).toEqual(before);

    const res = await call('POST', importUrl('IMM1'), staff.headers, {
      filename: 'lots.xlsx',
      content_base64: content,
      confirm: true,
    });
    expect(res.statusCode).toBe(200);
    expect(json(res).data.written).toBe(true);
    const after = await written(building.IMM1!);
    expect(after).toMatchObject({ lots: 4, coproprietaires: 3, keys: 1 });
    const owners = json(
      await call('GET', `/gestion/coproprietes/${building.IMM1}/coproprietaires`, staff.headers),
    ).data.coproprietaires;
    const durand = owners.find((o: { last_name: string }) => o.last_name === 'Durand');
    expect(durand).toMatchObject({
      civility: 'mr',
      email: 'paul.durand@example.fr',
      phone: '06 12 34 56 78',
    });
    expect(durand.lots.map((l: { number: string }) => l.number)).toEqual(['1', '2']);
  });

  it('imports the same file again as updates, adding nothing', async () => {
    const res = await call('POST', importUrl('IMM1'), staff.headers, {
      filename: 'lots.xlsx',
      content_base64: await xlsx(GOOD),
      confirm: true,
    });
    expect(json(res).data.summary).toMatchObject({
      lots_created: 0,
      lots_updated: 4,
      coproprietaires_created: 0,
    });
    expect(await written(building.IMM1!)).toMatchObject({ lots: 4, coproprietaires: 3, keys: 1 });
  });

  it('writes the same rows and audit lines as the syndic API import of the same items', async () => {
    const db = t.database.db;
    const doc = {
      lots: GOOD.slice(0, 4).map((r) => ({
        external_id: `L${r[0]}`,
        copropriete: 'IMM2',
        number: String(r[0]),
        name: `Lot ${r[0]}`,
        type_name: r[1],
        floor: r[2],
      })),
      repartitions: [
        {
          external_id: 'CG',
          copropriete: 'IMM2',
          code: 'CG',
          name: 'Charges générales',
          kind: 'generales',
          total_tantieme: 1000,
          tantiemes: GOOD.slice(0, 4).map((r) => ({ lot: `L${r[0]}`, tantieme: r[9] })),
        },
      ],
      coproprietaires: [
        {
          ext: 'D',
          civility: 'mr',
          last_name: 'Durand',
          first_name: 'Paul',
          email: 'paul.durand@example.fr',
          phone: '06 12 34 56 78',
          lots: ['L1', 'L2'],
        },
        {
          ext: 'F',
          civility: 'mrs',
          last_name: 'Fontaine',
          first_name: 'Léa',
          email: 'lea.fontaine@example.fr',
          lots: ['L3'],
        },
        { ext: 'S', company: 'SCI Les Hêtres', email: 'gerance@sci-les-hetres.fr', lots: ['L4'] },
      ].map(({ ext, email, phone, lots, ...person }) => ({
        external_id: ext,
        copropriete: 'IMM2',
        ...person,
        contacts: [
          {
            civility: null,
            first_name: null,
            last_name: null,
            company: null,
            ...person,
            emails: [{ value: email }],
            phones: phone ? [{ value: phone }] : [],
          },
        ],
        lots,
      })),
    };
    const auditBefore = await db
      .select()
      .from(syndicAuditLog)
      .where(eq(syndicAuditLog.syndic_id, s.syndic.id));
    const api = await t.app.inject({
      method: 'POST',
      url: '/api/syndic/v1/import',
      headers: s.headers,
      payload: doc,
    });
    expect(api.statusCode).toBe(200);
    const admin = await makeStaff(db, s.syndic.id, 'administrateur');
    const read = async (ext: string) => {
      const strip = (o: Record<string, unknown>) => {
        const { id: _i, invitation: _v, ...rest } = o;
        return rest;
      };
      const l = json(await call('GET', `/gestion/coproprietes/${building[ext]}/lots`, admin.headers)).data;
      const o = json(
        await call('GET', `/gestion/coproprietes/${building[ext]}/coproprietaires`, admin.headers),
      ).data;
      return {
        lots: l.lots.map(
          (x: { number: string; type_name: string; floor: string; tantiemes: object; name: string }) => [
            x.number,
            x.name,
            x.type_name,
            x.floor,
            Object.values(x.tantiemes),
          ],
        ),
        keys: l.repartitions.map(({ id: _i, ...k }: { id: string }) => k),
        owners: o.coproprietaires.map((x: Record<string, unknown>) => ({
          ...strip(x),
          lots: (x.lots as { number: string }[]).map((y) => y.number),
        })),
      };
    };
    expect(await read('IMM1')).toEqual(await read('IMM2'));
    // The API's import wrote the same kinds of audit lines as the console's confirmation did.
    const lines = await db
      .select()
      .from(syndicAuditLog)
      .where(and(eq(syndicAuditLog.syndic_id, s.syndic.id)));
    const kinds = (ls: typeof lines) => ls.map((x) => `${x.resource} ${x.action}`).sort();
    const fromApi = lines.filter((x) => !auditBefore.some((b) => b.id === x.id));
    const fromConsole = auditBefore.filter((x) => x.actor_user_id !== null && x.action === 'created');
    expect(kinds(fromApi.filter((x) => x.action === 'created'))).toEqual(kinds(fromConsole));
  });

  it("answers 404 to another syndic's staff and to a gestionnaire of another building", async () => {
    const other = await makeSyndicWithKey(t.database.db);
    const outsider = await makeStaff(t.database.db, other.syndic.id, 'administrateur');
    const body = { filename: 'lots.xlsx', content_base64: await xlsx(GOOD) };
    for (const [h, url] of [
      [outsider.headers, importUrl('IMM1')],
      [staff.headers, importUrl('IMM2')],
    ] as const) {
      const res = await call('POST', url, h, body);
      expect(res.statusCode).toBe(404);
      expect(json(res).data).toBeUndefined();
    }
  });

  it('reads a French CSV (semicolons, Windows-1252) the same way', async () => {
    const csv = 'Lot;Nom;Prénom;Tantièmes\r\n1;Lefèvre;Zoé;600\r\n2;Lefèvre;Zoé;400\r\n';
    const bytes = Buffer.from(new Uint8Array([...csv].map((c) => c.charCodeAt(0))));
    const res = await call('POST', importUrl('IMM1'), staff.headers, {
      filename: 'lots.csv',
      content_base64: bytes.toString('base64'),
    });
    const p = json(res).data;
    expect(p.headers).toEqual(['Lot', 'Nom', 'Prénom', 'Tantièmes']);
    expect(p.rows[0].cells).toEqual(['1', 'Lefèvre', 'Zoé', '600']);
    expect(p.summary).toMatchObject({ lots_updated: 2, coproprietaires_created: 1 });
  });

  it('refuses a file that is not a spreadsheet', async () => {
    const res = await call('POST', importUrl('IMM1'), staff.headers, {
      filename: 'lots.xlsx',
      content_base64: Buffer.from('pas un classeur').toString('base64'),
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).errors.content_base64).toContain("n'est pas un classeur .xlsx");
  });
});
