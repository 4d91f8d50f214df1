import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import * as repo from './syndic-api.repo.js';

const PREVIEW_TTL_MS = 24 * 3600 * 1000;

/** A syndic may preview only its own co-owners; anything else is a 404. */
export async function createPreviewToken(
  db: Db,
  syndicId: string,
  coproprietaireId: string,
  publicUrl: string,
) {
  const found = await repo.findCoproprietaireOfSyndic(db, syndicId, coproprietaireId);
  if (!found) throw new AppError('NOT_FOUND');
  const token = randomToken();
  const expires = new Date(Date.now() + PREVIEW_TTL_MS);
  await repo.insertPreviewToken(db, {
    token_hash: sha256(token),
    syndic_id: syndicId,
    coproprietaire_id: coproprietaireId,
    expires_at: expires,
  });
  return {
    token,
    expires_at: expires.toISOString(),
    url: `${publicUrl}/syndic-preview/${coproprietaireId}/home?spt=${encodeURIComponent(token)}`,
  };
}
