import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { coproprietaires, coproprietes, previewTokens, syndics } from '../../db/schema/index.js';

export async function findSyndicByKeyHash(db: Db, hash: string) {
  const [row] = await db.select().from(syndics).where(eq(syndics.api_key_hash, hash)).limit(1);
  return row;
}

export async function listCoproprietes(db: Db, syndicId: string) {
  return db
    .select({
      id: coproprietes.id,
      name: coproprietes.name,
      address: coproprietes.address,
      n: sql<number>`count(${coproprietaires.id})::int`,
    })
    .from(coproprietes)
    .leftJoin(coproprietaires, eq(coproprietaires.copropriete_id, coproprietes.id))
    .where(eq(coproprietes.syndic_id, syndicId))
    .groupBy(coproprietes.id)
    .orderBy(coproprietes.name);
}

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
