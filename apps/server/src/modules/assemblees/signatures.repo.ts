import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  assembleeRecords,
  assemblees,
  coproprietaires,
  coproprietes,
  files,
  signatureTokens,
  syndics,
} from '../../db/schema/index.js';
import type { Q } from './assemblees.repo.js';

export async function findSignatureToken(db: Q, tokenHash: string, opts: { lock?: boolean } = {}) {
  const q = db
    .select({
      token: signatureTokens,
      assemblee: assemblees,
      coproprietaire: coproprietaires,
      copropriete: coproprietes,
    })
    .from(signatureTokens)
    .innerJoin(assemblees, eq(assemblees.id, signatureTokens.assemblee_id))
    .innerJoin(coproprietaires, eq(coproprietaires.id, signatureTokens.coproprietaire_id))
    .innerJoin(coproprietes, eq(coproprietes.id, assemblees.copropriete_id))
    .where(eq(signatureTokens.token_hash, tokenHash))
    .limit(1);
  const [row] = await (opts.lock ? q.for('update', { of: signatureTokens }) : q);
  return row;
}

export function markSigned(
  db: Q,
  tokenId: string,
  v: { signed_at: Date; signature_file_id: string; record_id: string },
) {
  return db.update(signatureTokens).set(v).where(eq(signatureTokens.id, tokenId));
}

export async function findSyndicOf(db: Q, syndicId: string) {
  const [row] = await db.select().from(syndics).where(eq(syndics.id, syndicId)).limit(1);
  return row;
}

export async function insertToken(tx: Q, v: typeof signatureTokens.$inferInsert) {
  const [row] = await tx.insert(signatureTokens).values(v).returning();
  return row!;
}

export function expirePendingTokens(tx: Q, agId: string, ownerIds: string[], mode: string, now: Date) {
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

/** Every link of the assembly with its co-owner, its chained record and its sealed file, oldest first. */
export function tokensOf(db: Q, agId: string) {
  return db
    .select({ token: signatureTokens, owner: coproprietaires, record: assembleeRecords, sealed: files })
    .from(signatureTokens)
    .innerJoin(coproprietaires, eq(coproprietaires.id, signatureTokens.coproprietaire_id))
    .leftJoin(assembleeRecords, eq(assembleeRecords.id, signatureTokens.record_id))
    .leftJoin(files, eq(files.id, signatureTokens.sealed_file_id))
    .where(eq(signatureTokens.assemblee_id, agId))
    .orderBy(asc(signatureTokens.created_at), asc(signatureTokens.id));
}
