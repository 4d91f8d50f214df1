import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { assembleeRecords, coproprietaires, files, signatureTokens } from '../../../db/schema/index.js';
import type { Executor } from '../../syndic-api/kit/index.js';

export function expirePendingTokens(tx: Executor, agId: string, ownerIds: string[], mode: string, now: Date) {
  return tx
    .update(signatureTokens)
    .set({ expires_at: now })
    .where(
      and(
        eq(signatureTokens.assemblee_id, agId),
        inArray(signatureTokens.coproprietaire_id, ownerIds),
        eq(signatureTokens.mode, mode),
        sql`${signatureTokens.signed_at} is null and ${signatureTokens.expires_at} > ${now}`,
      ),
    );
}

export async function insertToken(tx: Executor, v: typeof signatureTokens.$inferInsert) {
  const [row] = await tx.insert(signatureTokens).values(v).returning();
  return row;
}

export function tokensOf(db: Executor, agId: string) {
  return db
    .select({ token: signatureTokens, owner: coproprietaires, record: assembleeRecords, sealed: files })
    .from(signatureTokens)
    .innerJoin(coproprietaires, eq(coproprietaires.id, signatureTokens.coproprietaire_id))
    .leftJoin(assembleeRecords, eq(assembleeRecords.id, signatureTokens.record_id))
    .leftJoin(files, eq(files.id, signatureTokens.sealed_file_id))
    .where(eq(signatureTokens.assemblee_id, agId))
    .orderBy(asc(signatureTokens.created_at), asc(signatureTokens.id));
}
