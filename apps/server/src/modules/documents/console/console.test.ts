import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentGroups, documents, documentTypes, syndicAuditLog } from '../../../db/schema/index.js';
import { consoleCall, consoleWorld, type ConsoleWorld, type Headers } from '../../console/console.fixture.js';
import { createTestApp, json, type TestApp } from '../../../test/harness.js';

/**
 * A building's documents in the console: uploaded by presigned PUT and published by the syndic
 * API's bulk service (its rows, its audit lines), listed with the décret 2019-502 checklist,
 * replaced and deleted; refused per file in French with nothing written; out of reach: 404.
 */

let t: TestApp;
let w: ConsoleWorld;
const pdf = (words: string) => Buffer.from(`%PDF-1.4\n% ${words}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`);
const stored = (name: string, data: Buffer) => ({
  name,
  content_type: 'application/pdf',
  sha256: createHash('sha256').update(data).digest('hex'),
  size: data.length,
});
const base = (coproId: string) => `/gestion/coproprietes/${coproId}/documents`;

/** Steps 1 and 2 as the page does them: presign, PUT the bytes, publish. */
async function upload(h: Headers, coproId: string, data: Buffer) {
  const call = consoleCall(t);
  const file = stored('fichier.pdf', data);
  const pre = await call('POST', `${base(coproId)}/envois`, h, {
    files: [{ sha256: file.sha256, size: file.size, content_type: file.content_type }],
  });
  expect(pre.statusCode).toBe(200);
  const u = json(pre).data.uploads[0];
  expect(u.url.startsWith('/files/')).toBe(true);
  const put = await t.app.inject({ method: 'PUT', url: u.url, payload: data, headers: u.headers });
  expect(put.statusCode).toBeLessThan(300);
  return file;
}
const publish = (h: Headers, coproId: string, body: object) => consoleCall(t)('POST', base(coproId), h, body);

beforeAll(async () => {
  t = await createTestApp();
  w = await consoleWorld(t);
  await t.database.db
    .insert(documentTypes)
    .values({ code: 'APPEL_FONDS', name: 'Appels de fonds', sort: 1 })
    .onConflictDoNothing();
});
afterAll(() => t.close());

