import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { IMAGE_SIZES } from '@tantieme/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { documentTypes } from '../../../db/schema/index.js';
import { metadataLeft, photoWithMetadata } from '../../../test/photo-metadata.fixture.js';
import { syndicDocumentsWorld, upload } from '../../../test/syndic-documents.fixture.js';

/**
 * A photo the syndic files as a document keeps none of the phone's metadata once stored, while
 * the syndic's stored form (the SHA-256 and size of the bytes it sent) still names it on a replay.
 */

const { t, a, call, ok, owner } = await syndicDocumentsWorld();
afterAll(() => t.close());
const clean = { markers: [], exif: false, xmp: false, iptc: false, orientation: 1 };

describe('an image document sent by the syndic API', async () => {
  const jpeg = await photoWithMetadata();
  const doc = {
    place: 'coproprietaire',
    coproprietaire: 'P1',
    type: 'AUTRE',
    name: 'Photo de la fuite',
    date: '2026-03-02',
    file: upload('fuite.jpg', jpeg, 'image/jpeg'),
  };

  it('is stored and served without EXIF, GPS or XMP at every size; the stored form still replays', async () => {
    await t.database.db
      .insert(documentTypes)
      .values({ code: 'AUTRE', name: 'Autres', sort: 1 })
      .onConflictDoNothing();
    const first = await ok(call('PUT', '/documents/PH1', a.headers, doc));
    expect(first.resource.file).toMatchObject({ content_type: 'image/jpeg', size: jpeg.length });
    const replay = await ok(call('PUT', '/documents/PH1', a.headers, { ...doc, file: first.resource.file }));
    expect(replay.result).toBe('unchanged');

    const list = await ok(call('GET', `/api/documents/${owner.id}/types/AUTRE?page_size=200`, owner.headers));
    const url: string = list.data[0].source_url;
    for (const size of IMAGE_SIZES) {
      const res = await t.app.inject({ method: 'GET', url: url.replace('/original/', `/${size}/`) });
      expect(res.statusCode, size).toBe(200);
      expect(await metadataLeft(res.rawPayload), size).toMatchObject(clean);
    }
  });

  it('goes into a ZIP of the length announced, as the stored (cleaned) bytes', async () => {
    const list = await ok(call('GET', `/api/documents/${owner.id}/types/AUTRE?page_size=200`, owner.headers));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/documents/${owner.id}/zip`,
      headers: owner.headers,
      payload: { ids: [list.data[0].id] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    const dir = mkdtempSync(path.join(tmpdir(), 'photo-zip-'));
    writeFileSync(path.join(dir, 'd.zip'), res.rawPayload);
    execFileSync('python3', [
      '-c',
      'import sys,zipfile; z=zipfile.ZipFile(sys.argv[1]); z.testzip(); open(sys.argv[2],"wb").write(z.read(z.namelist()[0]))',
      path.join(dir, 'd.zip'),
      path.join(dir, 'photo.jpg'),
    ]);
    expect(await metadataLeft(readFileSync(path.join(dir, 'photo.jpg')))).toMatchObject(clean);
  });
});
