import { errorMessages, UPLOAD_TYPES } from '@tantieme/contract';
import { createHash } from 'node:crypto';
import { ImageUnreadable, isSizedImageType, renderSizes } from '../../../platform/images.js';
import type { Executor } from '../../../db/client.js';
import type { StorageAdapter } from '../../../platform/storage.js';
import { checkFileBytes } from '../../files/files.service.js';
import { sweepUploadsAt } from '../../files/removal.service.js';
import type { StagedFiles } from '../../files/syndic/stored-files.js';

/** A presigned URL stays valid an hour: long enough for a quarter's fund calls sent in parallel. */
export const UPLOAD_TTL_S = 3600;
/**
 * The staging object is removed this long after its URL expired, registered or not (a registered
 * file was copied under its document): an hour to send the bulk that registers the last uploads.
 */
export const UPLOAD_KEEP_AFTER_EXPIRY_S = 3600;

/**
 * Where a syndic's file waits for its document: under `uploads/` (the PUT checks type and magic
 * bytes there), by the syndic and the file's SHA-256, so one file announced twice is one object.
 * An image waits as sent, without sizes: its SHA-256 is checked on those bytes, and its cleaned
 * sizes are rendered when a document takes it (decision 176).
 */
export const stagingKey = (syndicId: string, sha256: string, contentType: string) =>
  `uploads/syndic/${syndicId}/documents/${sha256}.${UPLOAD_TYPES[contentType]?.ext ?? 'bin'}`;

type Announced = { sha256: string; size: number; content_type: string };

const isStaged = (r: Awaited<ReturnType<typeof readStaged>>): r is { bytes: Buffer } =>
  r !== null && 'bytes' in r;

/**
 * The staging object of an announced file read back: absent, its bytes when they are the ones
 * announced, or why not. Other bytes are removed at once (S3 takes any bytes on a presigned URL;
 * the app's URL refuses them, decision 177), so the file can be sent again.
 */
async function readStaged(
  storage: StorageAdapter,
  key: string,
  f: Announced,
): Promise<{ bytes: Buffer } | { problem: string } | null> {
  const size = await storage.size(key);
  if (size === null) return null;
  const bytes = size === f.size ? await storage.get(key) : null;
  const code = !bytes
    ? 'UPLOAD_SIZE_MISMATCH'
    : createHash('sha256').update(bytes).digest('hex') !== f.sha256
      ? 'UPLOAD_SHA256_MISMATCH'
      : null;
  if (!code && bytes) return { bytes };
  await storage.delete(key);
  return { problem: errorMessages[code ?? 'UPLOAD_SIZE_MISMATCH'] ?? '' };
}

/** Runs `f` over `xs`, `n` at a time (S3 HEADs and reads go in parallel, not one after another). */
async function pool<T, R>(xs: T[], n: number, f: (x: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(xs.length);
  let next = 0;
  const worker = async () => {
    while (next < xs.length) {
      const i = next++;
      out[i] = await f(xs[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(n, xs.length) }, worker));
  return out;
}

/**
 * Step 1: one presigned PUT per file (S3 in production, the app's signed URL by default), and
 * the staging object's removal once its URL expired (decision 145).
 */
export async function presignUploads(
  db: Executor,
  storage: StorageAdapter,
  publicUrl: string,
  syndicId: string,
  files: { sha256: string; size: number; content_type: string }[],
) {
  const expires_at = new Date(Date.now() + UPLOAD_TTL_S * 1000).toISOString();
  const uploads = await pool(files, 16, async (f) => {
    const key = stagingKey(syndicId, f.sha256, f.content_type);
    const url = await storage.signedPutUrl(key, f.content_type, UPLOAD_TTL_S, f);
    return {
      ...f,
      method: 'PUT' as const,
      // The local URL is the app's own path: the integrator gets it absolute, like S3's.
      url: url.startsWith('/') ? `${publicUrl.replace(/\/$/, '')}${url}` : url,
      headers: { 'Content-Type': f.content_type },
      expires_at,
      // There, and the bytes announced: other bytes are removed and the file is to be sent again.
      uploaded: isStaged(await readStaged(storage, key, f)),
    };
  });
  await sweepUploadsAt(
    db,
    files.map((f) => stagingKey(syndicId, f.sha256, f.content_type)),
    new Date(Date.parse(expires_at) + UPLOAD_KEEP_AFTER_EXPIRY_S * 1000),
  );
  return { uploads };
}

/**
 * Step 2, before the bulk's transaction: each announced file that is not yet a document's is read
 * from its staging object and checked (present, the announced SHA-256 and size, allowed type and
 * magic bytes). An image's sizes are rendered here, outside the transaction; any other file is
 * read again when written, so a thousand PDFs are not all held in memory.
 */
export async function stageFiles(storage: StorageAdapter, syndicId: string, items: unknown[]) {
  const staged: StagedFiles = new Map();
  const announced = new Map<string, Announced>();
  for (const item of items) {
    const f = (item as { file?: unknown } | null)?.file as Record<string, unknown> | undefined;
    if (f && typeof f.sha256 === 'string' && typeof f.content_type === 'string' && typeof f.size === 'number')
      announced.set(`${f.sha256}:${f.content_type}`, {
        sha256: f.sha256,
        size: f.size,
        content_type: f.content_type,
      });
  }
  await pool([...announced.values()], 8, async (f) => {
    if (!/^[0-9a-f]{64}$/.test(f.sha256) || !(f.content_type in UPLOAD_TYPES)) return;
    const key = stagingKey(syndicId, f.sha256, f.content_type);
    const read = await readStaged(storage, key, f);
    if (!read) return;
    if (!isStaged(read)) {
      staged.set(f.sha256, read);
      return;
    }
    const { bytes } = read;
    const problem = checkFileBytes(f.content_type, bytes);
    if (problem) staged.set(f.sha256, { problem });
    else if (isSizedImageType(f.content_type))
      try {
        staged.set(f.sha256, {
          key,
          size: bytes.length,
          bytes,
          sizes: await renderSizes(bytes, f.content_type),
        });
      } catch (e) {
        if (!(e instanceof ImageUnreadable)) throw e;
        staged.set(f.sha256, { problem: e.message });
      }
    else staged.set(f.sha256, { key, size: bytes.length, bytes: null, sizes: null });
  });
  return staged;
}
