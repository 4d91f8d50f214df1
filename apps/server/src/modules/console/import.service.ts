import {
  guessColumns,
  type ImportColumn,
  type ImportError,
  normaliseHeader,
  type SheetError,
  type SheetImportBody,
  type SheetPreview,
} from '@tantieme/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { importPortfolio } from '../syndic-api/import/import.service.js';
import { adoptExternalIds, type SyndicApiContext } from '../syndic-api/kit/index.js';
import { coproprietaires } from '../syndic-api/portfolio/coproprietaires.service.js';
import { repartitions } from '../syndic-api/portfolio/lots.service.js';
import { type BuildingState, mailKey, nameKey, type Plan } from './import.model.js';
import { planImport } from './import.plan.js';
import { readSheet, type Sheet } from './import.sheet.js';
import * as lotsRepo from './lots.repo.js';
import { listOwners } from './owners.service.js';
import { adoptBuilding } from './refs.js';

/** The building as the file will find it: its lots by number, keys by name, co-owners by e-mail and name. */
async function buildingState(db: Db, api: SyndicApiContext, coproId: string): Promise<BuildingState> {
  const copro = await adoptBuilding(db, api.syndicId, coproId);
  const [{ lotRows, keys }, owners] = await Promise.all([
    lotsRepo.lotsAndKeys(db, coproId),
    listOwners(db, coproId),
  ]);
  const lotExt = await adoptExternalIds(
    db,
    api.syndicId,
    'lot',
    lotRows.map((l) => l.id),
  );
  const keyExt = await adoptExternalIds(
    db,
    api.syndicId,
    'repartition',
    keys.map((k) => k.id),
  );
  const live = owners.filter((o) => o.state !== 'removed' && o.state !== 'anonymised');
  const ownerExt = await adoptExternalIds(
    db,
    api.syndicId,
    'coproprietaire',
    live.map((o) => o.id),
  );
  const state: BuildingState = {
    copro,
    lots: new Map(
      lotRows.map((l) => [
        l.lot_id,
        { ext: lotExt.get(l.id)!, name: l.name, type_name: l.type_name, floor: l.floor },
      ]),
    ),
    keys: new Map(),
    owners: new Map(),
    ownerResource: async (ext) => coproprietaires.get(db, api, ext) as Promise<Record<string, unknown>>,
  };
  for (const k of keys) {
    const ext = keyExt.get(k.id)!;
    const { id: _id, ...current } = await repartitions.get(db, api, ext);
    const entry = { ext, current };
    state.keys.set(normaliseHeader(k.name), entry);
    state.keys.set(normaliseHeader(k.code), entry);
  }
  for (const o of live) {
    const ext = ownerExt.get(o.id)!;
    if (o.email) state.owners.set(mailKey(o.email), ext);
    state.owners.set(nameKey(o.company || `${o.last_name ?? ''} ${o.first_name ?? ''}`), ext);
  }
  return state;
}

const LOT_FIELDS: Record<string, ImportColumn> = {
  number: 'lot_number',
  name: 'lot_name',
  type_name: 'lot_type',
  floor: 'floor',
};
const OWNER_FIELDS: [RegExp, ImportColumn][] = [
  [/^civility$/, 'civility'],
  [/^first_name$/, 'first_name'],
  [/^last_name$/, 'last_name'],
  [/^company$/, 'company'],
  [/^contacts\.\d+\.emails/, 'email'],
  [/^contacts\.\d+\.phones/, 'phone'],
  [/^address/, 'address'],
  [/^lots/, 'lot_number'],
];

/** An error of the API's import named by the row and column of the spreadsheet it came from. */
function placed(e: ImportError, plan: Plan, sheet: Sheet, columns: ImportColumn[]): SheetError {
  const header = (c: ImportColumn | undefined) => {
    const k = c ? columns.indexOf(c) : -1;
    return k < 0 ? null : sheet.headers[k] || `Colonne ${k + 1}`;
  };
  if (e.resource === 'lots')
    return { row: plan.lotRows[e.index] ?? null, column: header(LOT_FIELDS[e.field]), message: e.message };
  if (e.resource === 'coproprietaires')
    return {
      row: plan.ownerRows[e.index] ?? null,
      column: header(OWNER_FIELDS.find(([re]) => re.test(e.field))?.[1]),
      message: e.message,
    };
  if (e.resource === 'repartitions') {
    const o = plan.keyOrigins[e.index];
    const entry = /^tantiemes\.(\d+)/.exec(e.field);
    const row = entry ? (o?.entryRows[Number(entry[1])] ?? null) : (o?.totalRow ?? null);
    return { row, column: o?.column ?? null, message: e.message };
  }
  return { row: null, column: null, message: e.message };
}

const byRow = (a: SheetError, b: SheetError) => (a.row ?? 0) - (b.row ?? 0);

/**
 * Checks a spreadsheet against the building and previews what it will write (the syndic API's
 * import in a dry run); with `confirm`, writes it through the same import, all or nothing, and
 * refuses (422, nothing written) while any row or column has an error.
 */
export async function importSheet(
  db: Db,
  api: SyndicApiContext,
  coproId: string,
  body: SheetImportBody,
): Promise<SheetPreview> {
  const sheet = await readSheet(body.filename, body.content_base64);
  if (body.columns && body.columns.length !== sheet.headers.length)
    throw new AppError('VALIDATION_ERROR', undefined, {
      errors: {
        columns: `${sheet.headers.length} colonnes dans le fichier, ${body.columns.length} indiquées.`,
      },
    });
  const columns = body.columns ?? guessColumns(sheet.headers);
  const plan = await planImport(sheet, columns, await buildingState(db, api, coproId));
  const write = body.confirm && plan.errors.length === 0;
  const report = await importPortfolio(db, api, plan.doc, { dryRun: !write });
  const errors = [...plan.errors, ...report.errors.map((e) => placed(e, plan, sheet, columns))].sort(byRow);
  if (!plan.doc.lots.length && !errors.length)
    errors.push({ row: null, column: null, message: 'Aucun lot à importer dans ce fichier.' });
  const preview: SheetPreview = {
    filename: body.filename,
    headers: sheet.headers,
    columns,
    rows: sheet.rows,
    summary: plan.summary,
    errors,
    written: write && report.ok && plan.doc.lots.length > 0,
    report,
  };
  if (body.confirm && !preview.written)
    throw new AppError(
      'IMPORT_REJECTED',
      "Le fichier contient des erreurs\u202f: rien n'a été écrit. Corrigez-les puis importez-le de nouveau.",
      { status: 422, data: preview },
    );
  return preview;
}
