import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import * as repo from './syndic-api.repo.js';

const PREVIEW_TTL_MS = 24 * 3600 * 1000;

/** Resolves the syndic of the request's API key (header x-api-key), or 401. */
export async function syndicFromApiKey(db: Db, req: FastifyRequest) {
  const key = req.headers['x-api-key'];
  if (typeof key !== 'string' || key.length < 20 || key.length > 200)
    throw new AppError('UNAUTHORIZED', 'Clé API manquante ou invalide.');
  const syndic = await repo.findSyndicByKeyHash(db, sha256(key));
  if (!syndic) throw new AppError('UNAUTHORIZED', 'Clé API manquante ou invalide.');
  return syndic;
}

export async function listCoproprietes(db: Db, syndicId: string) {
  const rows = await repo.listCoproprietes(db, syndicId);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    full_address: r.address.full_address ?? null,
    coproprietaires: r.n,
  }));
}

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
