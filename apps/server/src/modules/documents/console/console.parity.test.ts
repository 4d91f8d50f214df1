import { createHash } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  coproprietaires,
  documentTypes,
  notifications,
  syndicAuditLog,
  syndicWebhookDeliveries,
  syndicWebhookEndpoints,
} from '../../../db/schema/index.js';
import { makeSignedInUser } from '../../../test/factories.js';
import { makeSyndicWithKey } from '../../../test/factories.syndic.js';
import { createTestApp, json, type TestApp } from '../../../test/harness.js';
import { consoleCall, makeStaff } from '../../console/console.fixture.js';

/**
 * One document published through the syndic API's bulk and through the console: the same audit
 * line (but for its ids and who wrote it), the same webhooks, the same notices to the co-owner.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const pdf = (n: number) => Buffer.from(`%PDF-1.4\n% appel ${n}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`);
const storedOf = (data: Buffer) => ({
  name: 'appel.pdf',
  content_type: 'application/pdf',
  sha256: createHash('sha256').update(data).digest('hex'),
  size: data.length,
});

describe('a document, two entrances', () => {
  it('writes equal audit lines, webhooks and notices whether the key or a staff member publishes', async () => {
    const db = t.database.db;
    const s = await makeSyndicWithKey(db);
    await db
      .insert(documentTypes)
      .values({ code: 'APPEL_FONDS', name: 'Appels de fonds', sort: 1 })
      .onConflictDoNothing();
    await db.insert(syndicWebhookEndpoints).values({
      syndic_id: s.syndic.id,
      url: 'https://erp.cabinet-exemple.fr/webhooks',
      events: ['*'],
      secret_encrypted: 'x',
    });
    const api = (method: 'PUT' | 'POST' | 'GET', url: string, payload?: object) =>
      t.app.inject({
        method,
        url: `/api/syndic/v1${url}`,
        headers: s.headers,
        ...(payload ? { payload } : {}),
      });
    await api('PUT', '/coproprietes/IMM', {
      name: 'Les Acacias',
      address: { full_address: '2 rue des Acacias 69008 Lyon' },
    });
    const owner = json(
      await api('PUT', '/coproprietaires/O1', { copropriete: 'IMM', last_name: 'Fontaine' }),
    ).data;
    const coproId = json(await api('GET', '/coproprietes/IMM')).data.id as string;
    // The co-owner has an account: a new document of theirs is a notice to them.
    const user = await makeSignedInUser(db);
    await db.update(coproprietaires).set({ user_id: user.user.id }).where(eq(coproprietaires.id, owner.id));
    const staff = await makeStaff(db, s.syndic.id, 'gestionnaire', [coproId]);
    const since = new Date();
    const body = {
      place: 'coproprietaire',
      coproprietaire: 'O1',
      type: 'APPEL_FONDS',
      name: 'Appel de fonds T1',
      date: '2026-01-01',
    };

    // Through the API: presign, PUT, bulk.
    const a = pdf(1);
    const pre = json(
      await api('POST', '/documents/uploads', { files: [{ ...storedOf(a), name: undefined }] }),
    ).data;
    const url = new URL(pre.uploads[0].url);
    await t.app.inject({
      method: 'PUT',
      url: url.pathname + url.search,
      payload: a,
      headers: pre.uploads[0].headers,
    });
    const bulk = json(
      await api('POST', '/documents/bulk', { items: [{ external_id: 'DOC-1', ...body, file: storedOf(a) }] }),
    ).data;
    expect(bulk.results[0].result).toBe('created');
    const viaApi = bulk.results[0].id as string;

    // Through the console: presign, PUT, publish.
    const c = pdf(2);
    const call = consoleCall(t);
    const base = `/gestion/coproprietes/${coproId}/documents`;
    const u = json(
      await call('POST', `${base}/envois`, staff.headers, { files: [{ ...storedOf(c), name: undefined }] }),
    ).data.uploads[0];
    await t.app.inject({ method: 'PUT', url: u.url, payload: c, headers: u.headers });
    const published = await call('POST', base, staff.headers, {
      audience: 'coproprietaire',
      coproprietaire_id: owner.id,
      type: 'APPEL_FONDS',
      name: body.name,
      date: body.date,
      file: storedOf(c),
    });
    expect(published.statusCode).toBe(200);
    const viaConsole = json(published).data.id as string;

    const lines = await db
      .select()
      .from(syndicAuditLog)
      .where(and(eq(syndicAuditLog.syndic_id, s.syndic.id), eq(syndicAuditLog.resource, 'document')))
      .orderBy(asc(syndicAuditLog.at));
    // The file's bytes differ (two files): its SHA-256 and size are left out of the comparison.
    const of = (id: string) =>
      lines
        .filter((l) => l.at >= since && l.resource_id === id)
        .map((l) => {
          const { file: _file, ...changes } = l.changes as Record<string, unknown>;
          return { action: l.action, resource: l.resource, changes };
        });
    expect(of(viaApi)).toHaveLength(1);
    expect(of(viaConsole)).toEqual(of(viaApi));
    expect(lines.find((l) => l.resource_id === viaConsole)?.api_key_id).toBeNull();

    // A document is no event for the syndic's own systems: no webhook from either entrance.
    expect(
      await db
        .select()
        .from(syndicWebhookDeliveries)
        .where(eq(syndicWebhookDeliveries.syndic_id, s.syndic.id)),
    ).toEqual([]);

    // The co-owner is told of each, in the same words.
    const told = await db
      .select()
      .from(notifications)
      .where(eq(notifications.coproprietaire_id, owner.id))
      .orderBy(asc(notifications.created_date));
    expect(told.map((n) => [n.title, n.body])).toEqual([
      ['Nouveau document\u202f: Appel de fonds T1', 'Il est disponible dans « Mes documents ».'],
      ['Nouveau document\u202f: Appel de fonds T1', 'Il est disponible dans « Mes documents ».'],
    ]);
  });
});
