/**
 * `npm run bench:console-import`: the console's spreadsheet import at a large building's size, an
 * XLSX of 500 lots and 400 co-owners (two keys, a total row), checked and previewed (read, matched
 * against the building, the syndic API's import in a dry run) on PostgreSQL (BENCH_PG, default
 * postgres://postgres@127.0.0.1:5432, a fresh database dropped at the end). Budget: 5 s.
 * Reference, in the same run: the bare parse of the same file by the same library (exceljs),
 * what any reading of the file costs before a single check.
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.js';
import { importSheet } from '../apps/server/src/modules/console/import.service.js';
import { makeCopropriete, makeSyndic } from '../apps/server/src/test/factories.js';

const PG = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432';
const LOTS = 500;
const OWNERS = 400;
const BUDGET_MS = 5000;
const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;
const fmt = (n: number) => `${(n / 1000).toFixed(2)} s`;

/** One row per lot; the first 100 co-owners hold two lots (a flat and its cellar). */
async function spreadsheet() {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Lots');
  ws.addRow(['Résidence du Grand Parc — lots et copropriétaires']);
  ws.addRow([
    'N° de lot',
    'Type',
    'Étage',
    'Civilité',
    'Nom',
    'Prénom',
    'E-mail',
    'Téléphone',
    'Tantièmes charges générales',
    'Tantièmes ascenseur',
  ]);
  for (let i = 0; i < LOTS; i++) {
    const o = i < OWNERS ? i : i - OWNERS;
    ws.addRow([
      i + 1,
      i < OWNERS ? 'Appartement' : 'Cave',
      i < OWNERS ? String(1 + (i % 12)) : 'Sous-sol',
      o % 2 ? 'Mme' : 'M.',
      `Nom${o}`,
      `Prénom${o}`,
      `coproprietaire.${o}@example.fr`,
      `06 12 34 ${String(o % 100).padStart(2, '0')} 00`,
      20,
      i < OWNERS ? 25 : 0,
    ]);
  }
  ws.addRow(['Total', null, null, null, null, null, null, null, 10_000, 10_000]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function main() {
  const bytes = await spreadsheet();
  const name = `tantieme_bench_sheet_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(PG);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  try {
    await database.migrate();
    const syndic = await makeSyndic(database.db);
    const copro = await makeCopropriete(database.db, {
      syndic_id: syndic.id,
      name: 'Résidence du Grand Parc',
    });
    const api = { syndicId: syndic.id, syndicAlias: syndic.alias, keyId: null, actor: 'bench' };
    console.log(
      `XLSX: ${LOTS} lots, ${OWNERS} co-owners, 2 keys, ${(bytes.length / 1024).toFixed(0)} KB; PostgreSQL ${name}`,
    );

    const t0 = process.hrtime.bigint();
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
    let cells = 0;
    wb.worksheets[0]!.eachRow((row) => {
      cells += (row.values as unknown[]).length;
    });
    const tParse = ms(t0);

    const body = { filename: 'lots.xlsx', content_base64: bytes.toString('base64'), confirm: false };
    const t1 = process.hrtime.bigint();
    const preview = await importSheet(database.db, api, copro.id, body);
    const tPreview = ms(t1);
    if (preview.errors.length) throw new Error(JSON.stringify(preview.errors.slice(0, 3)));
    if (preview.summary.lots_created !== LOTS || preview.summary.coproprietaires_created !== OWNERS)
      throw new Error(`unexpected summary ${JSON.stringify(preview.summary)}`);

    const t2 = process.hrtime.bigint();
    const done = await importSheet(database.db, api, copro.id, { ...body, confirm: true });
    const tWrite = ms(t2);
    if (!done.written) throw new Error('not written');

    console.log(`\n${''.padEnd(52)} ${'wall'.padStart(9)}   ×reference`);
    for (const [label, t] of [
      [`reference: bare parse by exceljs (${cells} cells)`, tParse],
      ['check and preview (parse, match, dry-run import)', tPreview],
      ['confirmation (the same, written)', tWrite],
    ] as const)
      console.log(`${label.padEnd(52)} ${fmt(t).padStart(9)}   ×${(t / tParse).toFixed(1)}`);
    const [l1] = loadavg();
    console.log(`load average ${l1.toFixed(1)} (1 min)`);
    console.log(
      `\nCheck and preview: ${fmt(tPreview)} for a budget of ${fmt(BUDGET_MS)} — ${tPreview <= BUDGET_MS ? 'within' : 'OVER'} budget.`,
    );
    if (tPreview > BUDGET_MS) process.exitCode = 1;
  } finally {
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

await main();
