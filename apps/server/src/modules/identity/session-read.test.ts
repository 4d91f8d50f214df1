import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, desc, eq, sql } from 'drizzle-orm';
import { sha256 } from '../../lib/crypto.js';
import {
  charges,
  coproprietaires,
  coproprietes,
  ledgerLines,
  repartitions,
  sessions,
  users,
} from '../../db/schema/index.js';
import { makeFinanceOwner } from '../../test/factories.finances.js';
import { makeCoproprietaire, makeSignedInUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import {
  findActiveSession,
  findActiveSessionWithRecord,
  passwordHashOf,
  revokeSession,
  userColumns,
} from './session.repo.js';
import { readAlone } from '../../db/prepared.js';
import { recordsOfSessionUserRead } from '../coproprietaire/coproprietaire.repo.js';
import { guardColumns, sessionColumns, sessionWithRead, statementName } from './session-read.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("a session's user", () => {
  it('never carries the password hash, on either session lookup; the password change still checks it', async () => {
    const db = t.database.db;
    const w = await makeFinanceOwner(db);
    const hash = sha256(w.owner.token);
    const alone = await findActiveSession(db, hash);
    const withRecord = await findActiveSessionWithRecord(db, hash, w.rec.id);
    expect(alone?.user.id).toBe(w.owner.user.id);
    expect(withRecord?.user.id).toBe(w.owner.user.id);
    expect(alone?.user).not.toHaveProperty('password_hash');
    expect(withRecord?.user).not.toHaveProperty('password_hash');
    expect(await passwordHashOf(db, w.owner.user.id)).toMatch(/^\$argon2id\$/);
  });
});

