import { UPLOAD_MAX_BYTES } from '@tantieme/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { documentTypes } from '../../../db/schema/index.js';
import { PDF, syndicDocumentsWorld, upload } from '../../../test/syndic-documents.fixture.js';

/**
 * An oversized document file is a 413 in the error envelope, in French: over the 10 MB file limit
 * inside a body the route takes, and over the route's body limit on a real socket (the answer
 * is sent before the rest of the body is read, naming the request's limit, not the file's).
 */

const { t, a } = await syndicDocumentsWorld();
afterAll(() => t.close());
const document = (size: number) => ({
  place: 'coproprietaire',
  coproprietaire: 'P1',
  type: 'AUTRE',
  name: 'Plans de la toiture',
  date: '2026-03-02',
  file: upload('plans.pdf', Buffer.concat([PDF, Buffer.alloc(size)])),
});
const envelope = { success: false, code: 'PAYLOAD_TOO_LARGE', message: 'Le fichier est trop volumineux.' };

describe('PUT /syndic/v1/documents/{external_id} with an oversized file', () => {
  it('answers 413 in the envelope for a file over 10 MB, and writes nothing', async () => {
    await t.database.db
      .insert(documentTypes)
      .values({ code: 'AUTRE', name: 'Autres', sort: 1 })
      .onConflictDoNothing();
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/syndic/v1/documents/TROP-GROS',
      headers: a.headers,
      payload: document(UPLOAD_MAX_BYTES),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual(envelope);
    const one = await t.app.inject({
      method: 'GET',
      url: '/api/syndic/v1/documents/TROP-GROS',
      headers: a.headers,
    });
    expect(one.statusCode).toBe(404);
  });

  it('answers 413 in the envelope over the route body limit, through a real connection', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`${base}/api/syndic/v1/documents/TROP-GROS`, {
      method: 'PUT',
      headers: { ...a.headers, 'content-type': 'application/json' },
      body: JSON.stringify(document(20 * 1024 * 1024)),
    });
    expect(res.status).toBe(413);
    // The body as a whole is refused before its file is read: the request's limit is named.
    expect(await res.json()).toEqual({
      success: false,
      code: 'PAYLOAD_TOO_LARGE',
      message: 'La requête est trop volumineuse (16,00\u00a0Mo au plus).',
    });
  });
});
