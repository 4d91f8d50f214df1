import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../../db/client.js';
import { syndicAuditLog, syndicExternalRefs, syndics } from '../../../db/schema/index.js';
import { makeSyndicWithKey } from '../../../test/factories.syndic.js';
import { createTestApp, json, type TestApp } from '../../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const put = (headers: Record<string, string>, url: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/syndic/v1${url}`, headers, payload });
const auditOf = (syndicId: string) =>
  db().select().from(syndicAuditLog).where(eq(syndicAuditLog.syndic_id, syndicId));

describe('audit entries of creations', () => {
  it('stores the values created and shows them as {before: null, after}, nulls left out', async () => {
    const k = await makeSyndicWithKey(db());
    const res = await put(k.headers, '/administrators/G1', { last_name: 'Garnier', first_name: null });
    expect(json(res).data.result).toBe('created');
    const [row] = await auditOf(k.syndic.id);
    expect(row.action).toBe('created');
    // The stored form: field → value, without the wrapper nor the null first name.
    expect(row.changes).toMatchObject({ last_name: 'Garnier', display_name: 'Garnier' });
    expect(row.changes).not.toHaveProperty('first_name');
    const log = json(
      await t.app.inject({ method: 'GET', url: '/api/syndic/v1/audit-log', headers: k.headers }),
    ).data.items;
    expect(log).toHaveLength(1);
    expect(log[0].changes.last_name).toEqual({ before: null, after: 'Garnier' });
    expect(Object.values(log[0].changes).every((c) => (c as { before: unknown }).before === null)).toBe(true);
  });

  it('migration 0044 turns the entries of earlier creations into the stored form, and leaves updates', async () => {
    const k = await makeSyndicWithKey(db());
    await db()
      .insert(syndicAuditLog)
      .values([
        {
          syndic_id: k.syndic.id,
          actor: 'test',
          action: 'created',
          resource: 'lot',
          changes: { name: { before: null, after: 'Cave 4' }, number: { before: null, after: '4' } },
        },
        {
          syndic_id: k.syndic.id,
          actor: 'test',
          action: 'updated',
          resource: 'lot',
          changes: { name: { before: 'Cave 4', after: 'Cave 5' } },
        },
      ]);
    const text = readFileSync(path.join(migrationsFolder, '0044_import_audit_refs_lean.sql'), 'utf8');
    const update = text
      .split('--> statement-breakpoint')
      .find((s) => s.includes('UPDATE "syndic_audit_log"'));
    await db().execute(sql.raw(update ?? 'select 1'));
    const rows = await auditOf(k.syndic.id);
    expect(rows.find((r) => r.action === 'created')?.changes).toEqual({ name: 'Cave 4', number: '4' });
    expect(rows.find((r) => r.action === 'updated')?.changes).toEqual({
      name: { before: 'Cave 4', after: 'Cave 5' },
    });
    const log = json(
      await t.app.inject({ method: 'GET', url: '/api/syndic/v1/audit-log', headers: k.headers }),
    ).data.items;
    expect(log.find((e: { action: string }) => e.action === 'created').changes).toEqual({
      name: { before: null, after: 'Cave 4' },
      number: { before: null, after: '4' },
    });
  });
});

describe('refs and audit entries without a foreign key', () => {
  it("go with their syndic when it is deleted, and another syndic's stay", async () => {
    const gone = await makeSyndicWithKey(db());
    const kept = await makeSyndicWithKey(db());
    for (const k of [gone, kept]) await put(k.headers, '/administrators/G1', { last_name: 'Garnier' });
    const refsOf = (syndicId: string) =>
      db()
        .select()
        .from(syndicExternalRefs)
        .where(
          and(eq(syndicExternalRefs.syndic_id, syndicId), eq(syndicExternalRefs.resource, 'administrator')),
        );
    expect(await refsOf(gone.syndic.id)).toHaveLength(1);
    await db().delete(syndics).where(eq(syndics.id, gone.syndic.id));
    expect(await refsOf(gone.syndic.id)).toEqual([]);
    expect(await auditOf(gone.syndic.id)).toEqual([]);
    expect(await refsOf(kept.syndic.id)).toHaveLength(1);
    expect(await auditOf(kept.syndic.id)).toHaveLength(1);
  });
});
