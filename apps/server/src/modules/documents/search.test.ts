import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildPath, documentSearchEndpoints as e, type DocumentSearch } from '@tantieme/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentGroups, documents } from '../../db/schema/index.js';
import { renderPdf } from '../../lib/pdf.js';
import { documentRow } from '../../../seed/builders/documents.js';
import { makeDocumentsWorld, makeFile } from '../../test/factories.documents.js';
import { createTestApp, json, type TestApp } from '../../test/harness.js';
import { fillDocumentTexts } from './search.service.js';

let t: TestApp;
let w: Awaited<ReturnType<typeof makeDocumentsWorld>>;
const ids: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  w = await makeDocumentsWorld(t.app);
  // A real PDF whose words are not in its name, read as the backfill reads the demo's.
  const [ag] = await t.app.db
    .select()
    .from(documentGroups)
    .where(and(eq(documentGroups.copropriete_id, w.copro.id), eq(documentGroups.kind, 'AG')));
  const pdf = await renderPdf({
    issuer: { name: 'Cabinet Lefèvre' },
    title: "Procès-verbal de l'assemblée générale 2024",
    blocks: [{ p: 'Résolution 12 : le ravalement de la façade sur rue est voté pour 84 000 €.' }],
  });
  const file = await makeFile(t.app, 'pv-2024.pdf', 'application/pdf', pdf);
  await t.app.db.insert(documents).values({
    group_id: ag.id,
    file_id: file.id,
    name: 'PV AG 2024',
    date: '2024-06-18',
    year: 2024,
    ag_kind: 'record',
  });
  expect(await fillDocumentTexts(t.app.db, t.app.platform.storage)).toBeGreaterThan(0);
  for (const d of await t.app.db.select().from(documents)) ids[d.name] = d.id;
});
afterAll(() => t.close());

const search = async (coproId: string, query: Record<string, string>, headers: Record<string, string>) =>
  t.app.inject({
    method: 'GET',
    url: `/api${buildPath(e.search.path, { coproId })}?${new URLSearchParams(query)}`,
    headers,
  });
const found = async (coproId: string, query: Record<string, string>, headers: Record<string, string>) => {
  const res = await search(coproId, query, headers);
  expect(res.statusCode).toBe(200);
  return json(res).data as DocumentSearch;
};
const names = (s: DocumentSearch) => s.results.map((r) => r.document.name).sort();
/** What Python's zipfile reads in an archive (`z`, the open ZipFile; the script prints JSON). */
const readZip = (bytes: Buffer, script: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'docs-zip-'));
  writeFileSync(path.join(dir, 'd.zip'), bytes);
  const out = execFileSync('python3', [
    '-c',
    `import json,sys,zipfile; z=zipfile.ZipFile(sys.argv[1]); ${script}`,
    path.join(dir, 'd.zip'),
  ]);
  return JSON.parse(out.toString());
};
const zip = (coproId: string, body: unknown, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: `/api/documents/${coproId}/zip`, headers, payload: body as object });

