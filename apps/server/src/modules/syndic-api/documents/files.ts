import { createHash } from 'node:crypto';
import type { SyndicStoredFile } from '@tantieme/contract';
import { eq } from 'drizzle-orm';
import { files } from '../../../db/schema/index.js';
import type { StorageAdapter } from '../../../platform/storage.js';
import { checkFileBytes, originalKey, sha256OfKey } from '../../files/files.service.js';
import type { Executor, Tx } from '../kit/index.js';

/** Files sent base64 in one request, by SHA-256: checked by `check`, written by insert/update. */
export type Uploads = Map<string, Buffer>;

type FileInput =
  | { name: string; content_type: string; content_base64: string }
  | { name: string; content_type: string; sha256: string; size: number };

/**
 * A file of a PUT as the resource stores it: an upload is checked (allow-list, magic bytes, 10 MB,
 * else 413) and replaced by `{name, content_type, sha256, size}`; the stored form is accepted only
 * for a file the resource already holds (`known`, by SHA-256). Returns the message for the field.
 */
export function normaliseFile(
  f: FileInput,
  known: Map<string, SyndicStoredFile>,
  uploads: Uploads,
): { file: SyndicStoredFile } | { field: string; message: string } {
  if ('content_base64' in f) {
    const bytes = Buffer.from(f.content_base64, 'base64');
    const problem = checkFileBytes(f.content_type, bytes);
    if (problem) return { field: 'content_base64', message: problem };
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    uploads.set(sha256, bytes);
    return { file: { name: f.name, content_type: f.content_type, sha256, size: bytes.length } };
  }
  const have = known.get(f.sha256);
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
  const bytes = uploads.get(file.sha256);
  if (!bytes) throw new Error('upload missing after check');
  const key = originalKey(base, file.sha256, file.content_type);
  await storage.put(key, bytes, file.content_type);
  const [row] = await tx
    .insert(files)
    .values({ storage_key: key, name: file.name, content_type: file.content_type, size: bytes.length })
    .onConflictDoUpdate({ target: files.storage_key, set: { name: file.name } })
    .returning({ id: files.id });
  return row.id;
}

export async function deleteFileRows(tx: Executor, ids: string[]) {
  for (const id of ids) await tx.delete(files).where(eq(files.id, id));
}

/** Writes an upload to storage under its server-chosen key (no `files` row: invoices keep keys). */
export async function putObject(
  storage: StorageAdapter,
  uploads: Uploads,
  base: string,
  file: SyndicStoredFile,
) {
  const key = originalKey(base, file.sha256, file.content_type);
  const bytes = uploads.get(file.sha256);
  if (bytes) await storage.put(key, bytes, file.content_type);
  return key;
}
