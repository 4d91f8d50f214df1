import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSyndic } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { insertAtOnce, insertRows } from './bulk.js';
import { notificationSends, syndicAuditLog } from './schema/index.js';

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
