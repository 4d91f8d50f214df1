import { eq } from 'drizzle-orm';
import {
  assemblees,
  coproprietaires,
  coproprietes,
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