describe('documents found', () => {
  it('finds a PDF by the words of its text, accents aside, with the words around them', async () => {
    const s = await found(w.owner.id, { q: 'facade ravalement' }, w.ownerUser.headers);
    expect(names(s)).toEqual(['PV AG 2024']);
    expect(s.terms).toEqual(['facade', 'ravalement']);
    expect(s.results[0].snippet).toContain('ravalement de la façade');
    expect(s.results[0].type_label).toBe('Assemblées générales');
    expect(s.results[0].document.source_url).toMatch(/^\/files\//);
  });

  it('finds by the beginning of a word of the name, the type or the year', async () => {
    expect(names(await found(w.owner.id, { q: 'procès' }, w.ownerUser.headers))).toEqual(['PV AG 2024']);
    expect(names(await found(w.owner.id, { q: 'appel' }, w.ownerUser.headers))).toEqual([
      'Appel de fonds T1',
      'Appel de fonds T2',
      'Appel de fonds T3',
    ]);
    expect(names(await found(w.owner.id, { q: 'assemblées 2025' }, w.ownerUser.headers))).toEqual([
      'Convocation AG 2025',
      'PV AG 2025',
    ]);
  });

  it('filters by year and by kind, and offers only the years and kinds the record may see', async () => {
    const all = await found(w.owner.id, {}, w.ownerUser.headers);
    expect(all.years).toEqual([2026, 2025, 2024, 2020]);
    expect(all.types.map((x) => x.label)).toEqual([
      'Appels de fonds',
      'Assemblées générales',
      'Règlement de copropriété',
    ]);
    expect(names(await found(w.owner.id, { year: '2025' }, w.ownerUser.headers))).toEqual([
      'Convocation AG 2025',
      'PV AG 2025',
    ]);
    const ag = all.types.find((x) => x.label === 'Assemblées générales')!.key;
    expect(names(await found(w.owner.id, { type: ag, q: 'pv' }, w.ownerUser.headers))).toEqual([
      'PV AG 2024',
      'PV AG 2025',
    ]);
  });

  it('never finds what the record may not see: bank statements without the permission, council-only syndic documents', async () => {
    const owner = await found(w.owner.id, {}, w.ownerUser.headers);
    expect(names(owner)).not.toContain('Relevé janvier');
    expect(names(owner)).not.toContain('Carte professionnelle');
    expect(names(await found(w.owner.id, { q: 'relevé' }, w.ownerUser.headers))).toEqual([]);
    expect(names(await found(w.owner.id, { q: 'carte' }, w.ownerUser.headers))).toEqual([]);
    // The council member of the same building sees both, and not the owner's own calls.
    const member = await found(w.member.id, {}, w.memberUser.headers);
    expect(names(member)).toEqual(expect.arrayContaining(['Relevé janvier', 'Carte professionnelle']));
    expect(names(member)).not.toContain('Appel de fonds T1');
  });

  it("gives another user 404 on the record, and nothing of it in their own building's search", async () => {
    expect((await search(w.owner.id, { q: 'appel' }, w.strangerUser.headers)).statusCode).toBe(404);
    expect((await search(w.owner.id, {}, {})).statusCode).toBe(401);
    expect(names(await found(w.stranger.id, { q: 'appel' }, w.strangerUser.headers))).toEqual([]);
  });

  it.each([
    [{ q: 'x'.repeat(201) }, 400],
    [{ year: 'deux-mille' }, 400],
    [{ type: "own:'; drop table" }, 400],
    [{ q: "'&|!:*() <-> \\" }, 200],
    [{ q: 'de la le' }, 200],
  ])('answers %j with %i, never 500', async (query, status) => {
    expect((await search(w.owner.id, query as Record<string, string>, w.ownerUser.headers)).statusCode).toBe(
      status,
    );
  });
});

describe('documents as one archive', () => {
  it('streams the chosen documents as a ZIP of the announced length', async () => {
    const res = await zip(
      w.owner.id,
      { ids: [ids['PV AG 2024'], ids['Appel de fonds T1']] },
      w.ownerUser.headers,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(readZip(res.rawPayload, 'z.testzip(); print(json.dumps(sorted(z.namelist())))')).toEqual([
      'Appel de fonds T1.pdf',
      'PV AG 2024.pdf',
    ]);
  });

  it('refuses the whole archive when one document is not visible to the record (404)', async () => {
    for (const hidden of ['Relevé janvier', 'Carte professionnelle']) {
      const res = await zip(w.owner.id, { ids: [ids['PV AG 2024'], ids[hidden]] }, w.ownerUser.headers);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).not.toBe('application/zip');
    }
    expect((await zip(w.owner.id, { ids: [ids['PV AG 2024']] }, w.strangerUser.headers)).statusCode).toBe(
      404,
    );
    expect(
      (await zip(w.stranger.id, { ids: [ids['Appel de fonds T1']] }, w.strangerUser.headers)).statusCode,
    ).toBe(404);
  });

  it.each([
    [{ ids: [] }],
    [{ ids: ['pas-un-id'] }],
    [{ ids: Array.from({ length: 51 }, () => '00000000-0000-4000-8000-000000000000') }],
    [{}],
  ])('answers 400 to %j', async (body) => {
    expect((await zip(w.owner.id, body, w.ownerUser.headers)).statusCode).toBe(400);
  });
});

describe('one file published twice (the record’s own copy and the building’s)', () => {
  it('is found once, as the record’s own, and zipped once, dated with its document', async () => {
    const [pv] = await t.app.db.select().from(documents).where(eq(documents.id, ids['PV AG 2024']));
    const [copy] = await t.app.db
      .insert(documents)
      .values(
        documentRow({
          coproprietaire_id: w.owner.id,
          type_code: 'APPEL_FONDS',
          file_id: pv.file_id,
          name: 'PV AG 2024',
          date: '2024-06-18',
        }),
      )
      .returning();
    const s = await found(w.owner.id, { q: 'PV AG 2024' }, w.ownerUser.headers);
    expect(s.results.map((r) => [r.document.id, r.type_key])).toEqual([[copy.id, 'own:APPEL_FONDS']]);
    const res = await zip(w.owner.id, { ids: [pv.id, copy.id] }, w.ownerUser.headers);
    expect(res.statusCode).toBe(200);
    expect(
      readZip(
        res.rawPayload,
        'print(json.dumps([[i.filename, list(i.date_time[:3])] for i in z.infolist()]))',
      ),
    ).toEqual([['PV AG 2024.pdf', [2024, 6, 18]]]);
  });
});
