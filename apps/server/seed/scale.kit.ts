import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';

/**
 * `npm run admin -- seed-scale`: the data of a national syndic, generated inside
 * the database with set-based `INSERT … SELECT generate_series(…)`: no row crosses the
 * network, so 2,000,000 ledger lines take minutes, on PostgreSQL as on PGlite.
 *
 * Deterministic: every id is `md5('tantieme-scale:<kind>:<n>')::uuid`, every amount and
 * date a function of the row numbers; the same options give the same rows. All syndic
 * aliases start with `scale-`, every e-mail ends with `@scale.tantieme.test`.
 */
export interface ScaleOptions {
  coproprietes: number;
  coproprietaires: number;
  ledgerLines: number;
  /** Notifications per attached user, documents and payment transactions per record. */
  notificationsPerUser: number;
  documentsPerRecord: number;
  transactionsPerRecord: number;
  /** Supplier invoices (and the charge invoices booked from them) per copropriété and year. */
  invoicesPerYear: number;
}

export const FULL_SCALE: ScaleOptions = {
  coproprietes: 1000,
  coproprietaires: 50_000,
  ledgerLines: 2_000_000,
  notificationsPerUser: 10,
  documentsPerRecord: 4,
  transactionsPerRecord: 8,
  invoicesPerYear: 24,
};

/** Financial years 2022…2026, quarterly fund calls: 20 bills per copropriété. */
export const FIRST_YEAR = 2022;
export const YEARS = 5;
/** Documents of a building's groups: the règlement, two contracts, three years of AG (2 each). */
export const GROUP_DOCUMENTS = 9;
/** Records with an account: 7 in 10 (n % 10 < 7). */
export const ATTACHED = sql`(n % 10) < 7`;

/** A validated integer, inlined: typed literals let PostgreSQL pick generate_series(int, int). */
export const int = (n: number) => sql.raw(String(Math.trunc(n)));

/** The deterministic uuid of row `n` of `kind` (SQL expression): md5 with the v4 nibbles. */
export const id = (kind: string, n: SQL | string) =>
  sql`overlay(overlay(md5(${`tantieme-scale:${kind}:`} || (${n})::text) placing '4' from 13) placing '8' from 17)::uuid`;

export function scaleUserId(n: number): string {
  return md5Uuid(`tantieme-scale:user:${n}`);
}
export function scaleRecordId(n: number): string {
  return md5Uuid(`tantieme-scale:owner:${n}`);
}
export function scaleCoproId(c: number): string {
  return md5Uuid(`tantieme-scale:copro:${c}`);
}
/** Number of the copropriété of record n (1-based), records spread evenly. */
export function scaleCoproOf(n: number, o: ScaleOptions): number {
  return Math.floor(((n - 1) * o.coproprietes) / o.coproprietaires) + 1;
}
export const isScaleAttached = (n: number) => n % 10 < 7;

/** md5 shaped as a version-4 uuid (version and variant nibbles set), like `id()` in SQL. */
export function md5Uuid(s: string): string {
  const m = createHash('md5').update(s).digest('hex');
  const h = `${m.slice(0, 12)}4${m.slice(13, 16)}8${m.slice(17)}`;
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export type Log = (line: string) => void;

export async function isScaleSeeded(db: Db): Promise<number> {
  const r = await db.execute(sql`select count(*)::int as n from coproprietes c
    join syndics s on s.id = c.syndic_id where s.alias like 'scale-%'`);
  return Number((r as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}

export function validateScaleOptions(o: ScaleOptions): string | null {
  for (const [k, v] of Object.entries(o)) {
    if (!Number.isInteger(v) || v < 0) return `${k} doit être un entier positif.`;
  }
  if (o.coproprietes < 1) return 'Il faut au moins une copropriété.';
  if (o.coproprietaires < o.coproprietes) return 'Il faut au moins un copropriétaire par copropriété.';
  if (o.coproprietes > 1_000_000 || o.coproprietaires > 10_000_000 || o.ledgerLines > 100_000_000)
    return 'Volumes trop grands.';
  return null;
}

/** Runs one set-based insert and logs its rows and time. */
export type Step = (ex: Pick<Db, 'execute'>, name: string, q: SQL) => Promise<void>;
