import { lt } from 'drizzle-orm';
import type { Exec } from '../identity/exec.js';
import { usedCaptchas } from '../../db/schema/index.js';

/** Records a solution as used; false when it was already used (replay). */
export async function markUsed(db: Exec, signatureHash: string, expiresAt: Date) {
  const rows = await db
    .insert(usedCaptchas)
    .values({ signature_hash: signatureHash, expires_at: expiresAt })
    .onConflictDoNothing()
    .returning({ h: usedCaptchas.signature_hash });
  return rows.length === 1;
}

export async function purgeExpired(db: Exec) {
  await db.delete(usedCaptchas).where(lt(usedCaptchas.expires_at, new Date()));
}
