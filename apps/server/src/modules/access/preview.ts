import type { Db } from '../../db/client.js';
import { sha256 } from '../../lib/crypto.js';
import * as repo from './access.repo.js';

/** What a syndic's preview token grants: one co-owner record, read-only. */
export interface PreviewGrant {
  syndicId: string;
  coproprietaireId: string;
}

export async function findPreviewGrant(db: Db, token: string): Promise<PreviewGrant | null> {
  const row = await repo.findPreviewToken(db, sha256(token));
  return row ? { syndicId: row.syndic_id, coproprietaireId: row.coproprietaire_id } : null;
}
