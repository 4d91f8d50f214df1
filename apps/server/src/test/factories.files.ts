import type { FastifyInstance } from 'fastify';
import { files } from '../db/schema/index.js';
import { fileRow } from '../../seed/builders/documents.js';

let n = 0;
/** A real file in the app's storage and its `files` row. */
export async function makeFile(app: FastifyInstance, name: string, contentType: string, data: Buffer) {
  const key = `test/${Date.now()}-${++n}/${name.replace(/[^A-Za-z0-9._-]/g, '-')}`;
  await app.platform.storage.put(key, data, contentType);
  const [row] = await app.db
    .insert(files)
    .values(fileRow({ storage_key: key, name, content_type: contentType, size: data.length }))
    .returning();
  return row;
}

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