describe('console documents', () => {
  it('publishes the règlement through the API service: listed, the checklist item present, audited', async () => {
    const h = w.gestionnaire.headers;
    const before = json(await consoleCall(t)('GET', base(w.a1.coproId), h)).data;
    expect(before.checklist.items.find((i: { code: string }) => i.code === 'reglement').status).toBe(
      'missing',
    );
    const data = pdf('reglement de copropriete');
    const file = await upload(h, w.a1.coproId, data);
    const res = await publish(h, w.a1.coproId, {
      audience: 'copropriete',
      kind: 'reglement',
      name: 'Règlement de copropriété (2019)',
      date: '2019-06-12',
      file: { ...file, name: 'reglement.pdf' },
    });
    expect(res.statusCode).toBe(200);
    const doc = json(res).data;
    expect(doc).toMatchObject({
      name: 'Règlement de copropriété (2019)',
      type_label: 'Règlement de copropriété et état descriptif de division',
      audience: 'copropriete',
      size: data.length,
      content_type: 'application/pdf',
    });
    const after = json(await consoleCall(t)('GET', base(w.a1.coproId), h)).data;
    expect(after.documents.map((d: { id: string }) => d.id)).toContain(doc.id);
    expect(after.checklist.items.find((i: { code: string }) => i.code === 'reglement').status).toBe(
      'present',
    );
    // The syndic API's audit lines: the shelf and the document, by the staff member, no key.
    const lines = await t.database.db
      .select()
      .from(syndicAuditLog)
      .where(eq(syndicAuditLog.syndic_id, w.a.syndic.id));
    const mine = lines.filter((l) => l.resource === 'document' && l.resource_id === doc.id);
    expect(mine.map((l) => l.action)).toEqual(['created']);
    expect(mine[0]!.api_key_id).toBeNull();
    expect(lines.some((l) => l.resource === 'document_group' && l.action === 'created')).toBe(true);
  });

  it("files a council document on the building's council shelf, a co-owner's on their own space", async () => {
    const h = w.gestionnaire.headers;
    const council = await publish(h, w.a1.coproId, {
      audience: 'conseil',
      kind: 'liste_coproprietaires',
      name: 'Liste des copropriétaires 2026',
      date: '2026-01-15',
      file: await upload(h, w.a1.coproId, pdf('liste')),
    });
    expect(json(council).data).toMatchObject({
      audience: 'conseil',
      type_label: 'Liste des copropriétaires',
    });
    const [shelf] = await t.database.db
      .select()
      .from(documentGroups)
      .where(and(eq(documentGroups.copropriete_id, w.a1.coproId), eq(documentGroups.audience, 'council')));
    expect(shelf?.name).toBe('Liste des copropriétaires');
    const own = await publish(h, w.a1.coproId, {
      audience: 'coproprietaire',
      coproprietaire_id: w.a1.ownerId,
      type: 'APPEL_FONDS',
      name: 'Appel de fonds T1 2026',
      date: '2026-01-01',
      file: await upload(h, w.a1.coproId, pdf('appel')),
    });
    expect(json(own).data).toMatchObject({
      audience: 'coproprietaire',
      type_label: 'Appels de fonds',
      coproprietaire: { id: w.a1.ownerId },
    });
    // Another building's co-owner: refused, named on the console's field.
    const other = await publish(h, w.a1.coproId, {
      audience: 'coproprietaire',
      coproprietaire_id: w.a2.ownerId,
      type: 'APPEL_FONDS',
      name: 'Appel',
      date: '2026-01-01',
      file: await upload(h, w.a1.coproId, pdf('autre')),
    });
    expect(other.statusCode).toBe(400);
    expect(json(other).errors.coproprietaire_id).toMatch(/immeuble/);
  });

  it('refuses a file that never went up, in French, and writes nothing', async () => {
    const count = async () => (await t.database.db.select({ id: documents.id }).from(documents)).length;
    const n = await count();
    const res = await publish(w.gestionnaire.headers, w.a1.coproId, {
      audience: 'copropriete',
      kind: 'assurance',
      name: "Contrat d'assurance",
      date: '2026-01-01',
      file: stored('assurance.pdf', pdf('jamais envoyé')),
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).errors.file).toMatch(/[a-zé]/);
    expect(await count()).toBe(n);
  });

  it('replaces a document (same record, new file) and deletes it', async () => {
    const h = w.benevole.headers;
    const first = json(
      await publish(h, w.v.coproId, {
        audience: 'copropriete',
        kind: 'fiche_synthetique',
        name: 'Fiche synthétique 2025',
        date: '2025-12-01',
        file: await upload(h, w.v.coproId, pdf('fiche 2025')),
      }),
    ).data;
    const bigger = pdf('fiche synthetique 2026, plus longue');
    const second = await publish(h, w.v.coproId, {
      audience: 'copropriete',
      kind: 'fiche_synthetique',
      name: 'Fiche synthétique 2026',
      date: '2026-01-10',
      file: await upload(h, w.v.coproId, bigger),
      replaces: first.id,
    });
    expect(json(second).data).toMatchObject({
      id: first.id,
      name: 'Fiche synthétique 2026',
      size: bigger.length,
    });
    const del = await consoleCall(t)('POST', `${base(w.v.coproId)}/${first.id}/supprimer`, h);
    expect(json(del).data).toEqual({ deleted: true });
    const list = json(await consoleCall(t)('GET', base(w.v.coproId), h)).data;
    expect(list.documents.some((d: { id: string }) => d.id === first.id)).toBe(false);
  });

  it("out of reach, another building's document, a read-only role: 404, 404, 403", async () => {
    const call = consoleCall(t);
    const [doc] = await t.database.db.select({ id: documents.id }).from(documents).limit(1);
    expect((await call('GET', base(w.a2.coproId), w.gestionnaire.headers)).statusCode).toBe(404);
    expect((await call('GET', base(w.a1.coproId), w.coowner.headers)).statusCode).toBe(404);
    expect((await call('GET', base(w.a1.coproId), w.comptable.headers)).statusCode).toBe(200);
    expect(
      (
        await call('POST', `${base(w.a1.coproId)}/envois`, w.assistant.headers, {
          files: [{ sha256: 'a'.repeat(64), size: 10, content_type: 'application/pdf' }],
        })
      ).statusCode,
    ).toBe(403);
    // The benevole's building does not hold A1's documents.
    expect(
      (await call('POST', `${base(w.v.coproId)}/${doc!.id}/supprimer`, w.benevole.headers)).statusCode,
    ).toBe(404);
  });
});
