import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { Read, ReadQuery, RowsOf } from '../../db/prepared.js';
import { coproprietaires, coproprietes, sessions, users } from '../../db/schema/index.js';
import type { GuardRow } from '../access/records.js';
import {
  asText,
  compileMapper,
  type DbInternals,
  type Fields,
  orderSelectedFields,
  perDb,
  type Row,
  type SelectInternals,
} from './session-read.mapper.js';
import { liveSessionOf, recordNamedBy, type UserRow, userColumns } from './session.repo.js';

/**
 * The session lookup, the access guard's record and a route's data read in ONE statement
 * (decision 62). A call of two statements spends about twice a call of one in the
 * server process (each round trip's writes, reads and wake-ups), so the hottest reads ride
 * along with the session: the route's drizzle query becomes a subquery whose rows come back
 * as one JSON array, decoded by the query's own columns as if it had run alone.
 *
 * The data is read before the guard has decided; the caller (access.service `readAs…`) hands
 * it out only once the session is live and the guard has passed, and drops it otherwise.
 */

const HASH = '$__session_hash__';
const ID = '$__wanted_id__';
const DATA = '__route_data__';

interface Template {
  text: string;
  params: unknown[];
  /** The session part's columns (without the data), in the order of its JSON array. */
  fields: Fields;
  joins: Record<string, boolean>;
}

const templates = new WeakMap<object, Map<boolean, Template>>();

/** What the session service needs of the session row. */
export const sessionColumns = { id: sessions.id, last_used_at: sessions.last_used_at };

/**
 * Only what the guard decides on and the §6 scope (access.service GuardRow): a narrow row is
 * cheaper to send, parse and map on every request than the two whole rows.
 */
export const guardColumns = {
  coproprietaire: {
    id: coproprietaires.id,
    user_id: coproprietaires.user_id,
    copropriete_id: coproprietaires.copropriete_id,
    is_member_syndicat: coproprietaires.is_member_syndicat,
    is_president: coproprietaires.is_president,
    permissions: coproprietaires.permissions,
  },
  copropriete: {
    id: coproprietes.id,
    syndic_id: coproprietes.syndic_id,
    settings: coproprietes.settings,
    finance_version: coproprietes.finance_version,
    documents_version: coproprietes.documents_version,
  },
};

/** The session part, rendered once per database: markers stand for the parameters and the data. */
function template(db: Db, withRecord: boolean): Template {
  const byKind = perDb(templates, db);
  const cached = byKind.get(withRecord);
  if (cached) return cached;
  const data = sql.raw(DATA);
  const hash = liveSessionOf(sql.raw(HASH));
  const q = withRecord
    ? db
        .select({ session: sessionColumns, user: userColumns, ...guardColumns, data })
        .from(sessions)
        .innerJoin(users, sql`${users.id} = ${sessions.user_id}`)
        .leftJoin(coproprietaires, recordNamedBy(sql.raw(ID)))
        .leftJoin(coproprietes, sql`${coproprietes.id} = ${coproprietaires.copropriete_id}`)
        .where(hash)
        .limit(1)
    : db
        .select({ session: sessionColumns, user: userColumns, data })
        .from(sessions)
        .innerJoin(users, sql`${users.id} = ${sessions.user_id}`)
        .where(hash)
        .limit(1);
  const internals = q as unknown as SelectInternals;
  const { sql: text, params } = q.toSQL();
  const fields = orderSelectedFields(internals.config.fields).filter((f) => f.path[0] !== 'data');
  // The session's ~20 columns come back as ONE JSON array (like the reads' rows), not as columns:
  // the driver describes, parses and types every column of every row it receives, and that was
  // the largest cost of a small call after the socket writes (decision 69).
  const d = db as unknown as DbInternals;
  const columns = fields.map(({ field }) => {
    const col = d.dialect.sqlToQuery(sql`${field}`).sql;
    return asText(field) ? `${col}::text` : col;
  });
  const from = text.indexOf(' from "sessions"');
  if (!text.startsWith('select ') || from < 0) throw new Error('unexpected session statement');
  const t: Template = {
    // Its own parameters (the limit) are numbered after the route's, per request.
    text: `select json_build_array(${columns.join(', ')}), ${DATA}${text.slice(from)}`.replace(
      /\$(\d+)/g,
      (_, k) => `$__t${k}__`,
    ),
    params,
    fields,
    joins: internals.joinsNotNullableMap,
  };
  byKind.set(withRecord, t);
  return t;
}

/** Row of the session part, with what the route's query read. */
export interface SessionRead<TRow> {
  session: { id: string; last_used_at: Date };
  user: UserRow;
  /** With a path id: the guard's view of the record it names (access.service GuardRow). */
  coproprietaire?: GuardRow['coproprietaire'] | null;
  copropriete?: GuardRow['copropriete'] | null;
  rows: TRow;
}

interface Fused {
  /** The statement's one row, or none: the session's JSON array and the reads' data. */
  run(values: Record<string, unknown>): Promise<[unknown[], unknown[][][]][]>;
  /** The session part's mapper. */
  session: (row: unknown[]) => Row;
  /** Per read: its row mapper (columns in select order). */
  mappers: ((row: unknown[]) => Row)[];
}

