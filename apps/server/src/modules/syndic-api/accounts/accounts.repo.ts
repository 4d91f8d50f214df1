import {
  bills,
  charges,
  coproprietaires,
  financialYears,
  lots,
  repartitions,
} from '../../../db/schema/index.js';
import { anyOf, type Executor, externalIdsOf, resolveExternalIds } from '../kit/index.js';

/** Resource names of the accounts in the refs table and the audit log. */
export const A = {
  copropriete: 'copropriete',
  repartition: 'repartition',
  lot: 'lot',
  coproprietaire: 'coproprietaire',
  charge: 'charge',
  financialYear: 'financial_year',
  bill: 'bill',
  ledgerLine: 'ledger_line',
} as const;

/** A reference the item's check already found: a missing one is a bug, not a 400. */
export const need = (m: Map<string, string>, ext: string) => {
  const id = m.get(ext);
  if (!id) throw new Error(`unresolved external id ${ext}`);
  return id;
};
export const ids = (db: Executor, syndicId: string, resource: string, exts: (string | null)[]) =>
  resolveExternalIds(
    db,
    syndicId,
    resource,
    exts.filter((e): e is string => e !== null),
  );
export const exts = (db: Executor, syndicId: string, resource: string, internal: (string | null)[]) =>
  externalIdsOf(
    db,
    syndicId,
    resource,
    internal.filter((e): e is string => e !== null),
  );

const TABLES = { repartitions, charges, bills, financial_years: financialYears, coproprietaires, lots };

/** The copropriété of some rows (lots, repartitions, charges, bills, years, co-owners) by id. */
export async function coproOf(db: Executor, table: keyof typeof TABLES, rowIds: string[]) {
  if (rowIds.length === 0) return new Map<string, string>();
  const t = TABLES[table] as typeof lots;
  const rows = await db
    .select({ id: t.id, copropriete_id: t.copropriete_id })
    .from(t)
    .where(anyOf(t.id, [...new Set(rowIds)]));
  return new Map(rows.map((r) => [r.id, r.copropriete_id]));
}
