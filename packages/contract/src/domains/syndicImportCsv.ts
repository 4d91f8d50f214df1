import { CsvError, type CsvTable } from '../rules/csv.js';
import type { ImportResource } from './syndicImport.js';

/**
 * The CSV files staff can import instead of JSON, recognised by their columns (documented in
 * docs/api.md). Empty cells are left out, so the API's defaults apply.
 */
export const CSV_KINDS = {
  lots: ['external_id', 'copropriete', 'number', 'name'],
  coproprietaires: ['external_id', 'copropriete', 'last_name'],
  tantiemes: ['repartition', 'copropriete', 'code', 'total_tantieme', 'lot', 'tantieme'],
  ledger: ['external_id', 'coproprietaire', 'date', 'name', 'amount_type', 'amount'],
} as const;
export type CsvKind = keyof typeof CSV_KINDS;

export function csvKindOf(header: string[]): CsvKind | null {
  const found = (Object.keys(CSV_KINDS) as CsvKind[]).filter((k) =>
    CSV_KINDS[k].every((c) => header.includes(c)),
  );
  return found.length === 1 ? found[0] : null;
}

/** Items of one CSV file, with for each item the line(s) it came from. */
export interface CsvItems {
  resource: ImportResource;
  items: Record<string, unknown>[];
  /** lines[i][k]: the file line of item i's k-th part (tantièmes rows), [0] for the item itself. */
  lines: number[][];
}

const opt = (v: string | undefined) => (v === undefined || v === '' ? undefined : v);
const bool = (v: string | undefined) =>
  v === undefined || v === '' ? undefined : ['1', 'oui', 'true', 'vrai', 'x'].includes(v.toLowerCase());
/** '1 234,56' / '1234.56' / '1 234,56 €' euros → cents; what is not a number passes through (the schema names it). */
export function euroCents(v: string | undefined): number | string | undefined {
  if (v === undefined || v === '') return undefined;
  const s = v.replace(/[\s\u00a0\u202f€]/g, '').replace(',', '.');
  if (!/^-?\d+(\.\d{1,2})?$/.test(s)) return v;
  return Math.round(Number(s) * 100);
}
const int = (v: string | undefined) =>
  v === undefined || v === '' ? undefined : /^-?\d+$/.test(v) ? Number(v) : v;
/** 'JJ/MM/AAAA' (French spreadsheets) or ISO → 'AAAA-MM-JJ'. */
export function isoDay(v: string | undefined) {
  if (v === undefined || v === '') return undefined;
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(v);
  return m ? `${m[3]}-${m[2].padStart(2, '0')}-${m[1].padStart(2, '0')}` : v;
}
const clean = (o: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

export function csvToItems(kind: CsvKind, table: CsvTable): CsvItems {
  const rows = table.rows;
  switch (kind) {
    case 'lots':
      return {
        resource: 'lots',
        items: rows.map(({ cells: c }) =>
          clean({
            external_id: c.external_id,
            copropriete: c.copropriete,
            number: c.number,
            name: c.name,
            type_name: opt(c.type_name),
          }),
        ),
        lines: rows.map((r) => [r.line]),
      };
    case 'coproprietaires':
      return {
        resource: 'coproprietaires',
        items: rows.map(({ cells: c }) => {
          const contact =
            opt(c.email) || opt(c.phone)
              ? [
                  clean({
                    civility: opt(c.civility),
                    first_name: opt(c.first_name),
                    last_name: opt(c.last_name),
                    emails: opt(c.email) ? [{ value: c.email }] : [],
                    phones: opt(c.phone) ? [{ value: c.phone }] : [],
                  }),
                ]
              : undefined;
          return clean({
            external_id: c.external_id,
            copropriete: c.copropriete,
            civility: opt(c.civility),
            first_name: opt(c.first_name),
            last_name: opt(c.last_name),
            company: opt(c.company),
            address: opt(c.full_address)
              ? clean({ full_address: c.full_address, zip_code: opt(c.zip_code), city: opt(c.city) })
              : undefined,
            contacts: contact,
            lots: opt(c.lots)
              ?.split('|')
              .map((l) => l.trim())
              .filter(Boolean),
            is_member_syndicat: bool(c.is_member_syndicat),
            is_president: bool(c.is_president),
          });
        }),
        lines: rows.map((r) => [r.line]),
      };
    case 'tantiemes': {
      // One row per (clé, lot): rows of the same clé become one repartition item.
      const byKey = new Map<string, { item: Record<string, unknown>; lines: number[] }>();
      for (const { line, cells: c } of rows) {
        let g = byKey.get(c.repartition);
        if (!g) {
          g = {
            item: clean({
              external_id: c.repartition,
              copropriete: c.copropriete,
              code: c.code,
              name: opt(c.name) ?? c.code,
              total_tantieme: int(c.total_tantieme),
              tantiemes: [],
            }),
            lines: [],
          };
          byKey.set(c.repartition, g);
        } else if (String(g.item.total_tantieme) !== c.total_tantieme)
          throw new CsvError(
            `Total des tantièmes différent des lignes précédentes de la clé ${c.repartition}.`,
            line,
          );
        (g.item.tantiemes as unknown[]).push({ lot: c.lot, tantieme: int(c.tantieme) });
        g.lines.push(line);
      }
      const groups = [...byKey.values()];
      return {
        resource: 'repartitions',
        items: groups.map((g) => g.item),
        lines: groups.map((g) => g.lines),
      };
    }
    case 'ledger':
      return {
        resource: 'ledger_lines',
        items: rows.map(({ cells: c }) =>
          clean({
            external_id: c.external_id,
            coproprietaire: c.coproprietaire,
            date: isoDay(c.date),
            name: c.name,
            amount_type: c.amount_type,
            amount_cents: euroCents(c.amount),
            remaining_cents: euroCents(c.remaining),
            bill: opt(c.bill),
            bill_type: opt(c.bill_type),
            payment_method: opt(c.payment_method),
          }),
        ),
        lines: rows.map((r) => [r.line]),
      };
  }
}

/** The file line of an error: the part's line for `tantiemes.N.…`, else the item's first line. */
export function csvLineOf(lines: number[] | undefined, field: string): number | null {
  if (!lines?.length) return null;
  const m = /^tantiemes\.(\d+)\b/.exec(field);
  return (m ? lines[Number(m[1])] : undefined) ?? lines[0];
}