const fusedByName = new WeakMap<object, Map<string, Fused>>();
const SPLIT = '/*__next_read__*/';

/**
 * The session statement with the reads as its data column (a JSON array: one array of rows per
 * read); parameters ordered: the reads', the template's, hash, id.
 */
function fuse(db: Db, withRecord: boolean, queries: ReadQuery[], name?: string): Fused {
  const t = template(db, withRecord);
  const d = db as unknown as DbInternals;
  const inners = queries.map((q) => q as unknown as SelectInternals);
  // One rendering for all the reads, so their parameters are numbered once.
  const { sql: innerSqls, params } = d.dialect.sqlToQuery(
    sql.join(
      inners.map((q) => q.getSQL()),
      sql.raw(SPLIT),
    ),
  );
  const decoders = inners.map((q) => ({
    fields: orderSelectedFields(q.config.fields),
    joins: q.joinsNotNullableMap,
  }));
  // No read at all: the session and the guard alone (`json_build_array()` is an empty array).
  const subqueries = (queries.length === 0 ? [] : innerSqls.split(SPLIT)).map((innerSql, r) => {
    const { fields } = decoders[r];
    const cols = fields.map((_, i) => `c${i}`);
    const values = fields.map((f, i) => (asText(f.field) ? `q.c${i}::text` : `q.c${i}`));
    return (
      `(select coalesce(json_agg(json_build_array(${values.join(', ')})), '[]'::json)` +
      ` from (${innerSql}) as q(${cols.join(', ')}))`
    );
  });
  const data = `json_build_array(${subqueries.join(', ')})`;
  const n = params.length;
  // split/join: literal replacement of every marker ('$' in SQL is no replacement pattern here).
  const m = t.params.length;
  let text = t.text;
  for (let k = 1; k <= m; k++) text = text.split(`$__t${k}__`).join(`$${n + k}`);
  text = text
    .split(HASH)
    .join(`$${n + m + 1}`)
    .split(ID)
    .join(`$${n + m + 2}`)
    .split(DATA)
    .join(data);
  const pq = d.session.prepareQuery(
    {
      sql: text,
      params: [
        ...params,
        ...t.params,
        sql.placeholder('__hash'),
        ...(withRecord ? [sql.placeholder('__id')] : []),
      ],
    },
    undefined,
    name,
    true,
    // The rows as the driver gives them (arrays): mapped below, once per part.
    (rows: unknown[]) => rows,
  );
  return {
    run: (v) => pq.execute(v) as Promise<[unknown[], unknown[][][]][]>,
    session: compileMapper(t.fields, t.joins),
    mappers: decoders.map(({ fields, joins }) => compileMapper(fields, joins)),
  };
}

/** PostgreSQL cuts a statement name at 63 bytes: two long names sharing a start would collide. */
const MAX_NAME = 63;

/** The key as the statement's name, or its start and a digest of it when it is too long. */
export function statementName(key: string): string {
  if (key.length <= MAX_NAME) return key;
  const digest = createHash('sha256').update(key).digest('hex').slice(0, 16);
  return `${key.slice(0, MAX_NAME - digest.length - 1)}_${digest}`;
}

/**
 * Runs the read (or each read of a list) inside the session statement of `tokenHash` (and the
 * record `wantedId` names); undefined when the session is not live. SQL-expression columns come
 * back as JSON values: give them a decoder (`.mapWith(Number)`) where the driver would hand a
 * string. Reads of a list share their placeholders by name.
 */
export async function sessionWithRead<R extends Read<ReadQuery> | readonly Read<ReadQuery>[]>(
  db: Db,
  tokenHash: string,
  wantedId: string | undefined,
  read: R,
): Promise<SessionRead<RowsOf<R>> | undefined> {
  const reads = (Array.isArray(read) ? read : [read]) as Read<ReadQuery>[];
  const withRecord = wantedId !== undefined;
  let f: Fused;
  if (reads.some((r) => r.name === undefined))
    f = fuse(
      db,
      withRecord,
      reads.map((r) => (r.name === undefined ? r.query : r.build(db))),
    );
  else {
    const byName = perDb(fusedByName, db);
    const key = `sr_${reads.map((r) => r.name).join('+')}${withRecord ? '_r' : ''}`;
    f =
      byName.get(key) ??
      fuse(
        db,
        withRecord,
        reads.map((r) => (r.name === undefined ? r.query : r.build(db))),
        statementName(key),
      );
    byName.set(key, f);
  }
  const values = Object.assign({}, ...reads.map((r) => r.values ?? {}), {
    __hash: tokenHash,
    __id: wantedId,
  });
  const [row] = await f.run(values);
  if (!row) return undefined;
  const [session, data] = row;
  const rest = f.session(session) as unknown as Omit<SessionRead<never>, 'rows'>;
  const rowsPerRead = data.map((json, r) => json.map(f.mappers[r]));
  return { ...rest, rows: (Array.isArray(read) ? rowsPerRead : rowsPerRead[0]) as RowsOf<R> };
}
