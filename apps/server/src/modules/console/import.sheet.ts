import { CsvError, guessColumn, parseCsvRecords, SHEET_MAX_ROWS } from '@tantieme/contract';
import ExcelJS from 'exceljs';
import { AppError } from '../../http/errors.js';

/** A spreadsheet read: its header row and the rows under it, each cell as text. */
export interface Sheet {
  headers: string[];
  rows: { row: number; cells: string[] }[];
}

const refused = (message: string) =>
  new AppError('VALIDATION_ERROR', message, { errors: { content_base64: message } });

const day = (d: Date) =>
  `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;

/** A cell's value as the spreadsheet shows it: a formula's result, a link's text, rich text joined. */
export function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : String(v).replace('.', ',');
  if (typeof v === 'boolean') return v ? 'oui' : 'non';
  if (v instanceof Date) return day(v);
  if ('richText' in v)
    return v.richText
      .map((r) => r.text)
      .join('')
      .trim();
  if ('hyperlink' in v) return cellText(v.text as ExcelJS.CellValue);
  if ('result' in v) return cellText((v.result ?? null) as ExcelJS.CellValue);
  if ('error' in v) return '';
  return String(v).trim();
}

/**
 * The header row: the first of the first ten rows where a column reads as a lot number (a title
 * or the syndic's name often stands above), else the first row.
 */
function split(records: { row: number; cells: string[] }[]): Sheet {
  const nonEmpty = records.filter((r) => r.cells.some((c) => c !== ''));
  if (!nonEmpty.length) throw refused('Fichier vide\u202f: aucune ligne à importer.');
  const at = Math.max(
    0,
    nonEmpty.slice(0, 10).findIndex((r) => r.cells.some((c) => guessColumn(c) === 'lot_number')),
  );
  const headers = nonEmpty[at]!.cells;
  const rows = nonEmpty.slice(at + 1);
  if (rows.length > SHEET_MAX_ROWS)
    throw refused(`${rows.length} lignes\u202f: ${SHEET_MAX_ROWS} au plus par fichier.`);
  const width = headers.length;
  return {
    headers,
    rows: rows.map((r) => ({ row: r.row, cells: Array.from({ length: width }, (_, k) => r.cells[k] ?? '') })),
  };
}

async function readXlsx(bytes: Buffer): Promise<Sheet> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw refused('Ce fichier .xlsx ne peut pas être lu\u202f: enregistrez-le de nouveau depuis le tableur.');
  }
  // The first sheet that holds rows: a workbook often opens on an empty or title sheet.
  const ws = wb.worksheets.find((w) => w.actualRowCount > 0);
  if (!ws) throw refused('Fichier vide\u202f: aucune ligne à importer.');
  const records: { row: number; cells: string[] }[] = [];
  ws.eachRow({ includeEmpty: false }, (row, n) => {
    const values = row.values as ExcelJS.CellValue[];
    // exceljs numbers cells from 1.
    records.push({ row: n, cells: values.slice(1).map((v) => cellText(v ?? null)) });
  });
  return split(records);
}

/** French spreadsheets export CSV in UTF-8 or, often, in Windows-1252. */
function decode(bytes: Buffer) {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

function readCsv(bytes: Buffer): Sheet {
  try {
    const records = parseCsvRecords(decode(bytes)).map((r) => ({
      row: r.line,
      cells: r.cells.map((c) => c.trim()),
    }));
    return split(records);
  } catch (e) {
    if (e instanceof CsvError) throw refused(`Ligne ${e.line}\u202f: ${e.message}`);
    throw e;
  }
}

/** Reads a .csv or .xlsx file (by its name; an .xlsx is a zip, checked by its first bytes). */
export async function readSheet(filename: string, contentBase64: string): Promise<Sheet> {
  const bytes = Buffer.from(contentBase64, 'base64');
  if (/\.xlsx$/i.test(filename)) {
    if (bytes[0] !== 0x50 || bytes[1] !== 0x4b)
      throw refused(
        "Ce fichier n'est pas un classeur .xlsx\u202f: enregistrez-le au format Excel (.xlsx) ou CSV.",
      );
    return readXlsx(bytes);
  }
  return readCsv(bytes);
}
