/**
 * CSV as syndic staff export it from a spreadsheet: `;` (French Excel) or `,` separated,
 * quoted cells with `""` escapes and line breaks inside quotes, CRLF or LF, an optional BOM.
 * Each row keeps the line number where it starts, so an import error can name it.
 */
export interface CsvRow {
  /** 1-based line of the file where the row starts (the header is line 1). */
  line: number;
  cells: Record<string, string>;
}
export interface CsvTable {
  header: string[];
  rows: CsvRow[];
}

export class CsvError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
  }
}

/** The separator of the header line: the one of `;` and `,` (or tab) it holds most of, outside quotes. */
export function detectDelimiter(text: string): string {
  const first = text.split(/\r?\n/, 1)[0] ?? '';
  let best = ';';
  let bestCount = -1;
  for (const d of [';', ',', '\t']) {
    const n = first.split(d).length - 1;
    if (n > bestCount) {
      best = d;
      bestCount = n;
    }
  }
  return best;
}

/** The file's records, each with the line it starts on and its raw cells; empty lines skipped. */
export function parseCsvRecords(
  input: string,
  delimiter = detectDelimiter(input),
): { line: number; cells: string[] }[] {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const records: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  let i = 0;
  const endRow = () => {
    cells.push(cell);
    if (!(cells.length === 1 && cells[0].trim() === '')) records.push({ line: rowLine, cells });
    cells = [];
    cell = '';
  };
  while (i < text.length) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        if (c === '\n') line++;
        cell += c;
      }
      i++;
      continue;
    }
    if (c === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (c === delimiter) {
      cells.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endRow();
      line++;
      rowLine = line;
    } else cell += c;
    i++;
  }
  if (quoted) throw new CsvError('Guillemet non refermé.', rowLine);
  if (cell !== '' || cells.length) endRow();
  return records;
}

/** Parses the whole text; header names are trimmed and lower-cased, empty lines skipped. */
export function parseCsv(input: string, delimiter = detectDelimiter(input)): CsvTable {
  const [head, ...body] = parseCsvRecords(input, delimiter);
  if (!head) throw new CsvError('Fichier vide : la première ligne doit nommer les colonnes.', 1);
  const header = head.cells.map((h) => h.trim().toLowerCase());
  const rows = body.map((r) => {
    if (r.cells.length > header.length)
      throw new CsvError(`${r.cells.length} cellules pour ${header.length} colonnes.`, r.line);
    const out: Record<string, string> = {};
    header.forEach((h, k) => {
      out[h] = (r.cells[k] ?? '').trim();
    });
    return { line: r.line, cells: out };
  });
  return { header, rows };
}

/**
 * Writes a table as RFC 4180 CSV for French spreadsheets: `;` separated (French Excel reads `,`
 * as the decimal comma), a cell quoted when it holds the separator, a quote or a line break (its
 * quotes doubled), CRLF line ends, and a UTF-8 byte order mark so Excel reads the accents.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const cell = (v: string | number) => {
    const s = String(v);
    return /[;"\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return `\ufeff${[header, ...rows].map((r) => r.map(cell).join(';')).join('\r\n')}\r\n`;
}

/** Cents as a French decimal amount for a spreadsheet: 123456 → `1234,56`, −5 → `-0,05`. */
export const centsCell = (cents: number) => {
  const sign = cents < 0 ? '-' : '';
  const a = Math.abs(cents);
  return `${sign}${Math.trunc(a / 100)},${String(a % 100).padStart(2, '0')}`;
};
