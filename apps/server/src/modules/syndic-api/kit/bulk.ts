import type { BulkItemResult } from '@tantieme/contract';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import type { Tx } from './audit.js';
import type { SyndicApiContext } from './route.js';
import type { UpsertDone } from './upsert.js';

export type FieldErrors = Record<string, string>;

/** A zod error as `{ 'contacts.0.emails.0.value': message }`, first message per field. */
export function fieldErrors(error: z.ZodError, prefix = ''): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || '_';
    out[key] ??= issue.message;
  }
  return out;
}

/** The field errors of a batch, by item index (what `check` answers). */
export type ItemErrors = Map<number, FieldErrors>;

/** Records a field's message for an item; the first message of a field wins. */
export const addFieldError = (m: ItemErrors, index: number, field: string, message: string) => {
  const e = m.get(index) ?? {};
  e[field] ??= message;
  m.set(index, e);
};

export interface BulkItem<T> {
  index: number;
  externalId: string;
  data: T;
}

export interface BulkHandlers<T> {
  /**
   * Checks what the schema cannot (references to other resources by their external_id…),
   * before anything is written; returns the errors of the items that must not be written.
   */
  check?: (tx: Tx, items: BulkItem<T>[]) => Promise<Map<number, FieldErrors>>;
  /** Writes the valid items (usually `upsertMany` with the resource's spec). */
  write: (tx: Tx, items: BulkItem<T>[]) => Promise<UpsertDone[]>;
  /** After the write: French warnings per item index (written, but not applied as sent). */
  after?: (tx: Tx, items: BulkItem<T>[], done: UpsertDone[]) => Promise<Map<number, string[]>>;
}

class DryRunRollback extends Error {}

/**
 * Validates, checks and writes items in the caller's transaction: one result per item, in
 * order (created / updated / unchanged, or error with the fields). An item in error is not
 * written; the others are. Shared by the bulk calls and the portfolio import.
 */
export async function applyItems<S extends z.ZodType<{ external_id: string }>>(
  tx: Tx,
  opts: { schema: S; items: unknown[] } & BulkHandlers<Omit<z.output<S>, 'external_id'>>,
): Promise<BulkItemResult[]> {
  type T = Omit<z.output<S>, 'external_id'>;
  const results: BulkItemResult[] = opts.items.map((_, index) => ({
    index,
    external_id: null,
    result: 'error',
    id: null,
  }));
  const valid: BulkItem<T>[] = [];
  const seen = new Map<string, number>();
  opts.items.forEach((raw, index) => {
    const parsed = opts.schema.safeParse(raw);
    const ext = (raw as { external_id?: unknown } | null)?.external_id;
    results[index].external_id = typeof ext === 'string' ? ext : null;
    if (!parsed.success) {
      results[index].errors = fieldErrors(parsed.error);
      return;
    }
    const { external_id, ...data } = parsed.data;
    results[index].external_id = external_id;
    if (seen.has(external_id)) {
      results[index].errors = {
        external_id: `Identifiant externe en double (élément ${seen.get(external_id)}).`,
      };
      return;
    }
    seen.set(external_id, index);
    valid.push({ index, externalId: external_id, data: data as T });
  });
  const errors = opts.check ? await opts.check(tx, valid) : new Map<number, FieldErrors>();
  for (const [index, e] of errors) results[index].errors = e;
  const ok = valid.filter((v) => !errors.has(v.index));
  const done = ok.length ? await opts.write(tx, ok) : [];
  const byExt = new Map(done.map((d) => [d.externalId, d]));
  for (const v of ok) {
    const d = byExt.get(v.externalId);
    if (d) Object.assign(results[v.index], { result: d.result, id: d.id });
  }
  if (opts.after && done.length)
    for (const [index, warnings] of await opts.after(tx, ok, done))
      if (warnings.length) results[index].warnings = warnings;
  return results;
}

/**
 * A bulk call: `applyItems` in one transaction. `dryRun` runs everything, then rolls back, so
 * the results say what a real run would do.
 */
export async function runBulk<S extends z.ZodType<{ external_id: string }>>(
  db: Db,
  _api: SyndicApiContext,
  opts: { schema: S; items: unknown[]; dryRun?: boolean } & BulkHandlers<Omit<z.output<S>, 'external_id'>>,
) {
  let results: BulkItemResult[] = [];
  try {
    await db.transaction(async (tx) => {
      results = await applyItems(tx, opts);
      if (opts.dryRun) throw new DryRunRollback();
    });
  } catch (err) {
    if (!(err instanceof DryRunRollback)) throw err;
  }
  const counts = { created: 0, updated: 0, unchanged: 0, error: 0 };
  for (const r of results) counts[r.result]++;
  return { dry_run: Boolean(opts.dryRun), counts, results };
}
