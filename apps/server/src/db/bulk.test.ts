import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSyndic } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { insertAtOnce, insertCount, insertRows, updateRows } from './bulk.js';
import { administrators, notificationSends, syndicAuditLog, syndicExternalRefs } from './schema/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const db = () => t.database.db;

describe('insertAtOnce', () => {
  it('writes rows of several tables, a child referring to its parent, in one statement', async () => {
    const s = await makeSyndic(db());
    const sendId = randomUUID();
    const [sends, audits, none] = await insertAtOnce(db(), [
      {
        table: notificationSends,
        rows: [
          {
            id: sendId,
            syndic_id: s.id,
            kind: 'notification',
            external_id: 'x-1',
            target: {},
            request_hash: 'h',
          },
        ],
        returning: sql`"notification_sends"."id" as id, "notification_sends"."kind" as kind`,
      },
      {
        table: syndicAuditLog,
        rows: [
          {
            syndic_id: s.id,
            actor: 'test',
            action: 'sent',
            resource: 'notification',
            resource_id: sendId,
            changes: {},
          },
        ],
      },
      { table: syndicAuditLog, rows: [] },
    ]);
    expect(sends).toEqual([{ id: sendId, kind: 'notification' }]);
    expect(audits).toHaveLength(1);
    expect(none).toEqual([]);
    const [row] = await db().select().from(notificationSends).where(eq(notificationSends.id, sendId));
    // Database defaults hold for columns no row sets.
    expect(row.created_at).toBeInstanceOf(Date);
  });

  it('writes nothing when one part fails (the statement is atomic on its own)', async () => {
    const s = await makeSyndic(db());
    const first = {
      table: notificationSends,
      rows: [{ syndic_id: s.id, kind: 'notification', external_id: 'dup', target: {}, request_hash: 'h' }],
    };
    await insertRows(db(), notificationSends, first.rows);
    await expect(
      insertAtOnce(db(), [
        {
          table: syndicAuditLog,
          rows: [{ syndic_id: s.id, actor: 'test', action: 'sent', resource: 'notification', changes: {} }],
        },
        first,
      ]),
    ).rejects.toThrow();
    expect(await db().select().from(syndicAuditLog).where(eq(syndicAuditLog.syndic_id, s.id))).toHaveLength(
      0,
    );
  });
});

describe('insertCount and updateRows', () => {
  it('counts the rows written, those in conflict left out', async () => {
    const s = await makeSyndic(db());
    const ref = (e: string) => ({
      syndic_id: s.id,
      resource: 'lot',
      external_id: e,
      internal_id: randomUUID(),
    });
    expect(await insertCount(db(), syndicExternalRefs, [ref('A'), ref('B')])).toBe(2);
    expect(
      await insertCount(db(), syndicExternalRefs, [ref('B'), ref('C'), ref('D')], {
        onConflictDoNothing: true,
      }),
    ).toBe(2);
    expect(await insertCount(db(), syndicExternalRefs, [ref('E'), ref('F'), ref('G')], { chunk: 2 })).toBe(3);
  });

  it("writes only the rows that change, and with `match` only the tenant's own", async () => {
    const [mine, other] = [await makeSyndic(db()), await makeSyndic(db())];
    const [a, b] = [randomUUID(), randomUUID()];
    await insertRows(db(), administrators, [
      { id: a, syndic_id: mine.id, last_name: 'Garnier' },
      { id: b, syndic_id: other.id, last_name: 'Roche' },
    ]);
    const written = await updateRows(
      db(),
      administrators,
      [
        { id: a, last_name: 'Garnier-Roux' },
        { id: b, last_name: 'Intrus' },
      ],
      { match: { syndic_id: mine.id } },
    );
    expect(written).toEqual([a]);
    // The same values again: nothing written.
    expect(await updateRows(db(), administrators, [{ id: a, last_name: 'Garnier-Roux' }])).toEqual([]);
    const names = await db()
      .select({ id: administrators.id, last_name: administrators.last_name })
      .from(administrators)
      .where(inArray(administrators.id, [a, b]));
    expect(new Map(names.map((n) => [n.id, n.last_name]))).toEqual(
      new Map([
        [a, 'Garnier-Roux'],
        [b, 'Roche'],
      ]),
    );
  });
});
