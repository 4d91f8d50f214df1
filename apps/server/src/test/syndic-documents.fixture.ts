import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { expect } from 'vitest';
import { coproprietaires, syndicAuditLog } from '../db/schema/index.js';
import { makeSignedInUser } from './factories.js';
import { makeSyndicWithKey } from './factories.syndic.js';
import { createTestApp, json, type TestApp } from './harness.js';

/**
 * The world of the syndic API's documents, invoices and communications tests: syndic A's building
 * IMM (every document and invoice scope open) with lots L1, L2 and the key CG, a second building
 * AUTRE with lot LX, co-owners P1 (signed in as `owner`) and P2; syndic B with nothing.
 */
export type H = Record<string, string>;

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
/** A real scan-sized JPEG (A4 portrait at 150 dpi), so its sizes are generated (decision 56). */
export const JPEG = await sharp({
  create: { width: 1240, height: 1754, channels: 3, background: '#f4f1ea' },
})
  .jpeg()
  .toBuffer();
export const upload = (name: string, data: Buffer, content_type = 'application/pdf') => ({
  name,
  content_type,
  content_base64: data.toString('base64'),
});

/** Calls of one test app: a path under `/api/syndic/v1` unless it starts with `/api/`. */
export function callsOf(t: TestApp) {
  const call = async (
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    url: string,
    headers: H,
    payload?: unknown,
  ) => {
    const res = await t.app.inject({
      method,
      url: url.startsWith('/api/') ? url : `/api/syndic/v1${url}`,
      headers,
      ...(payload ? { payload: payload as object } : {}),
    });
    return { status: res.statusCode, body: json(res) };
  };
  const ok = async (p: ReturnType<typeof call>) => {
    const r = await p;
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data;
  };
  return { call, ok };
}

export async function syndicDocumentsWorld() {
  const t = await createTestApp();
  const { call, ok } = callsOf(t);
  const a = await makeSyndicWithKey(t.database.db);
  const b = await makeSyndicWithKey(t.database.db);
  const h = a.headers;
  await ok(
    call('PUT', '/coproprietes/IMM', h, {
      name: 'Résidence Les Tilleuls',
      address: { full_address: '14 rue des Tilleuls 69003 Lyon' },
      settings: {
        show_invoice: '1',
        show_invoice_scope: '1',
        show_invoice_status: '1',
        show_invoice_status_scope: '1',
        show_copro_document: '1',
        show_copro_document_scope: '1',
        show_syndic_document: '1',
        show_syndic_document_scope: '1',
        show_releves_bancaires: '1',
        show_releves_bancaires_scope: '1',
      },
    }),
  );
  await ok(
    call('PUT', '/coproprietes/AUTRE', h, {
      name: 'Le Clos',
      address: { full_address: '1 rue B 69002 Lyon' },
    }),
  );
  for (const n of ['1', '2'])
    await ok(call('PUT', `/lots/L${n}`, h, { copropriete: 'IMM', number: n, name: `Appartement ${n}` }));
  await ok(call('PUT', '/lots/LX', h, { copropriete: 'AUTRE', number: '1', name: 'Ailleurs' }));
  await ok(
    call('PUT', '/repartitions/CG', h, {
      copropriete: 'IMM',
      code: '001',
      name: 'Charges générales',
      total_tantieme: 1000,
      tantiemes: [
        { lot: 'L1', tantieme: 600 },
        { lot: 'L2', tantieme: 400 },
      ],
    }),
  );
  const p1 = await ok(
    call('PUT', '/coproprietaires/P1', h, { copropriete: 'IMM', last_name: 'Durand', lots: ['L1'] }),
  );
  await ok(call('PUT', '/coproprietaires/P2', h, { copropriete: 'IMM', last_name: 'Moreau', lots: ['L2'] }));
  const u = await makeSignedInUser(t.database.db);
  await t.database.db
    .update(coproprietaires)
    .set({ user_id: u.user.id, init_settings_done: true })
    .where(eq(coproprietaires.id, p1.id));
  const [rec] = await t.database.db.select().from(coproprietaires).where(eq(coproprietaires.id, p1.id));
  const owner = { id: p1.id, headers: u.headers, coproId: rec.copropriete_id, syndicId: a.syndic.id };
  const auditOf = (externalId: string) =>
    t.database.db.select().from(syndicAuditLog).where(eq(syndicAuditLog.external_id, externalId));
  return { t, a, b, call, ok, owner, auditOf };
}
