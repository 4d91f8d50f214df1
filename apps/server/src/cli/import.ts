import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  CsvError,
  type CsvKind,
  csvKindOf,
  csvLineOf,
  csvToItems,
  IMPORT_RESOURCES,
  type ImportDocument,
  type ImportReport,
  type ImportResource,
  importDocument,
  parseCsv,
} from '@tantieme/contract';
import type { Db } from '../db/client.js';
import type { SyndicApiContext } from '../modules/syndic-api/kit/index.js';
import { type ImportProgress, importPortfolio } from '../modules/syndic-api/import/import.service.js';

export class ImportFileError extends Error {}

/** Where each item of the assembled document came from, to name the file and line of an error. */
type Origins = Record<ImportResource, { file: string; lines: number[] | null }[]>;

/**
 * Reads the files into one document: a `.json` portfolio document (the API's body) and/or CSV
 * files of lots, co-owners, tantièmes and ledger lines, recognised by their columns.
 */
export async function readImportFiles(files: string[]) {
  const doc = Object.fromEntries(IMPORT_RESOURCES.map((r) => [r, []])) as unknown as ImportDocument;
  const origins = Object.fromEntries(IMPORT_RESOURCES.map((r) => [r, []])) as unknown as Origins;
  for (const file of files) {
    const name = path.basename(file);
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch {
      throw new ImportFileError(`Fichier illisible : ${file}`);
    }
    if (/\.json$/i.test(file)) {
      let raw: unknown;
      try {
        raw = JSON.parse(text);
      } catch (err) {
        throw new ImportFileError(`${name} : JSON invalide (${(err as Error).message}).`);
      }
      const parsed = importDocument.safeParse(raw);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new ImportFileError(`${name} : ${issue.path.join('.') || 'document'} : ${issue.message}`);
      }
      for (const r of IMPORT_RESOURCES) {
        doc[r].push(...parsed.data[r]);
        origins[r].push(...parsed.data[r].map(() => ({ file: name, lines: null })));
      }
    } else if (/\.csv$/i.test(file)) {
      let kind: CsvKind | null;
      try {
        const table = parseCsv(text);
        kind = csvKindOf(table.header);
        if (!kind)
          throw new ImportFileError(
            `${name} : colonnes non reconnues (${table.header.join(', ')}). Voir docs/api.md, « Import de fichiers ».`,
          );
        const out = csvToItems(kind, table);
        doc[out.resource].push(...out.items);
        origins[out.resource].push(...out.lines.map((lines) => ({ file: name, lines })));
      } catch (err) {
        if (err instanceof CsvError) throw new ImportFileError(`${name}, ligne ${err.line} : ${err.message}`);
        throw err;
      }
    } else throw new ImportFileError(`${name} : format attendu .json ou .csv.`);
  }
  return { doc, origins };
}

/** One line per error: file, line, resource and index, external_id, field and message. */
export function formatErrors(report: ImportReport, origins: Origins): string[] {
  return report.errors.map((e) => {
    const o = origins[e.resource][e.index];
    const line = o ? csvLineOf(o.lines ?? undefined, e.field) : null;
    const where = o ? `${o.file}${line ? `, ligne ${line}` : ''}` : e.resource;
    return `  ${where} — ${e.resource}[${e.index}]${e.external_id ? ` « ${e.external_id} »` : ''} — ${e.field} : ${e.message}`;
  });
}

/** A text progress bar for a terminal: `[██████░░░░] 6/10 copropriétés`. */
export function progressBar(p: ImportProgress, width = 30) {
  const filled = Math.round((p.done / p.total) * width);
  return `[${'█'.repeat(filled)}${'░'.repeat(width - filled)}] ${p.done}/${p.total} groupes${p.copropriete ? ` (dernier : ${p.copropriete})` : ''}`;
}

export async function importFiles(
  db: Db,
  api: SyndicApiContext,
  files: string[],
  opts: { dryRun: boolean; onProgress?: (p: ImportProgress) => void },
) {
  const { doc, origins } = await readImportFiles(files);
  const report = await importPortfolio(db, api, doc, opts);
  return { report, errors: formatErrors(report, origins) };
}

export function formatSummary(report: ImportReport): string[] {
  const out: string[] = [];
  for (const r of IMPORT_RESOURCES) {
    const c = report.counts[r];
    if (c.created + c.updated + c.unchanged + c.error + c.rejected === 0) continue;
    out.push(
      `  ${r.padEnd(16)} créés ${c.created}, modifiés ${c.updated}, inchangés ${c.unchanged}, en erreur ${c.error}, non écrits ${c.rejected}`,
    );
  }
  return out;
}
