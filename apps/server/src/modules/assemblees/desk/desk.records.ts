import { and, asc, eq, gt } from 'drizzle-orm';
import { assembleeRecords } from '../../../db/schema/index.js';
import type { Q, RecordRow } from '../assemblees.repo.js';

/**
 * The register as the desk reads it after every entry: the chain only grows, so the records
 * already read are kept per assembly and only those after the last one kept are asked of the
 * database (the tail is always read, so every instance sees every other's entries). `current`,
 * the one field that changes, is not read by the tally. A few assemblies are kept at once.
 */
const KEPT = 20;
const held = new Map<string, RecordRow[]>();

export async function desksRecords(db: Q, assembleeId: string): Promise<RecordRow[]> {
  const have = held.get(assembleeId) ?? [];
  const last = have.at(-1)?.seq ?? 0;
  const tail = await db
    .select()
    .from(assembleeRecords)
    .where(and(eq(assembleeRecords.assemblee_id, assembleeId), gt(assembleeRecords.seq, last)))
    .orderBy(asc(assembleeRecords.seq));
  const all = tail.length ? [...have, ...tail] : have;
  held.delete(assembleeId);
  held.set(assembleeId, all);
  if (held.size > KEPT) held.delete(held.keys().next().value!);
  return all;
}
