import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { coproprietaires, coproprietes, previewTokens, syndics } from '../../db/schema/index.js';

export async function findCoproprietaireWithCopro(db: Db, id: string) {
  const [row] = await db
    .select({ coproprietaire: coproprietaires, copropriete: coproprietes, syndic: syndics })
    .from(coproprietaires)
    .innerJoin(coproprietes, eq(coproprietes.id, coproprietaires.copropriete_id))
    .innerJoin(syndics, eq(syndics.id, coproprietes.syndic_id))
    .where(eq(coproprietaires.id, id))
    .limit(1);
  return row;
}

export async function findUserRecordInCopro(db: Db, userId: string, coproprieteId: string) {
  const [row] = await db
    .select({ coproprietaire: coproprietaires, copropriete: coproprietes, syndic: syndics })
    .from(coproprietaires)
    .innerJoin(coproprietes, eq(coproprietes.id, coproprietaires.copropriete_id))
    .innerJoin(syndics, eq(syndics.id, coproprietes.syndic_id))
    .where(and(eq(coproprietaires.user_id, userId), eq(coproprietaires.copropriete_id, coproprieteId)))
    .limit(1);
  return row;
}

export async function findPreviewToken(db: Db, tokenHash: string) {
  const [row] = await db
    .select()
    .from(previewTokens)
    .where(and(eq(previewTokens.token_hash, tokenHash), gt(previewTokens.expires_at, new Date())))
    .limit(1);
  return row;
}

export async function findUserRecordUnderSyndic(db: Db, userId: string, syndicId: string) {
  const [row] = await db
    .select({ coproprietaire: coproprietaires, copropriete: coproprietes, syndic: syndics })
    .from(coproprietaires)
    .innerJoin(coproprietes, eq(coproprietes.id, coproprietaires.copropriete_id))
    .innerJoin(syndics, eq(syndics.id, coproprietes.syndic_id))
    .where(and(eq(coproprietaires.user_id, userId), eq(coproprietes.syndic_id, syndicId)))
    .limit(1);
  return row;
}

export async function findUserRecordsOfSyndic(db: Db, userId: string, syndicId: string) {
  return db
    .select({ coproprietaire: coproprietaires, copropriete: coproprietes, syndic: syndics })
    .from(coproprietaires)
    .innerJoin(coproprietes, eq(coproprietes.id, coproprietaires.copropriete_id))
    .innerJoin(syndics, eq(syndics.id, coproprietes.syndic_id))
    .where(and(eq(coproprietaires.user_id, userId), eq(coproprietes.syndic_id, syndicId)));
}
