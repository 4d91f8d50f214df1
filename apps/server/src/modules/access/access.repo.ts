import { and, eq, gt, sql } from 'drizzle-orm';
import { prepared } from '../../db/prepared.js';
import type { Db } from '../../db/client.js';
import { coproprietaires, coproprietes, previewTokens, syndics } from '../../db/schema/index.js';

/** The guard's statement, run by every co-owner-scoped request: prepared once (db/prepared.ts). */
const recordWithCopro = (db: Db) =>
  prepared(db, 'guard_record', (d) =>
    d
      .select({ coproprietaire: coproprietaires, copropriete: coproprietes, syndic: syndics })
      .from(coproprietaires)
      .innerJoin(coproprietes, eq(coproprietes.id, coproprietaires.copropriete_id))
      .innerJoin(syndics, eq(syndics.id, coproprietes.syndic_id))
      .where(eq(coproprietaires.id, sql.placeholder('id')))
      .limit(1)
      .prepare('guard_record'),
  );

export async function findCoproprietaireWithCopro(db: Db, id: string) {
  const [row] = await recordWithCopro(db).execute({ id });
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
