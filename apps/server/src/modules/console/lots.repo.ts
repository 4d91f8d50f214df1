import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  coproprietaireLots,
  coproprietaires,
  lots,
  lotTantiemes,
  repartitions,
} from '../../db/schema/index.js';

/** A building's lots, keys, tantièmes and owners (the lots-and-keys screen). */
export async function lotsAndKeys(db: Executor, coproId: string) {
  const [lotRows, keys, shares, owners] = await Promise.all([
    db.select().from(lots).where(eq(lots.copropriete_id, coproId)).orderBy(asc(lots.lot_id)),
    db
      .select()
      .from(repartitions)
      .where(eq(repartitions.copropriete_id, coproId))
      .orderBy(asc(repartitions.code)),
    db
      .select({
        lot_id: lotTantiemes.lot_id,
        repartition_id: lotTantiemes.repartition_id,
        tantieme: lotTantiemes.tantieme,
      })
      .from(lotTantiemes)
      .innerJoin(lots, eq(lots.id, lotTantiemes.lot_id))
      .where(eq(lots.copropriete_id, coproId)),
    db
      .select({
        lot_id: coproprietaireLots.lot_id,
        id: coproprietaires.id,
        name: coproprietaires.display_name,
      })
      .from(coproprietaireLots)
      .innerJoin(coproprietaires, eq(coproprietaires.id, coproprietaireLots.coproprietaire_id))
      .where(and(eq(coproprietaires.copropriete_id, coproId), isNull(coproprietaires.removed_at))),
  ]);
  return { lotRows, keys, shares, owners };
}

/** The ids among `ids` that are lots (or keys) of the building. */
export async function lotIdsOf(db: Executor, coproId: string) {
  const rows = await db.select({ id: lots.id }).from(lots).where(eq(lots.copropriete_id, coproId));
  return new Set(rows.map((r) => r.id));
}

export async function repartitionIdsOf(db: Executor, coproId: string) {
  const rows = await db
    .select({ id: repartitions.id })
    .from(repartitions)
    .where(eq(repartitions.copropriete_id, coproId));
  return new Set(rows.map((r) => r.id));
}
