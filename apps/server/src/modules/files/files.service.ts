import { randomBytes } from 'node:crypto';
import { UPLOAD_MAX_BYTES, UPLOAD_TYPES, uploadTypeOfExt } from '@tantieme/contract';
import { AppError } from '../../http/errors.js';
import type { StorageAdapter } from '../../platform/storage.js';

export const UPLOAD_URL_TTL_S = 15 * 60;

/**
 * SPEC §7 /media/presigned-url: the server chooses the object's name (never the client's file
 * name), under the caller's own prefix, with the extension of its allow-listed type.
 */
export async function presignedUpload(
  storage: StorageAdapter,
  userId: string,
  body: { bucket: string; file_type: string },
) {
  const type = UPLOAD_TYPES[body.file_type];
  const key = `uploads/${body.bucket}/${userId}/${randomBytes(12).toString('base64url')}.${type.ext}`;
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
