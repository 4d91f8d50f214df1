import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokeApiKey } from './kit/keys.js';
import { makeCoproprietaire, makeCopropriete } from '../../test/factories.js';
import { makeSyndicWithKey } from '../../test/factories.syndic.js';
import { createTestApp, json, type TestApp } from '../../test/harness.js';
import { coproprietes, syndicApiKeys } from '../../db/schema/index.js';
import { eq } from 'drizzle-orm';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const copro = (name = 'Résidence Les Tilleuls') => ({
  name,
  address: { full_address: '12 rue des Tilleuls 69003 Lyon', zip_code: '69003', city: 'Lyon' },
  email: 'tilleuls@lefevre-immobilier.fr',
  settings: { show_invoice: '1', show_invoice_scope: '2' },
  alur_cents: 1_250_000,
});

const put = (headers: Record<string, string>, ext: string, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/syndic/v1/coproprietes/${ext}`,
    headers,
    payload: payload as object,
  });

describe('syndic API keys', () => {
  it('answers 401 without a key, with an unknown key, and at once after revocation', async () => {
    const url = '/api/syndic/v1/coproprietes';
    const none = await t.app.inject({ method: 'GET', url });
    expect(none.statusCode).toBe(401);
    expect(json(none)).toMatchObject({
      success: false,
      code: 'UNAUTHORIZED',
      message: 'Clé API manquante ou invalide.',
    });
    const unknown = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'x-api-key': `tk_${'x'.repeat(43)}` },
    });
    expect(unknown.statusCode).toBe(401);
    const { headers, keyId, syndic } = await makeSyndicWithKey(t.database.db);
    expect((await t.app.inject({ method: 'GET', url, headers })).statusCode).toBe(200);
    expect(await revokeApiKey(t.database.db, syndic.id, keyId)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url, headers })).statusCode).toBe(401);
  });

  it('stores only a hash of the key and records its last use', async () => {
    const { key, keyId, headers } = await makeSyndicWithKey(t.database.db, ['read']);
    await t.app.inject({ method: 'GET', url: '/api/syndic/v1/coproprietes', headers });
    const [row] = await t.database.db.select().from(syndicApiKeys).where(eq(syndicApiKeys.id, keyId));
    expect(JSON.stringify(row)).not.toContain(key);
    expect(row.prefix).toBe(key.slice(0, 10));
    expect(row.last_used_at).not.toBeNull();
  });

  it('answers 403 on a write with a read-only key, before validating the body', async () => {
    const { headers } = await makeSyndicWithKey(t.database.db, ['read']);
    const res = await put(headers, 'C1', {});
    expect(res.statusCode).toBe(403);
    expect(json(res).code).toBe('FORBIDDEN');
    expect(json(res).message).toContain('write');
  });
});

describe('PUT by external_id (idempotent upsert)', () => {
  it('creates, then answers unchanged, then updated with an audit entry for each write', async () => {
    const { headers } = await makeSyndicWithKey(t.database.db);
    const first = await put(headers, 'IMM-001', copro());
    expect(first.statusCode).toBe(200);
    expect(json(first).data).toMatchObject({
      result: 'created',
      resource: {
        external_id: 'IMM-001',
        name: 'Résidence Les Tilleuls',
        alur_cents: 1_250_000,
        avance_cents: 0,
      },
    });
    const again = await put(headers, 'IMM-001', copro());
    expect(json(again).data.result).toBe('unchanged');
    expect(json(again).data.id).toBe(json(first).data.id);
    const renamed = await put(headers, 'IMM-001', copro('Les Tilleuls'));
    expect(json(renamed).data.result).toBe('updated');

    const log = json(await t.app.inject({ method: 'GET', url: '/api/syndic/v1/audit-log', headers })).data;
    expect(log.items.map((e: { action: string }) => e.action)).toEqual(['updated', 'created']);
    expect(log.items[0]).toMatchObject({
      resource: 'copropriete',
      external_id: 'IMM-001',
      key: { name: 'Clé read+write+webhooks' },
      changes: { name: { before: 'Résidence Les Tilleuls', after: 'Les Tilleuls' } },
    });
    expect(Object.keys(log.items[0].changes)).toEqual(['name']);
    expect(log.items[1].changes.alur_cents).toEqual({ before: null, after: 1_250_000 });
  });

  it('creates exactly one row under concurrent identical PUTs', async () => {
    const { headers, syndic } = await makeSyndicWithKey(t.database.db);
    const answers = await Promise.all([1, 2, 3, 4].map(() => put(headers, 'CONC-1', copro())));
    const results = answers.map((r) => json(r).data.result).sort();
    expect(results).toEqual(['created', 'unchanged', 'unchanged', 'unchanged']);
    const rows = await t.database.db.select().from(coproprietes).where(eq(coproprietes.syndic_id, syndic.id));
    expect(rows).toHaveLength(1);
  });

  it('validates field by field and writes nothing on a 400', async () => {
    const { headers, syndic } = await makeSyndicWithKey(t.database.db);
    const res = await put(headers, 'BAD-1', { ...copro(), email: 'pas-un-mail', address: {} });
    expect(res.statusCode).toBe(400);
    expect(json(res).errors).toMatchObject({
      email: "Mauvaise syntaxe d'e-mail.",
      'address.full_address': expect.any(String),
    });
    const bad = await put(headers, 'a b', copro());
    expect(json(bad).errors).toHaveProperty('external_id');
    const rows = await t.database.db.select().from(coproprietes).where(eq(coproprietes.syndic_id, syndic.id));
    expect(rows).toHaveLength(0);
  });

  it("keeps each syndic's external ids apart: the other's id is a 404, the same id a separate row", async () => {
    const a = await makeSyndicWithKey(t.database.db);
    const b = await makeSyndicWithKey(t.database.db);
    const created = json(await put(a.headers, 'SHARED-1', copro())).data;
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/syndic/v1/coproprietes/SHARED-1',
      headers: b.headers,
    });
    expect(other.statusCode).toBe(404);
    const own = json(await put(b.headers, 'SHARED-1', copro('Autre'))).data;
    expect(own.result).toBe('created');
    expect(own.id).not.toBe(created.id);
    const stillA = json(
      await t.app.inject({ method: 'GET', url: '/api/syndic/v1/coproprietes/SHARED-1', headers: a.headers }),
    ).data;
    expect(stillA.name).toBe('Résidence Les Tilleuls');
  });
});

describe('bulk and cursor pagination', () => {
  it('answers per item with field paths, writes the valid ones, and a dry run writes nothing', async () => {
    const { headers, syndic } = await makeSyndicWithKey(t.database.db);
    await put(headers, 'B-2', copro('B2'));
    const items = [
      { external_id: 'B-1', ...copro('B1') },
      { external_id: 'B-2', ...copro('B2') },
      { external_id: 'B-3', ...copro('B3'), settings: { show_invoice: 'oui' } },
      { external_id: 'B-1', ...copro('B1 bis') },
      { ...copro('Sans id') },
      { external_id: 'B-4', ...copro('B4'), alur_cents: 12.5 },
    ];
    const dry = json(
      await t.app.inject({
        method: 'POST',
        url: '/api/syndic/v1/coproprietes/bulk',
        headers,
        payload: { items, dry_run: true },
      }),
    ).data;
    expect(dry.dry_run).toBe(true);
    expect(dry.counts).toEqual({ created: 1, updated: 0, unchanged: 1, error: 4 });
    expect(
      await t.database.db.select().from(coproprietes).where(eq(coproprietes.syndic_id, syndic.id)),
    ).toHaveLength(1);

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/syndic/v1/coproprietes/bulk',
      headers,
      payload: { items },
    });
    expect(res.statusCode).toBe(200);
    const { results, counts } = json(res).data;
    expect(counts).toEqual({ created: 1, updated: 0, unchanged: 1, error: 4 });
    expect(results.map((r: { result: string }) => r.result)).toEqual([
      'created',
      'unchanged',
      'error',
      'error',
      'error',
      'error',
    ]);
    expect(results[2].errors).toHaveProperty(['settings.show_invoice']);
    expect(results[3].errors.external_id).toContain('double');
    expect(results[4]).toMatchObject({ external_id: null, errors: { external_id: expect.any(String) } });
    expect(results[5].errors).toHaveProperty('alur_cents');
    expect(
      await t.database.db.select().from(coproprietes).where(eq(coproprietes.syndic_id, syndic.id)),
    ).toHaveLength(2);
  });

  it('refuses more than 1,000 items', async () => {
    const { headers } = await makeSyndicWithKey(t.database.db);
    const items = Array.from({ length: 1001 }, (_, i) => ({ external_id: `X${i}`, ...copro() }));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/syndic/v1/coproprietes/bulk',
      headers,
      payload: { items },
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).errors).toHaveProperty('items');
  });

  it('pages with a cursor until next_cursor is null', async () => {
    const { headers } = await makeSyndicWithKey(t.database.db);
    const items = Array.from({ length: 5 }, (_, i) => ({ external_id: `P${i}`, ...copro(`P${i}`) }));
    await t.app.inject({
      method: 'POST',
      url: '/api/syndic/v1/coproprietes/bulk',
      headers,
      payload: { items },
    });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/syndic/v1/coproprietes?limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page = json(await t.app.inject({ method: 'GET', url, headers })).data;
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((c: { external_id: string }) => c.external_id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual(['P0', 'P1', 'P2', 'P3', 'P4']);
    const bad = await t.app.inject({ method: 'GET', url: '/api/syndic/v1/coproprietes?cursor=zzz', headers });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).errors).toEqual({ cursor: 'Curseur invalide.' });
  });
});

describe('preview token', () => {
  it('issues a token for its own co-owner only', async () => {
    const { headers, syndic } = await makeSyndicWithKey(t.database.db, ['read']);
    const c = await makeCopropriete(t.database.db, { syndic_id: syndic.id });
    const rec = await makeCoproprietaire(t.database.db, { copropriete_id: c.id });
    const foreign = await makeCoproprietaire(t.database.db);
    const denied = await t.app.inject({
      method: 'POST',
      url: `/api/syndic/v1/coproprietaires/${foreign.id}/preview-token`,
      headers,
    });
    expect(denied.statusCode).toBe(404);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/syndic/v1/coproprietaires/${rec.id}/preview-token`,
      headers,
    });
    expect(res.statusCode).toBe(200);
    expect(json(res).data.url).toContain(`/syndic-preview/${rec.id}/home?spt=`);
  });
});

describe('per-key rate limit', () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await createTestApp({ env: { SYNDIC_API_PER_MINUTE: '3' } });
  });
  afterAll(() => small.close());

  it('answers 429 with Retry-After past the limit of one key, not of another', async () => {
    const a = await makeSyndicWithKey(small.database.db);
    const b = await makeSyndicWithKey(small.database.db);
    const get = (h: Record<string, string>) =>
      small.app.inject({ method: 'GET', url: '/api/syndic/v1/coproprietes', headers: h });
    for (let i = 0; i < 3; i++) expect((await get(a.headers)).statusCode).toBe(200);
    const limited = await get(a.headers);
    expect(limited.statusCode).toBe(429);
    expect(json(limited)).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringContaining('Trop de'),
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await get(b.headers)).statusCode).toBe(200);
  });
});
