import { consoleDocumentEndpoints, type Endpoint } from '@tantieme/contract';
import type { Db } from '../../db/client.js';
import { documentGroups, documents, files } from '../../db/schema/index.js';
import type { RouteCase } from './console.matrix.money.fixture.js';
import type { Target } from './console.fixture.js';

/**
 * The documents routes of the console permission matrix: reading is every role's, publishing
 * and deleting 'documents.write'. The publication names a file that never went up: a 400 for
 * those allowed (never data for the others).
 */
export const DOCUMENT_CASES: [Endpoint, RouteCase][] = [
  [consoleDocumentEndpoints.list, { action: 'building.read', scope: 'building' }],
  [
    consoleDocumentEndpoints.uploads,
    {
      action: 'documents.write',
      scope: 'building',
      body: () => ({ files: [{ sha256: 'b'.repeat(64), size: 1200, content_type: 'application/pdf' }] }),
    },
  ],
  [
    consoleDocumentEndpoints.publish,
    {
      action: 'documents.write',
      scope: 'building',
      body: () => ({
        audience: 'copropriete',
        kind: 'reglement',
        name: 'Règlement de copropriété',
        date: '2019-06-12',
        file: { name: 'rcp.pdf', content_type: 'application/pdf', sha256: 'b'.repeat(64), size: 1200 },
      }),
    },
  ],
  [consoleDocumentEndpoints.remove, { action: 'documents.write', scope: 'building' }],
];

/** One document on a shelf of each building: the one its deletion route names. */
export async function documentOfEach(db: Db, targets: Target[]) {
  const out = new Map<string, string>();
  for (const t of targets) {
    const [g] = await db
      .insert(documentGroups)
      .values({ scope: 'copropriete', copropriete_id: t.coproId, name: 'Diagnostics techniques' })
      .returning();
    const [f] = await db
      .insert(files)
      .values({
        storage_key: `test/matrix/${t.coproId}.pdf`,
        name: 'dtg.pdf',
        content_type: 'application/pdf',
        size: 10,
      })
      .returning();
    const [d] = await db
      .insert(documents)
      .values({ group_id: g!.id, file_id: f!.id, name: 'Diagnostic technique global', date: '2025-03-01' })
      .returning();
    out.set(t.coproId, d!.id);
  }
  return out;
}
