import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { documents, documentTypes, files } from '../../../db/schema/index.js';
import { renderPdf } from '../../../lib/pdf.js';
import { JPEG, PDF, upload, syndicDocumentsWorld } from '../../../test/syndic-documents.fixture.js';

/**
 * A syndic files documents through its API: into a co-owner's space, a group, a bank statement
 * month or an assembly year; each write idempotent by external_id, a bad input a 400 naming the
 * field with nothing written, another syndic's key a 404, and what was pushed is what the
 * co-owner's own calls show.
 */

const { t, a, b, call, ok, owner, auditOf } = await syndicDocumentsWorld();
afterAll(() => t.close());
describe("documents into a co-owner's space, groups, bank statements and assembly years", () => {
  const doc = {
    place: 'coproprietaire',
    coproprietaire: 'P1',
    type: 'AUTRE',
    name: 'Attestation de propriété',
    date: '2026-03-02',
    file: upload('attestation.pdf', PDF),
  };

  it('creates, answers unchanged on a replay (file re-sent or in its stored form) and the co-owner lists it', async () => {
    await t.database.db
      .insert(documentTypes)
      .values({ code: 'AUTRE', name: 'Autres', sort: 1 })
      .onConflictDoNothing();
    const first = await ok(call('PUT', '/documents/D1', a.headers, doc));
    expect(first.result).toBe('created');
    expect(first.resource).toMatchObject({
      external_id: 'D1',
      place: 'coproprietaire',
      coproprietaire: 'P1',
      type: 'AUTRE',
      name: 'Attestation de propriété',
      file: { name: 'attestation.pdf', content_type: 'application/pdf', size: PDF.length },
    });
    expect(first.resource.file.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect((await ok(call('PUT', '/documents/D1', a.headers, doc))).result).toBe('unchanged');
    const stored = { ...doc, file: first.resource.file };
    expect((await ok(call('PUT', '/documents/D1', a.headers, stored))).result).toBe('unchanged');
    expect(await auditOf('D1')).toHaveLength(1);

    // The co-owner's own call (SPEC §7) shows it, with a signed URL that serves the PDF.
    const list = await ok(call('GET', `/api/documents/${owner.id}/types/AUTRE?page_size=200`, owner.headers));
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({
      id: first.id,
      name: 'Attestation de propriété',
      capacity: PDF.length,
    });
    const file = await t.app.inject({ method: 'GET', url: list.data[0].source_url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(PDF)).toBe(true);
    // The server chose the storage name, never the client's file name.
    expect(list.data[0].source_url).not.toContain('attestation');
  });

  it('updates (new name, new file) and the audit log tells what changed', async () => {
    const r = await ok(
      call('PUT', '/documents/D1', a.headers, {
        ...doc,
        name: 'Attestation 2026',
        file: upload('attestation-2026.pdf', Buffer.concat([PDF, Buffer.from('% v2\n')])),
      }),
    );
    expect(r.result).toBe('updated');
    const [, upd] = (await auditOf('D1')).sort((x, y) => x.at.getTime() - y.at.getTime());
    expect(Object.keys(upd.changes as object).sort()).toEqual(['file', 'name']);
  });

  it('puts documents into a group of the copropriété, of the syndic, a bank statement month and an assembly year', async () => {
    await ok(
      call('PUT', '/document-groups/REGL', a.headers, {
        scope: 'copropriete',
        copropriete: 'IMM',
        name: 'Règlement',
      }),
    );
    await ok(
      call('PUT', '/document-groups/CARTE', a.headers, {
        scope: 'syndic',
        name: 'Carte professionnelle',
        number: 'CPI 6901 2024 000 012 345',
        approve_date: '2024-02-01',
      }),
    );
    const file = upload('f.pdf', PDF);
    await ok(
      call('PUT', '/documents/G1', a.headers, {
        place: 'group',
        group: 'REGL',
        name: 'Règlement de copropriété',
        date: '2019-05-01',
        file,
      }),
    );
    await ok(
      call('PUT', '/documents/G2', a.headers, {
        place: 'group',
        group: 'CARTE',
        name: 'Carte T',
        date: '2024-02-01',
        file,
      }),
    );
    await ok(
      call('PUT', '/documents/B1', a.headers, {
        place: 'bank_statement',
        copropriete: 'IMM',
        year: 2026,
        month: 2,
        name: 'Relevé février 2026',
        date: '2026-02-28',
        file,
      }),
    );
    const ag = await ok(
      call('PUT', '/documents/A1', a.headers, {
        place: 'ag',
        copropriete: 'IMM',
        year: 2025,
        ag_kind: 'record',
        name: 'Procès-verbal AG 2025',
        date: '2025-06-20',
        file,
      }),
    );
    expect(ag.resource).toMatchObject({ place: 'ag', copropriete: 'IMM', year: 2025, ag_kind: 'record' });

    const groups = await ok(
      call('POST', '/api/documents/get-copropriete-documents', owner.headers, { copro_ids: [owner.coproId] }),
    );
    const byName = Object.fromEntries(groups.map((g: { name: string }) => [g.name, g]));
    expect(byName['Règlement'].documents.map((d: { name: string }) => d.name)).toEqual([
      'Règlement de copropriété',
    ]);
    expect(byName['Relevés bancaires'].months).toMatchObject([{ year: 2026, month: 2 }]);
    expect(byName['Assemblées générales'].years[0].records[0].name).toBe('Procès-verbal AG 2025');
    const syndicGroups = await ok(
      call('POST', '/api/documents/get-syndic-documents', owner.headers, { syndic_ids: [owner.syndicId] }),
    );
    expect(syndicGroups[0]).toMatchObject({
      name: 'Carte professionnelle',
      number: 'CPI 6901 2024 000 012 345',
    });
  });

  it('refuses a bad input with 400 naming the field, and writes nothing', async () => {
    const before = (await t.database.db.select().from(documents)).length;
    const bad = await call('PUT', '/documents/BAD', a.headers, {
      ...doc,
      coproprietaire: 'NOPE',
      type: 'INCONNU',
      file: upload('faux.pdf', Buffer.from('MZ not a pdf')),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({
      coproprietaire: 'Copropriétaire inconnu\u202f: NOPE',
      type: 'Type de document inconnu\u202f: INCONNU (voir GET /parameters/document-types/list).',
      'file.content_base64': 'Le contenu du fichier ne correspond pas à son type.',
    });
    const exe = await call('PUT', '/documents/BAD', a.headers, {
      ...doc,
      file: upload('x.exe', Buffer.from('MZ'), 'application/x-msdownload'),
    });
    expect(exe.status).toBe(400);
    expect(exe.body.errors['file.content_type']).toBe('Type de fichier non autorisé.');
    const place = await call('PUT', '/documents/BAD', a.headers, { ...doc, place: 'cave' });
    expect(place.status).toBe(400);
    expect(Object.keys(place.body.errors)).toContain('place');
    const stored = await call('PUT', '/documents/BAD', a.headers, {
      ...doc,
      file: { name: 'x.pdf', content_type: 'application/pdf', sha256: 'a'.repeat(64), size: 3 },
    });
    expect(stored.body.errors).toEqual({
      'file.sha256': 'Fichier inconnu\u202f: envoyez son contenu (content_base64).',
    });
    expect((await t.database.db.select().from(documents)).length).toBe(before);
    expect(await auditOf('BAD')).toHaveLength(0);
  });

  it('refuses an image whose bytes start right but do not decode, in French, writing no file', async () => {
    const truncated = JPEG.subarray(0, JPEG.length >> 1);
    const r = await call('PUT', '/documents/CASSE', a.headers, {
      ...doc,
      file: upload('scan.jpg', truncated, 'image/jpeg'),
    });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual({ 'file.content_base64': 'Cette image est illisible ou endommagée.' });
    expect(await auditOf('CASSE')).toHaveLength(0);
    // Content-addressed keys end with the SHA-256: no object and no row holds those bytes.
    const sha = createHash('sha256').update(truncated).digest('hex');
    const root = (t.app.platform.storage as unknown as { root: string }).root;
    const stored = await readdir(root, { recursive: true });
    expect(stored.some((k) => k.includes(sha))).toBe(false);
    const rows = await t.database.db.select({ key: files.storage_key }).from(files);
    expect(rows.some((f) => f.key.includes(sha))).toBe(false);
  });

  it('answers 413 in French to a file over 10 MB', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0x20);
    PDF.copy(big);
    const r = await call('PUT', '/documents/BIG', a.headers, { ...doc, file: upload('gros.pdf', big) });
    expect(r.status).toBe(413);
    expect(r.body.message).toBe('Le fichier est trop volumineux.');
  });

  it("another syndic's key gets 404 for the document and cannot file into this syndic's co-owner", async () => {
    expect((await call('GET', '/documents/D1', b.headers)).status).toBe(404);
    expect((await call('DELETE', '/documents/D1', b.headers)).status).toBe(404);
    const intrus = await call('PUT', '/documents/D1', b.headers, doc);
    expect(intrus.status).toBe(400);
    expect(intrus.body.errors).toEqual({ coproprietaire: 'Copropriétaire inconnu\u202f: P1' });
    expect((await ok(call('GET', '/documents', b.headers))).items).toEqual([]);
  });

  it('lists and deletes; a group still holding documents is a 409; the co-owner no longer sees a deleted one', async () => {
    const list = await ok(call('GET', '/documents?limit=2', a.headers));
    expect(list.items).toHaveLength(2);
    expect(list.next_cursor).not.toBeNull();
    expect((await call('DELETE', '/document-groups/REGL', a.headers)).status).toBe(409);
    expect(await ok(call('DELETE', '/documents/D1', a.headers))).toMatchObject({ result: 'deleted' });
    expect((await call('GET', '/documents/D1', a.headers)).status).toBe(404);
    const own = await ok(call('GET', `/api/documents/${owner.id}/types/AUTRE?page_size=200`, owner.headers));
    expect(own.data).toEqual([]);
    const del = (await auditOf('D1')).find((x) => x.action === 'deleted');
    expect(del?.changes).toHaveProperty('name');
  });
});

describe('the text of an uploaded PDF', () => {
  it('is read when the syndic stores it, and the co-owner finds the document by its words', async () => {
    const pdf = await renderPdf({
      issuer: { name: 'Cabinet Lefèvre' },
      title: "Contrat d'entretien",
      blocks: [{ p: 'Le prestataire vérifie chaque trimestre les extincteurs du parking.' }],
    });
    await ok(
      call('PUT', '/documents/TXT1', a.headers, {
        place: 'ag',
        copropriete: 'IMM',
        year: 2026,
        ag_kind: 'quote',
        name: 'Annexe 3',
        date: '2026-03-02',
        file: upload('annexe-3.pdf', pdf),
      }),
    );
    const [row] = await t.app.db.select().from(documents).where(eq(documents.name, 'Annexe 3'));
    expect(row.content_text).toContain('extincteurs du parking');
    const s = await ok(call('GET', `/api/documents/${owner.id}/search?q=extincteur`, owner.headers));
    expect(s.results.map((r: { document: { name: string } }) => r.document.name)).toEqual(['Annexe 3']);
    // Renamed, the same file keeps its text.
    await ok(
      call('PUT', '/documents/TXT1', a.headers, {
        place: 'ag',
        copropriete: 'IMM',
        year: 2026,
        ag_kind: 'quote',
        name: 'Annexe 3 – extincteurs',
        date: '2026-03-02',
        file: upload('annexe-3.pdf', pdf),
      }),
    );
    const [renamed] = await t.app.db.select().from(documents).where(eq(documents.id, row.id));
    expect(renamed.content_text).toBe(row.content_text);
  });
});
