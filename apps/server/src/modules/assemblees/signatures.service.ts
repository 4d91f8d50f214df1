import { createHash } from 'node:crypto';
import {
  SIGNATURE_BUCKET,
  SIGNATURE_FILE_NAME,
  type SignatureBody,
  type SignatureTokenInfo,
} from '@tantieme/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import type { StorageAdapter } from '../../platform/storage.js';
import { syndicLogoUrl } from '../synthese/synthese.service.js';
import type { ClientMeta } from './assemblees.service.js';
import * as repo from './assemblees.repo.js';
import * as signaturesRepo from './signatures.repo.js';
import { appendRecord } from './chain.js';
import { type SealDeps, sealAfterSignature } from './seal.service.js';
import { signedDocument } from './signed-document.js';
import { linkStatus } from './signature-links.js';
import { onProxySigned } from './proxies.activate.js';
import type { NotifyDeps } from '../notifications/notify.js';
import { queueCoproprietaireEvent } from '../syndic-api/webhooks/webhooks.service.js';

type TokenRow = NonNullable<Awaited<ReturnType<typeof signaturesRepo.findSignatureToken>>>;

/**
 * SPEC §8 signature token errors, checked in one place: unknown → 'not-found', used → 'already-signed'
 * (shown as "Il n'y a pas de demande de signature."), past expiry → 'expired', a proxy without the
 * represented owners → 'no-signature-data'. The raw token is never stored: only its SHA-256.
 */
function checkToken(row: TokenRow | undefined, now: Date): TokenRow {
  if (!row) throw new AppError('not-found');
  const status = linkStatus(row.token, now);
  if (status === 'signed') throw new AppError('already-signed');
  if (status === 'expired') throw new AppError('expired');
  if (row.token.mode === 'PROCURATION' && Object.keys(row.token.procurations ?? {}).length === 0)
    throw new AppError('no-signature-data');
  return row;
}

export async function getTokenInfo(
  db: Db,
  storage: StorageAdapter,
  token: string,
  now = new Date(),
): Promise<SignatureTokenInfo> {
  const row = checkToken(await signaturesRepo.findSignatureToken(db, sha256(token)), now);
  const syndic = await signaturesRepo.findSyndicOf(db, row.copropriete.syndic_id);
  const name = row.coproprietaire.display_name;
  return {
    coproprietaire_name: name,
    mode: row.token.mode as SignatureTokenInfo['mode'],
    coproprietaire: { name, procurations: row.token.procurations ?? null },
    copr_id: row.copropriete.id,
    year_id: row.assemblee.id,
    coproprietaire_id: row.coproprietaire.id,
    assemblee: {
      name: row.assemblee.name,
      date: row.assemblee.date.toISOString(),
      copr_name: row.copropriete.name,
    },
    logo: syndic ? await syndicLogoUrl(storage, syndic) : null,
  };
}

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const MAX_PNG = 750_000;

/** A real PNG of a sensible size (magic bytes and IHDR dimensions), else SIGNATURE_INVALID. */
export function readPng(base64: string) {
  const png = Buffer.from(base64, 'base64');
  if (
    png.length < 33 ||
    png.length > MAX_PNG ||
    !png.subarray(0, 8).equals(PNG_MAGIC) ||
    png.toString('ascii', 12, 16) !== 'IHDR'
  )
    throw new AppError('SIGNATURE_INVALID');
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  if (width < 1 || height < 1 || width > 4000 || height > 4000) throw new AppError('SIGNATURE_INVALID');
  return { png, width, height };
}

/**
 * Signs with a drawn signature, in one transaction under the token's and the assembly's row locks: the
 * PNG goes through the storage adapter to
 * `coproprietes.assemblee.prod/{copr_id}/ATTENDANCE/SIGNATURES/{token id}/signature.png` (SPEC §7 bucket as
 * the first key segment, its folder and file name; one folder per request), the token is used up and
 * the signature chained with the SHA-256 of the image and of the document signed; the document it
 * completes is then sealed (seal.service).
 */
export async function sign(
  db: Db,
  deps: SealDeps,
  body: SignatureBody,
  meta: ClientMeta,
  now = new Date(),
  notify: NotifyDeps | null = null,
) {
  const { storage } = deps;
  const hash = sha256(body.auth_token);
  const row = checkToken(await signaturesRepo.findSignatureToken(db, hash), now);
  if (
    row.copropriete.id !== body.copr_id ||
    row.assemblee.id !== body.year_id ||
    row.coproprietaire.id !== body.coproprietaire_id ||
    row.token.mode !== body.mode
  )
    throw new AppError('not-found');
  const { png, width, height } = readPng(body.signature.data);
  const key = `${SIGNATURE_BUCKET}/${row.copropriete.id}/ATTENDANCE/SIGNATURES/${row.token.id}/${SIGNATURE_FILE_NAME}`;
  const fileSha = createHash('sha256').update(png).digest('hex');

  let afterCommit = async () => {};
  const out = await db.transaction(async (tx) => {
    const locked = checkToken(await signaturesRepo.findSignatureToken(tx, hash, { lock: true }), now);
    await repo.lockAssemblee(tx, locked.assemblee.id);
    // Written only now, under this request's lock of the token: a concurrent save of the same token
    // waits above, then finds it used, so the stored image is always the one the record's digest names.
    const document = await signedDocument(tx, storage, locked);
    await storage.put(key, png, 'image/png');
    const tantiemes = await repo.ownerTantiemes(tx, locked.coproprietaire.id);
    const file = await repo.insertFile(tx, {
      storage_key: key,
      name: SIGNATURE_FILE_NAME,
      content_type: 'image/png',
      size: png.length,
    });
    const created = now.toISOString();
    const rec = await appendRecord(tx, {
      assemblee_id: locked.assemblee.id,
      kind: 'signature',
      coproprietaire_id: locked.coproprietaire.id,
      created_at: now,
      payload: {
        created_at: created,
        mode: locked.token.mode,
        method: 'signature_link',
        coproprietaire: { id: locked.coproprietaire.id, name: locked.coproprietaire.display_name },
        procurations: locked.token.procurations ?? null,
        tantiemes,
        ip: meta.ip,
        user_agent: meta.user_agent,
        sender_nonce: randomToken(16),
        file: { key, sha256: fileSha, size: png.length, width, height },
        document,
      },
    });
    await signaturesRepo.markSigned(tx, locked.token.id, {
      signed_at: now,
      signature_file_id: file.id,
      record_id: rec.id,
    });
    afterCommit = await onProxySigned(tx, notify, locked, now);
    // The signature that completes a document seals it (decision 129).
    await sealAfterSignature(tx, deps, locked, document, rec, now);
    await queueCoproprietaireEvent(tx, locked.coproprietaire.id, 'signature.saved', {
      assemblee: {
        id: locked.assemblee.id,
        external_id: await repo.assembleeExternalId(tx, locked.assemblee.id),
      },
      signature_request: { id: locked.token.id, mode: locked.token.mode },
      seq: rec.seq,
      digest: rec.digest,
      signed_at: created,
    });
    return { digest: rec.digest, signed_at: created };
  });
  await afterCommit();
  return out;
}
