import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { carnetsEntretien } from '../../db/schema/index.js';

/** The carnet d'entretien of a copropriété, if the syndic has written one. */
export async function findCarnet(db: Db, coproprieteId: string) {
  const [row] = await db
    .select()
    .from(carnetsEntretien)
    .where(eq(carnetsEntretien.copropriete_id, coproprieteId))
    .limit(1);
  return row;
}
