import { and, count, eq, gt, isNull, like } from 'drizzle-orm';
import { assemblees, signatureTokens } from '../../db/schema/index.js';
import type { Tx } from './assemblees.repo.js';

/** Signature requests of the assembly in these modes (prefix) still open: unsigned and unexpired. */
export async function openRequests(tx: Tx, assembleeId: string, modePrefix: string, now: Date) {
  const [row] = await tx
    .select({ n: count() })
    .from(signatureTokens)
    .where(
      and(
        eq(signatureTokens.assemblee_id, assembleeId),
        like(signatureTokens.mode, `${modePrefix}%`),
        isNull(signatureTokens.signed_at),
        gt(signatureTokens.expires_at, now),
      ),
    );
  return row?.n ?? 0;
}

export function setSealedMinute(
  tx: Tx,
  assembleeId: string,
  v: { pv_sealed_file_id: string } | { feuille_sealed_file_id: string },
) {
  return tx.update(assemblees).set(v).where(eq(assemblees.id, assembleeId));
}

export function setSealedProxy(tx: Tx, tokenId: string, fileId: string) {
  return tx.update(signatureTokens).set({ sealed_file_id: fileId }).where(eq(signatureTokens.id, tokenId));
}
