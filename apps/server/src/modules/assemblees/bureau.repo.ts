import { and, asc, eq } from 'drizzle-orm';
import { assembleeRecords, coproprietes, resolutions, syndics } from '../../db/schema/index.js';
import type { Q } from './assemblees.repo.js';

/** The syndic of the assembly's building: the secrétaire when the assembly designated none. */
export async function syndicOfCopro(db: Q, coproId: string) {
  const [row] = await db
    .select({ id: syndics.id, name: syndics.name })
    .from(coproprietes)
    .innerJoin(syndics, eq(syndics.id, coproprietes.syndic_id))
    .where(eq(coproprietes.id, coproId));
  return row ?? null;
}

/** The register's `bureau` records, in chain order. */
export function bureauRecords(db: Q, assembleeId: string) {
  return db
    .select()
    .from(assembleeRecords)
    .where(and(eq(assembleeRecords.assemblee_id, assembleeId), eq(assembleeRecords.kind, 'bureau')))
    .orderBy(asc(assembleeRecords.seq));
}

/** Marks a resolution amended in session (its `amendment` record is the proof). */
export function markAmended(db: Q, resolutionId: string) {
  return db.update(resolutions).set({ amended: true }).where(eq(resolutions.id, resolutionId));
}
