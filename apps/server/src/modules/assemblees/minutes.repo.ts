import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { assemblees, coproprietaires, repartitions } from '../../db/schema/index.js';
import type { Tx } from './assemblees.repo.js';

type Q = Db | Tx;

/** Every co-owner record of the building, with the address the attendance sheet gives. */
export function ownersOfCopro(db: Q, coproprieteId: string) {
  return db
    .select({ id: coproprietaires.id, name: coproprietaires.display_name, address: coproprietaires.address })
    .from(coproprietaires)
    .where(eq(coproprietaires.copropriete_id, coproprieteId));
}

export async function findRepartition(db: Q, id: string) {
  const [row] = await db.select().from(repartitions).where(eq(repartitions.id, id)).limit(1);
  return row;
}

export function setMinutesFiles(
  tx: Q,
  assembleeId: string,
  v: { pv_file_id: string; feuille_file_id: string },
) {
  return tx.update(assemblees).set(v).where(eq(assemblees.id, assembleeId));
}
