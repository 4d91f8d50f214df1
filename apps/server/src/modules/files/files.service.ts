import { createHash, randomBytes } from 'node:crypto';
import { UPLOAD_MAX_BYTES, UPLOAD_TYPES, uploadTypeOfExt } from '@tantieme/contract';
import { AppError } from '../../http/errors.js';
import { ImageUnreadable, isSizedImageType, renderSizes } from '../../platform/images.js';
import type { ExpectedUpload, StorageAdapter } from '../../platform/storage.js';

export const UPLOAD_URL_TTL_S = 15 * 60;

/**
 * SPEC §7 /media/presigned-url: the server chooses the object's name (never the client's file
 * name), under the caller's own prefix, with the extension of its allow-listed type; an image's
 * is an original (`…/original/…`), whose sizes the PUT generates (decision 56).
 */
export async function presignedUpload(
  storage: StorageAdapter,
  userId: string,
  body: { bucket: string; file_type: string },
) {
  const type = UPLOAD_TYPES[body.file_type];
  const dir = isSizedImageType(body.file_type) ? '/original' : '';
  const key = `uploads/${body.bucket}/${userId}${dir}/${randomBytes(12).toString('base64url')}.${type.ext}`;
  return {
    key,
    upload_url: await storage.signedPutUrl(key, body.file_type, UPLOAD_URL_TTL_S),
    expires_in: UPLOAD_URL_TTL_S,
  };
}

/** An upload under uploads/ must be what its extension says (magic bytes) and within the size limit. */
export function checkUpload(key: string, data: Buffer) {
  if (!key.startsWith('uploads/')) return;
  if (data.length > UPLOAD_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE');
  const type = uploadTypeOfExt(key.split('.').pop() ?? '');
  if (!type || !UPLOAD_TYPES[type].magic(data))
    throw new AppError('VALIDATION_ERROR', 'Le contenu du fichier ne correspond pas à son type.');
}

/** The size and SHA-256 a PUT URL announces (`n`, `h`), covered by its signature; none when absent. */
export function expectedOf(q: Record<string, string>): ExpectedUpload | undefined {
  if (q.n === undefined && q.h === undefined) return undefined;
  return { size: Number(q.n), sha256: String(q.h ?? '') };
}

/** Bytes other than the announced ones (fewer, more, different) are refused before anything is kept. */
export function checkAnnounced(data: Buffer, expected: ExpectedUpload) {
  if (data.length !== expected.size) throw new AppError('UPLOAD_SIZE_MISMATCH');
  if (createHash('sha256').update(data).digest('hex') !== expected.sha256)
    throw new AppError('UPLOAD_SHA256_MISMATCH');
}

/**
 * The bytes of a file sent in a request body (the syndic API's base64 files): the same checks as
 * a presigned upload. Over UPLOAD_MAX_BYTES is a 413 ('Le fichier est trop volumineux.'); a type
 * off the allow-list or bytes that are not what the type says is a message for the field.
 */
export function checkFileBytes(contentType: string, data: Buffer): string | null {
  if (data.length > UPLOAD_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE');
  if (data.length === 0) return 'Fichier vide.';
  const type = UPLOAD_TYPES[contentType];
  if (!type) return 'Type de fichier non autorisé.';
  if (!type.magic(data)) return 'Le contenu du fichier ne correspond pas à son type.';
  return null;
}

/** The sizes of an image about to be stored; unreadable bytes are a 400 naming why, in French. */
export async function imageSizesOf(bytes: Buffer, contentType: string) {
  try {
    return await renderSizes(bytes, contentType);
  } catch (e) {
    if (e instanceof ImageUnreadable) throw new AppError('VALIDATION_ERROR', e.message);
    throw e;
  }
}

/**
 * Content-addressed key chosen by the server: `{base}/{sha256}.{ext}`, or for an image its
 * original `{base}/original/{sha256}.{ext}` beside its sizes (decision 56).
 */
export function originalKey(base: string, sha256: string, contentType: string) {
  const ext = UPLOAD_TYPES[contentType]?.ext ?? 'bin';
  return `${base}${isSizedImageType(contentType) ? '/original' : ''}/${sha256}.${ext}`;
}

/** The SHA-256 a server-chosen key ends with (null for keys of another shape). */
export function sha256OfKey(key: string) {
  return /\/([0-9a-f]{64})\.[a-z0-9]+$/.exec(key)?.[1] ?? null;
}
