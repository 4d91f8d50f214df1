import { and, desc, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, unread } from '../src/db/schema/index.js';
import { createSession } from '../src/modules/identity/session.service.js';
import { visibleTo } from '../src/modules/notifications/notifications.repo.js';
import { createTestApp, type TestApp } from '../src/test/harness.js';
import { seedScale } from './scale.js';
import {
  md5Uuid,
  type ScaleOptions,
  scaleCoproId,
  scaleCoproOf,
  scaleRecordId,
  scaleUserId,
} from './scale.kit.js';

/** seed-scale on a small scale: the same generator as 1,000 copropriétés. */
const SMALL: ScaleOptions = {
  coproprietes: 3,
  coproprietaires: 30,
  ledgerLines: 610,
  notificationsPerUser: 2,
  documentsPerRecord: 1,
  transactionsPerRecord: 3,
  invoicesPerYear: 2,
};

let t: TestApp;
let counts: Record<string, number>;
const progress: string[] = [];
beforeAll(async () => {
  t = await createTestApp({ env: { SQL_STATS: '1' } });
  counts = await seedScale(t.database.db, SMALL, (l) => progress.push(l));
});
afterAll(() => t.close());

const rows = async (q: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(q)) as unknown as { rows: Record<string, unknown>[] }).rows;

async function checksum(db: TestApp['database']['db']) {
  const r = (await db.execute(
    sql`select md5(string_agg(id::text || amount_cents || remaining_cents || date, ',' order by id)) as h from ledger_lines`,
  )) as unknown as { rows: { h: string }[] };
  return r.rows[0].h;
}

describe('seed-scale', () => {
  it('creates the counts asked for, and prints its progress', async () => {
    expect(counts.coproprietes).toBe(3);
    expect(counts.coproprietaires).toBe(30);
    expect(counts.ledger_lines).toBe(610);
    expect(counts.users).toBe(21); // 7 records in 10 have an account
    expect(counts.payment_transactions).toBe(90);
    expect(counts.notifications).toBe(42);
    expect(counts.documents).toBe(30);
    expect(counts.document_groups).toBe(9); // three per copropriété
    expect(counts.group_documents).toBe(27);
    const [{ n }] = await rows(sql`select count(*)::int as n from ledger_lines`);
    expect(n).toBe(610);
    const [tant] = await rows(sql`select count(*)::int as n from lot_tantiemes`);
    expect(tant.n).toBeGreaterThan(30);
    expect(progress.some((l) => l.includes('ledger_lines'))).toBe(true);
    expect(progress.at(-1)).toMatch(/seed-scale terminé/);
  });

  it('gives every key of a repartition its total of tantièmes', async () => {
    const bad = await rows(sql`select r.id from repartitions r
      where r.total_tantieme <> (select coalesce(sum(tantieme), 0) from lot_tantiemes where repartition_id = r.id)`);
    expect(bad).toEqual([]);
  });

  it('is deterministic: ids computed from the row numbers, same rows in a fresh database', async () => {
    const [rec] = await rows(
      sql`select copropriete_id, user_id from coproprietaires where id = ${scaleRecordId(1)}::uuid`,
    );
    expect(rec).toEqual({ copropriete_id: scaleCoproId(scaleCoproOf(1, SMALL)), user_id: scaleUserId(1) });
    const other = await createTestApp();
    try {
      await seedScale(other.database.db, SMALL);
      expect(await checksum(other.database.db)).toBe(await checksum(t.database.db));
    } finally {
      await other.close();
    }
  });

  it('refuses to run twice on the same database', async () => {
    await expect(seedScale(t.database.db, SMALL)).rejects.toThrow(/déjà présentes/);
  });
});

