import { createHash } from 'node:crypto';
import type { SyndicStoredFile } from '@tantieme/contract';
import { eq } from 'drizzle-orm';
import { files } from '../../../db/schema/index.js';
import {
  ImageUnreadable,
  isSizedImageType,
  putImage,
  type RenderedSizes,
  renderSizes,
} from '../../../platform/images.js';
import { extractPdfText } from '../../../platform/pdf-text.js';
import type { StorageAdapter } from '../../../platform/storage.js';
import { checkFileBytes, originalKey, sha256OfKey } from '../files.service.js';
import { releaseKeys } from '../removal.service.js';
import type { Executor, Tx } from '../../../db/client.js';

/** Files travel base64 in a PUT: 10 MB of file (more is a 413) and its base64. */
export const FILE_PUT_BODY_LIMIT = 16 * 1024 * 1024;

/**
 * Files sent base64 in one request, by SHA-256, with an image's sizes: checked by `check`,
 * written by insert/update.
 */
export type Uploads = Map<string, Upload>;
/** Bytes in hand, or (`bytes` null) a checked staging object read again when written. */
type Upload = { bytes: Buffer | null; sizes: RenderedSizes | null; key?: string };

/** Files uploaded by presigned URL and checked before a bulk (uploads.ts), by SHA-256. */
export type StagedFiles = Map<
  string,
  { problem: string } | { key: string; size: number; bytes: Buffer | null; sizes: RenderedSizes | null }
>;

type FileInput =
  | { name: string; content_type: string; content_base64: string }
  | { name: string; content_type: string; sha256: string; size: number };

/** A base64 file decoded and checked ahead of the transaction, by the request's own input object. */
type Decoded = { bytes: Buffer; sha256: string; sizes: RenderedSizes | null } | { problem: string };
const decoded = new WeakMap<object, Decoded>();

function decode(
  f: { content_type: string; content_base64: string },
  sizes: RenderedSizes | null = null,
): Decoded {
  const bytes = Buffer.from(f.content_base64, 'base64');
  const problem = checkFileBytes(f.content_type, bytes);
  if (problem) return { problem };
  return { bytes, sha256: createHash('sha256').update(bytes).digest('hex'), sizes };
}

/**
 * Decodes a request's base64 files and renders each image's sizes (decision 56) before the
 * transaction opens: resizing takes up to a second, which must not hold a connection (PGlite has
 * one). An unreadable image becomes the field's message, as any other bad file.
 */
export async function prepareFiles(inputs: unknown[]) {
  for (const f of inputs) {
    if (!f || typeof f !== 'object' || !('content_base64' in f)) continue;
    const file = f as { content_type: string; content_base64: string };
    let d = decode(file);
    if ('bytes' in d && isSizedImageType(file.content_type)) {
      try {
        d = { ...d, sizes: await renderSizes(d.bytes, file.content_type) };
      } catch (e) {
        if (!(e instanceof ImageUnreadable)) throw e;
        d = { problem: e.message };
      }
    }
    decoded.set(f, d);
  }
}

/**
 * A file of a PUT as the resource stores it: an upload is checked (allow-list, magic bytes, 10 MB,
 * else 413) and replaced by `{name, content_type, sha256, size}`; the stored form is accepted only
 * for a file the resource already holds (`known`, by SHA-256). Returns the message for the field.
 */
export function normaliseFile(
  f: FileInput,
  known: Map<string, SyndicStoredFile>,
  uploads: Uploads,
  staged?: StagedFiles,
): { file: SyndicStoredFile } | { field: string; message: string } {
  if ('content_base64' in f) {
    const d = decoded.get(f) ?? decode(f);
    if ('problem' in d) return { field: 'content_base64', message: d.problem };
    if (!d.sizes && isSizedImageType(f.content_type)) throw new Error('image not prepared (prepareFiles)');
    uploads.set(d.sha256, { bytes: d.bytes, sizes: d.sizes });
    return { file: { name: f.name, content_type: f.content_type, sha256: d.sha256, size: d.bytes.length } };
  }
  const have = known.get(f.sha256);
  const up = staged?.get(f.sha256);
  if ((!have || have.content_type !== f.content_type || have.size !== f.size) && staged) {
    if (!up)
      return {
        field: 'sha256',
        message: "Fichier introuvable : déposez-le d'abord à l'adresse donnée par POST /documents/uploads.",
      };
    if ('problem' in up) return { field: 'sha256', message: up.problem };
    if (up.size !== f.size)
      return { field: 'size', message: "Le fichier déposé n'a pas la taille annoncée." };
    uploads.set(f.sha256, { bytes: up.bytes, sizes: up.sizes, key: up.key });
    return { file: { name: f.name, content_type: f.content_type, sha256: f.sha256, size: f.size } };
  }
  if (!have || have.content_type !== f.content_type || have.size !== f.size)
    return { field: 'sha256', message: 'Fichier inconnu : envoyez son contenu (content_base64).' };
  return { file: { name: f.name, content_type: have.content_type, sha256: have.sha256, size: have.size } };
}

