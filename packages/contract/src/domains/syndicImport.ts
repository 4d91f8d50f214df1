import { z } from 'zod';
import { okEnvelope } from '../envelope.js';
import { CsvError, type CsvTable } from '../rules/csv.js';
import { chargeItem, billItem, financialYearItem, ledgerLineItem } from './syndicAccounts.js';
import { defineSyndicEndpoint } from './syndicApi.js';
import {
  administratorItem,
  coproprieteItem,
  coproprietaireItem,
  lotItem,
  repartitionItem,
} from './syndicPortfolio.js';

/**
 * A whole portfolio in one document ("File import"): the same items as the bulk
 * calls, grouped by resource. The server writes them in this order, one transaction per
 * building (the building's own item and everything that refers to it), so a building is
 * imported completely or not at all; a dry run reports every error and writes nothing.
 */
export const IMPORT_RESOURCES = [
  'administrators',
  'coproprietes',
  'lots',
  'repartitions',
  'coproprietaires',
  'charges',
  'financial_years',
  'bills',
  'ledger_lines',
] as const;
export type ImportResource = (typeof IMPORT_RESOURCES)[number];
/** Per resource and document: a 500-lot building has ~20,000 ledger lines; a portfolio more. */
export const IMPORT_MAX_ITEMS = 200_000;
/** Errors listed in a report (all are counted). */
export const IMPORT_MAX_ERRORS = 1000;

/** Each item's schema: the bulk item of the resource (PUT body plus `external_id`). */
export const importItemSchemas = {
  administrators: administratorItem,
  coproprietes: coproprieteItem,
  lots: lotItem,
  repartitions: repartitionItem,
  coproprietaires: coproprietaireItem,
  charges: chargeItem,
  financial_years: financialYearItem,
  bills: billItem,
  ledger_lines: ledgerLineItem,
} satisfies Record<ImportResource, z.ZodType>;

const items = (r: ImportResource) =>
  z
    .array(z.unknown())
    .max(IMPORT_MAX_ITEMS, { error: `Au plus ${IMPORT_MAX_ITEMS} éléments par ressource.` })
    .default([])
    .meta({ description: `Éléments de la forme du bulk ${r} (voir le PUT correspondant).` });

/**
 * The body: items are validated one by one by the server (each error is reported with its
 * resource, index and field), so the document itself only bounds their number.
 */
export const importDocument = z.object({
  administrators: items('administrators'),
  coproprietes: items('coproprietes'),
  lots: items('lots'),
  repartitions: items('repartitions'),
  coproprietaires: items('coproprietaires'),
  charges: items('charges'),
  financial_years: items('financial_years'),
  bills: items('bills'),
  ledger_lines: items('ledger_lines'),
});
export type ImportDocument = z.output<typeof importDocument>;

/** The fully typed document, for the JSON schema given to integrators (`admin import --schema`). */
export const importDocumentStrict = z.object(
  Object.fromEntries(IMPORT_RESOURCES.map((r) => [r, z.array(importItemSchemas[r]).optional()])) as {
    [K in ImportResource]: z.ZodOptional<z.ZodArray<(typeof importItemSchemas)[K]>>;
  },
);
export const importJsonSchema = () => z.toJSONSchema(importDocumentStrict, { io: 'input' });

const counts = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  error: z.number().int(),
  /** Valid items of a building that had errors elsewhere: not written (all or nothing). */
  rejected: z.number().int(),
});
export type ImportCounts = z.infer<typeof counts>;
export const importError = z.object({
  resource: z.enum(IMPORT_RESOURCES),
  /** Index of the item in its resource's array. */
  index: z.number().int(),
  /** Line of the CSV file the item came from (CLI import of CSV files), else null. */
  line: z.number().int().nullable(),
  external_id: z.string().nullable(),
  field: z.string(),
  message: z.string(),
});
export type ImportError = z.infer<typeof importError>;
export const importReport = z.object({
  dry_run: z.boolean(),
  /** No error anywhere: everything was (or, in a dry run, would be) written. */
  ok: z.boolean(),
  buildings: z.array(
    z.object({
      /** The building's external_id; null for the items of no building (gestionnaires…). */
      copropriete: z.string().nullable(),
      status: z.enum(['imported', 'rejected', 'checked']),
      items: z.number().int(),
    }),
  ),
  counts: z.record(z.enum(IMPORT_RESOURCES), counts),
  error_count: z.number().int(),
  /** The first IMPORT_MAX_ERRORS errors, in document order. */
  errors: z.array(importError),
  /** Items written but not applied as sent (a ledger line that would reopen a product payment). */
  warnings: z.array(
    z.object({ resource: z.enum(IMPORT_RESOURCES), external_id: z.string().nullable(), message: z.string() }),
  ),
});
export type ImportReport = z.infer<typeof importReport>;

export const syndicImportEndpoints = {
  import: defineSyndicEndpoint({
    method: 'POST',
    path: '/syndic/v1/import',
    summary:
      'Import a portfolio document: one transaction per building (all or nothing), dry_run reports every error',
    scope: 'write',
    body: importDocument.extend({ dry_run: z.boolean().optional() }),
    response: okEnvelope(importReport),
  }),
};

// ── CSV files (admin CLI) ──────────────────────────────────────────────────────

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