describe('hot calls on scale data: SQL statements per request', () => {
  it('answers every call with a small, fixed number of statements', async () => {
    const n = 11; // record 11 has an account (11 % 10 < 7)
    const token = await createSession(t.database.db, scaleUserId(n));
    const headers = { authorization: `Bearer ${token}` };
    const record = scaleRecordId(n);
    const copro = scaleCoproId(scaleCoproOf(n, SMALL));
    const bill = md5Uuid(`tantieme-scale:bill:${scaleCoproOf(n, SMALL) * 100 + 20}`);
    const lot = md5Uuid(`tantieme-scale:lot:${n * 10 + 1}`);
    const calls: [string, string, number, unknown?][] = [
      ['GET', '/api/health', 1],
      ['GET', '/api/accounts/profile', 1],
      // The records with their assemblies, unread counts and lots, in the session statement.
      ['GET', '/api/coproprietaires/all', 1],
      // sessionRead routes (decision 62): session, the guard's row and the page's reads are ONE
      // statement (the statement's two reads included).
      ['GET', `/api/finances/coproprietes/${copro}/coproprietaires/${record}/ledger`, 1],
      ['GET', `/api/finances/coproprietes/${copro}/coproprietaires/${record}/ledger/settled`, 1],
      ['GET', `/api/finances/coproprietes/${copro}/coproprietaires/${record}/paid-bills`, 1],
      [
        'POST',
        `/api/finances/coproprietes/${copro}/bills/${bill}/get-details-provision-bill`,
        1, // sessionRead: the bill, the session user's lots allowed and the lines, in the session statement
        { lot_ids: [lot] },
      ],
      ['GET', `/api/finances/coproprietaires/${record}/payment-transactions`, 1],
      // The dashboard: the member's reads in the session statement; the building's five reads
      // the first time only (decision 72), side by side.
      ['GET', `/api/finances/coproprietes/${copro}/coproprietaires/${record}/general`, 6],
      ['GET', `/api/finances/coproprietes/${copro}/coproprietaires/${record}/transactions`, 1],
      ['GET', `/api/coproprietaires/${record}/get-messages`, 1],
      ['GET', `/api/documents/${record}/types/AUTRE`, 1],
      // The building documents of the copropriété the page shows: the session and the guard, then
      // its groups and documents the first time only (decision 75), side by side.
      ['POST', '/api/documents/get-copropriete-documents', 3, { copro_ids: [copro] }],
      // Every notification of the user's records: the page in the session statement.
      ['GET', '/api/coproprietaires/notifications', 1],
      // The chat's candidates and conversations: a few statements whatever the building's size
      // (they were one or two per co-owner of the building).
      ['GET', `/api/coproprietaires/${record}/chat/candidates`, 4],
      ['GET', `/api/coproprietaires/${record}/chat/conversations`, 3],
      ['GET', `/api/finances/coproprietes/${copro}/budget-fonctionnement`, 4],
    ];
    for (const [method, url, max, payload] of calls) {
      const res = await t.app.inject({ method: method as 'GET', url, headers, payload: payload as object });
      expect(res.statusCode, url).toBe(200);
      expect(Number(res.headers['x-sql-statements']), url).toBeLessThanOrEqual(max);
      expect(res.headers['server-timing']).toMatch(
        /session;dur=[\d.]+, guard;dur=[\d.]+, serialize;dur=[\d.]+/,
      );
    }
    const general = await t.app.inject({
      method: 'GET',
      url: `/api/finances/coproprietes/${copro}/coproprietaires/${record}/general`,
      headers,
    });
    // The building's part is in memory now: the session statement alone.
    expect(Number(general.headers['x-sql-statements'])).toBe(1);
    const data = general.json().data;
    expect(data.lots.length).toBeGreaterThan(0);
    expect(data.summary.years).toHaveLength(5);
    expect(data.summary.repartitions.length).toBeGreaterThan(0);
    const building = await t.app.inject({
      method: 'POST',
      url: '/api/documents/get-copropriete-documents',
      headers,
      payload: { copro_ids: [copro] },
    });
    // The building's groups are in memory now: the session statement alone.
    expect(Number(building.headers['x-sql-statements'])).toBe(1);
    const groups = building.json().data as {
      kind: string;
      documents: unknown[];
      years: { year: number }[];
    }[];
    expect(groups.map((g) => g.kind)).toEqual(['default', 'default', 'AG']);
    expect(groups[1].documents).toHaveLength(2);
    expect(groups[2].years.map((y) => y.year)).toEqual([2026, 2025, 2024]);
  });

  it('refuses a revoked session at the very next request', async () => {
    const token = await createSession(t.database.db, scaleUserId(12));
    const headers = { authorization: `Bearer ${token}` };
    expect((await t.app.inject({ method: 'GET', url: '/api/accounts/profile', headers })).statusCode).toBe(
      200,
    );
    await t.database.db.execute(
      sql`update sessions set revoked_at = now() where user_id = ${scaleUserId(12)}::uuid`,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/accounts/profile', headers })).statusCode).toBe(
      401,
    );
  });
});

/**
 * With sequential scans priced out, a query that can use an index does: so a plan that still
 * scans the table names a query written so that it cannot (the user's notifications beside an
 * OR read every notification of every building: 200 ms at 1,000 copropriétés).
 */
describe('hot queries can use their indexes', () => {
  async function plan(where: SQL, limit?: number) {
    const q = t.database.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.created_date));
    const { sql: text, params } = (limit ? q.limit(limit) : q).toSQL();
    // EXPLAIN takes no parameters: the values written in (uuids, numbers).
    const inlined = text.replace(/\$(\d+)/g, (_, n) => {
      const v = params[Number(n) - 1];
      return typeof v === 'number' ? String(v) : `'${String(v)}'`;
    });
    return t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const r = (await tx.execute(sql.raw(`explain ${inlined}`))) as unknown as {
        rows: Record<string, string>[];
      };
      return r.rows.map((row) => Object.values(row)[0]).join('\n');
    });
  }

  it("reads a user's notifications, all or unread, through the notifications' indexes", async () => {
    const user = scaleUserId(12);
    for (const p of [
      await plan(visibleTo(user), 15),
      await plan(and(visibleTo(user), unread(notifications)) as SQL),
      await plan(and(visibleTo(user, scaleRecordId(12)), unread(notifications)) as SQL),
    ]) {
      expect(p).toMatch(/Index|Bitmap/);
      expect(p).not.toMatch(/Seq Scan on notifications/);
    }
  });
});
