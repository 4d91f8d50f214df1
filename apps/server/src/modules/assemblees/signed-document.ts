import { createHash } from 'node:crypto';
import { canonicalJson } from '@tantieme/contract';
import { AppError } from '../../http/errors.js';
import { sha256 } from '../../lib/crypto.js';
import type { StorageAdapter } from '../../platform/storage.js';
import * as repo from './assemblees.repo.js';
import type * as signaturesRepo from './signatures.repo.js';
import * as proxiesRepo from './proxies.repo.js';

type TokenRow = NonNullable<Awaited<ReturnType<typeof signaturesRepo.findSignatureToken>>>;

export interface SignedDocument {
  type: 'proces_verbal' | 'feuille_de_presence' | 'presence' | 'procuration';
  /** SHA-256 (hex) of the exact bytes signed: the stored file, or the canonical JSON of the statement. */
  sha256: string;
  file?: { id: string; name: string };
  /** The act itself when it is not a file: kept in the chained record, so its digest can be recomputed. */
  statement?: Record<string, unknown>;
}

/**
 * The document a signature is given to (Code civil art. 1367: the signature identifies its author and
 * shows their consent to the act, so the record must name the act exactly). The minutes and the
 * attendance sheet are their stored PDF files; a co-owner's presence and a proxy are the statement
 * the signature page shows, as data. Read under the token's lock, in the signing transaction.
 */
export async function signedDocument(
  tx: repo.Tx,
  storage: StorageAdapter,
  row: TokenRow,
): Promise<SignedDocument> {
  const ag = row.assemblee;
  const assemblee = {
    id: ag.id,
    name: ag.name,
    date: ag.date.toISOString(),
    copropriete: row.copropriete.name,
  };
  const signer = { id: row.coproprietaire.id, name: row.coproprietaire.display_name };
  const statementDoc = (
    type: SignedDocument['type'],
    statement: Record<string, unknown>,
  ): SignedDocument => ({
    type,
    sha256: sha256(canonicalJson(statement)),
    statement,
  });
  const mode = row.token.mode;
  // The minutes and the attendance sheet are the stored PDFs made from the register: the signature
  // is given to those exact bytes.
  const stored = async (type: SignedDocument['type'], fileId: string | null): Promise<SignedDocument> => {
    const [file] = fileId ? await repo.findFiles(tx, [fileId]) : [];
    if (!file) throw new AppError('no-signature-data');
    const bytes = await storage.get(file.storage_key);
    return {
      type,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      file: { id: file.id, name: file.name },
    };
  };
  if (mode.startsWith('PV_')) return stored('proces_verbal', ag.pv_file_id);
  if (mode.startsWith('FDP_')) return stored('feuille_de_presence', ag.feuille_file_id);
  // A proxy given online is its PDF: the mandant signs it, the mandataire accepts it.
  const proxy =
    mode === 'PROCURATION' || mode === 'PROCURATION_DONNEE'
      ? await proxiesRepo.proxyOfToken(tx, row.token.id)
      : undefined;
  if (proxy) return stored('procuration', proxy.file_id);
  if (mode === 'PROCURATION' || mode === 'PROCURATION_DONNEE')
    return statementDoc('procuration', {
      type: 'procuration',
      assemblee,
      mode,
      signataire: signer,
      procurations: row.token.procurations ?? null,
    });
  return statementDoc('presence', { type: 'presence', assemblee, signataire: signer });
}