// The rows a query gives inside the session statement must be exactly those it gives alone:
// every column type the schema uses (uuid, text, integers, booleans, dates, timestamps, jsonb),
// a left join that finds nothing (a null object), SQL expressions with decoders, order and paging.
describe('a route read inside the session statement', () => {
  it('decodes every row as the query alone would, in order, for the live session only', async () => {
    const db = t.database.db;
    const w = await makeFinanceOwner(db);
    const other = await makeSignedInUser(db);
    const hash = sha256(w.owner.token);
    const queries = {
      lines: () =>
        db
          .select({
            line: ledgerLines,
            n: sql<number>`count(*) over ()`.mapWith(Number),
            label: sql<string>`upper(${ledgerLines.name})`,
          })
          .from(ledgerLines)
          .where(eq(ledgerLines.coproprietaire_id, w.rec.id))
          .orderBy(desc(ledgerLines.date), asc(ledgerLines.id))
          .limit(50)
          .offset(1),
      joined: () =>
        db
          .select({ charge: charges, repartition: repartitions, copro: coproprietes })
          .from(charges)
          .leftJoin(repartitions, eq(repartitions.id, sql`null::uuid`))
          .innerJoin(coproprietes, eq(coproprietes.id, charges.copropriete_id))
          .where(eq(charges.copropriete_id, w.coproId))
          .orderBy(asc(charges.code)),
      record: () => db.select().from(coproprietaires).where(eq(coproprietaires.id, w.rec.id)),
      none: () => db.select().from(coproprietaires).where(eq(coproprietaires.id, sql`gen_random_uuid()`)),
    };
    for (const [name, q] of Object.entries(queries)) {
      const alone = await q();
      const read = await sessionWithRead(db, hash, w.rec.id, { query: q() });
      expect(read?.rows, name).toEqual(alone);
      expect(read?.user.id).toBe(w.owner.user.id);
      expect(read?.coproprietaire?.id).toBe(w.rec.id);
      // Without a path id: the session alone, with the same rows.
      expect((await sessionWithRead(db, hash, undefined, { query: q() }))?.rows, name).toEqual(alone);
    }

    // The session part comes back as one JSON array (decision 69): it decodes as its tables read
    // alone (timestamps as Dates, jsonb as objects, a null column as null).
    await db
      .update(users)
      .set({ address: { full_address: '12 rue des Tilleuls, 69003 Lyon' } as never, avatar: null })
      .where(eq(users.id, w.owner.user.id));
    const [user] = await db.select(userColumns).from(users).where(eq(users.id, w.owner.user.id));
    const [session] = await db.select(sessionColumns).from(sessions).where(eq(sessions.token_hash, hash));
    const [record] = await db
      .select(guardColumns.coproprietaire)
      .from(coproprietaires)
      .where(eq(coproprietaires.id, w.rec.id));
    const [copro] = await db
      .select(guardColumns.copropriete)
      .from(coproprietes)
      .where(eq(coproprietes.id, w.coproId));
    const got = await sessionWithRead(db, hash, w.rec.id, { query: queries.none() });
    expect(got?.user).toEqual(user);
    expect(got?.user.created_at).toBeInstanceOf(Date);
    // The password hash is not read with a session: no request carries it.
    expect(got?.user).not.toHaveProperty('password_hash');
    expect(got?.session).toEqual(session);
    expect(got?.coproprietaire).toEqual(record);
    expect(got?.copropriete).toEqual(copro);
    // A path id that names nothing of the user's: the record and copropriété are null.
    const stranger = await sessionWithRead(db, hash, other.user.id, { query: queries.none() });
    expect([stranger?.coproprietaire, stranger?.copropriete]).toEqual([null, null]);
    expect((await queries.lines()).length).toBeGreaterThan(0);
    expect((await queries.joined())[0].repartition).toBeNull();

    // Another user's session reads the record's row as the guard would (not theirs: the guard says 404).
    const theirs = await sessionWithRead(db, sha256(other.token), w.rec.id, { query: queries.record() });
    expect(theirs?.user.id).toBe(other.user.id);
    expect(theirs?.coproprietaire?.user_id).toBe(w.owner.user.id);

    // A revoked or unknown session reads nothing at all.
    await revokeSession(
      db,
      (await sessionWithRead(db, hash, undefined, { query: queries.none() }))!.session.id,
    );
    expect(await sessionWithRead(db, hash, w.rec.id, { query: queries.lines() })).toBeUndefined();
    expect(
      await sessionWithRead(db, sha256('nobody'), undefined, { query: queries.lines() }),
    ).toBeUndefined();
  });

  it('runs a named read with placeholders as one prepared statement, alone or with the session', async () => {
    const db = t.database.db;
    const w = await makeFinanceOwner(db);
    const build = (d: typeof db) =>
      d
        .select()
        .from(ledgerLines)
        .where(eq(ledgerLines.coproprietaire_id, sql.placeholder('record')))
        .orderBy(asc(ledgerLines.date), asc(ledgerLines.id));
    const alone = await db
      .select()
      .from(ledgerLines)
      .where(eq(ledgerLines.coproprietaire_id, w.rec.id))
      .orderBy(asc(ledgerLines.date), asc(ledgerLines.id));
    expect(alone.length).toBeGreaterThan(0);
    const read = { name: 'test_lines', build, values: { record: w.rec.id } };
    // Twice: the second run reuses the statement built by the first.
    for (let i = 0; i < 2; i++) {
      expect((await sessionWithRead(db, sha256(w.owner.token), w.rec.id, read))?.rows).toEqual(alone);
      expect((await sessionWithRead(db, sha256(w.owner.token), undefined, read))?.rows).toEqual(alone);
      expect(await readAlone(db, read)).toEqual(alone);
    }
    // Two reads in the one statement, sharing the placeholder 'record': each gets its own rows.
    const ids = {
      name: 'test_ids',
      build: (d: typeof db) =>
        d
          .select({ id: ledgerLines.id })
          .from(ledgerLines)
          .where(eq(ledgerLines.coproprietaire_id, sql.placeholder('record')))
          .orderBy(asc(ledgerLines.id)),
      values: { record: w.rec.id },
    };
    const both = await sessionWithRead(db, sha256(w.owner.token), w.rec.id, [read, ids] as const);
    expect(both?.rows[0]).toEqual(alone);
    expect(both?.rows[1]).toEqual(
      [...alone].map((l) => ({ id: l.id })).sort((a, b) => (a.id < b.id ? -1 : 1)),
    );
    const other = await makeFinanceOwner(db);
    expect(
      (await readAlone(db, { ...read, values: { record: other.rec.id } })).map((l) => l.coproprietaire_id),
    ).toEqual(expect.arrayContaining([other.rec.id]));
  });

  it("reads a user's records through the session's own user, and never alone", async () => {
    const db = t.database.db;
    const u = await makeSignedInUser(db);
    const [r1, r2] = [
      await makeCoproprietaire(db, { user_id: u.user.id }),
      await makeCoproprietaire(db, { user_id: u.user.id }),
    ];
    await makeCoproprietaire(db); // someone else's
    const read = recordsOfSessionUserRead();
    const got = await sessionWithRead(db, sha256(u.token), undefined, read);
    expect(got?.rows.map((r) => r.coproprietaire.id).sort()).toEqual([r1.id, r2.id].sort());
    expect(got?.rows[0].copropriete.id).toBeTruthy();
    expect(got?.rows[0].lots).toEqual([]);
    await expect(readAlone(db, read)).rejects.toThrow(/only inside the session statement/);
  });

  it("reads the session user's record when the path names a copropriété", async () => {
    const db = t.database.db;
    const u = await makeSignedInUser(db);
    const rec = await makeCoproprietaire(db, { user_id: u.user.id });
    const read = await sessionWithRead(db, sha256(u.token), rec.copropriete_id, {
      query: db
        .select({ id: coproprietaires.id })
        .from(coproprietaires)
        .where(eq(coproprietaires.id, rec.id)),
    });
    expect(read?.coproprietaire?.id).toBe(rec.id);
    expect(read?.rows).toEqual([{ id: rec.id }]);
  });

  it('reads the session and the guard alone when given no read (decision 74)', async () => {
    const db = t.database.db;
    const u = await makeSignedInUser(db);
    const rec = await makeCoproprietaire(db, { user_id: u.user.id });
    const read = await sessionWithRead(db, sha256(u.token), rec.copropriete_id, []);
    expect(read?.user.id).toBe(u.user.id);
    expect(read?.coproprietaire?.id).toBe(rec.id);
    expect(read?.copropriete).toMatchObject({ id: rec.copropriete_id, finance_version: 0 });
    expect(read?.rows).toEqual([]);
    expect(await sessionWithRead(db, sha256('nobody'), rec.copropriete_id, [])).toBeUndefined();
  });
});

describe('statement names (PostgreSQL keeps 63 bytes of a name)', () => {
  it('keeps a short name, and gives a long one its start and a digest, distinct per key', () => {
    expect(statementName('sr_owner_lots_r')).toBe('sr_owner_lots_r');
    const long = (tail: string) => `sr_${'general_reads+'.repeat(6)}${tail}`;
    const a = statementName(long('ledger_all_r'));
    const b = statementName(long('ledger_all'));
    expect(a).toHaveLength(63);
    expect(a.startsWith('sr_general_reads+')).toBe(true);
    expect(a).not.toBe(b);
  });
});