/** The stored form of a `files` row written by `writeFile` (its key ends with the SHA-256). */
export function storedOf(row: { name: string; content_type: string; size: number; storage_key: string }) {
  return {
    name: row.name,
    content_type: row.content_type,
    sha256: sha256OfKey(row.storage_key) ?? '',
    size: row.size,
  } satisfies SyndicStoredFile;
}

/**
 * The `files` row of a stored form: the current row when it holds the same bytes (renamed if
 * needed), else the upload written to storage under a server-chosen key and a new row.
 */
export async function writeFile(
  tx: Tx,
  storage: StorageAdapter,
  uploads: Uploads,
  base: string,
  file: SyndicStoredFile,
  current: { id: string; storage_key: string; name: string } | null,
): Promise<string> {
  if (current && sha256OfKey(current.storage_key) === file.sha256) {
    if (current.name !== file.name)
      await tx.update(files).set({ name: file.name }).where(eq(files.id, current.id));
    return current.id;
  }
  const upload = uploads.get(file.sha256);
  if (!upload) throw new Error('upload missing after check');
  const key = await storeUpload(storage, base, file, upload);
  const [row] = await tx
    .insert(files)
    .values({ storage_key: key, name: file.name, content_type: file.content_type, size: file.size })
    .onConflictDoUpdate({ target: files.storage_key, set: { name: file.name } })
    .returning({ id: files.id });
  return row.id;
}

/** Deletes `files` rows a write let go of; their objects go once it committed (removal.service). */
export async function deleteFileRows(tx: Executor, ids: string[]) {
  const keys: string[] = [];
  for (const id of ids) {
    const [row] = await tx.delete(files).where(eq(files.id, id)).returning({ key: files.storage_key });
    if (row) keys.push(row.key);
  }
  await releaseKeys(tx, keys);
}

/** Writes an upload to storage under its server-chosen key (no `files` row: invoices keep keys). */
export async function putObject(
  storage: StorageAdapter,
  uploads: Uploads,
  base: string,
  file: SyndicStoredFile,
) {
  const key = originalKey(base, file.sha256, file.content_type);
  const upload = uploads.get(file.sha256);
  if (upload) await storeUpload(storage, base, file, upload);
  return key;
}

/** An upload under its server-chosen key; an image with its sizes beside it. */
async function storeUpload(storage: StorageAdapter, base: string, file: SyndicStoredFile, upload: Upload) {
  const key = originalKey(base, file.sha256, file.content_type);
  if (upload.sizes) await putImage(storage, key, file.content_type, upload.sizes);
  else await storage.put(key, upload.bytes ?? (await storage.get(upload.key ?? '')), file.content_type);
  return key;
}

/** A resource whose PUT prepares its body's files (`prepareFiles`) before its transaction. */
export function preparingFiles<
  D,
  R extends { put(db: never, api: never, ext: string, data: D): Promise<unknown> },
>(filesOf: (data: D) => unknown[], resource: R): R {
  const put = resource.put.bind(resource) as (
    db: never,
    api: never,
    ext: string,
    data: D,
  ) => Promise<unknown>;
  return {
    ...resource,
    put: async (db: never, api: never, ext: string, data: D) => {
      await prepareFiles(filesOf(data));
      return put(db, api, ext, data);
    },
  };
}

/** The text of an uploaded PDF, for search ('' for another kind of file, or a PDF with none readable). */
export function textOf(file: SyndicStoredFile, uploads: Uploads): string {
  const upload = uploads.get(file.sha256);
  return upload?.bytes && file.content_type === 'application/pdf' ? extractPdfText(upload.bytes) : '';
}
