import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { coproprietaires, coproprietes, previewTokens } from '../../db/schema/index.js';

export async function findCoproprietaireOfSyndic(db: Db, syndicId: string, id: string) {
  const [row] = await db
    .select({ id: coproprietaires.id })
    .from(coproprietaires)
    .innerJoin(coproprietes, eq(coproprietes.id, coproprietaires.copropriete_id))
    .where(and(eq(coproprietaires.id, id), eq(coproprietes.syndic_id, syndicId)))
    .limit(1);
  return row;
}

export async function insertPreviewToken(db: Db, v: typeof previewTokens.$inferInsert) {
  await db.insert(previewTokens).values(v);
}
