/**
 * `npm run bench`: the co-owner's hot calls under load, side by side with a bare
 * Fastify route serving a same-sized JSON body and with /api/health, measured in the same run.
 *
 * 1. PostgreSQL (BENCH_PG, default postgres://postgres@127.0.0.1:5432) with seed-scale data at
 *    each scale of BENCH_SCALES (default "100,1000" copropriétés, 50 records and 2,000 ledger
 *    lines each), seeded once into `tantieme_bench_<scale>` and reused afterwards.
 * 2. Embedded PGlite (the default of `npm start`) on the demo data, at 10 connections.
 *
 * The server runs with its start script's Node flags, as `npm start` runs it. Each call is first
 * asked once of a server with SQL_STATS=1 (its SQL statements and per-phase times), then driven
 * against one without it, as production runs (decision 68). The server and the bare route run in
 * their own processes; autocannon drives them from this one, on 127.0.0.1 only, for
 * BENCH_DURATION seconds per call (default 5). Every figure is noisy on a shared machine: read
 * the shares, which compare runs made seconds apart.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CALLS, type Call, requestOf, type Who } from './calls.js';
import { cpuPerRequest, cpuSnapshot } from './cpu.js';
import { DURATION, drive, root, SERVER_FLAGS, start, stop } from './processes.js';
import { print, printLegend, type Row } from './report.js';
import { demoUser, ensureScale, scaleUsers } from './scale-data.js';

const SCALES = (process.env.BENCH_SCALES ?? '100,1000').split(',').map(Number).filter(Boolean);
const SKIP_PGLITE = process.env.BENCH_PGLITE === '0';
/** BENCH_CPU_PROF=dir: the PostgreSQL server writes a V8 CPU profile there when it stops. */
const PROFILE = process.env.BENCH_CPU_PROF
  ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
  : [];
/** BENCH_SQL_DUMP=dir: each call's statements (text and parameters) are written there, for pgbench. */
const SQL_DUMP = process.env.BENCH_SQL_DUMP;
/** Only the calls whose name matches (health always runs: the shares are against it). */
const ONLY = process.env.BENCH_CALLS ? new RegExp(process.env.BENCH_CALLS) : null;
const APP_PORT = 3191;
const BARE_PORT = 3190;
const FLOOR_PORT = 3192;

const selected = () => CALLS.filter((c) => !ONLY || c.auth === false || ONLY.test(c.name));
/** One request of `call` to the server on APP_PORT; anything but a 2xx stops the run. */
async function askOnce(call: Call, who: Who) {
  const p = requestOf(call)(who);
  const res = await fetch(`http://127.0.0.1:${APP_PORT}${p.path}`, {
    method: p.method ?? 'GET',
    headers: p.headers,
    body: p.body,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${call.name}: HTTP ${res.status} ${text.slice(0, 200)}`);
  return { res, text };
}

type Probe = Pick<Row, 'bytes' | 'statements' | 'timing'> & {
  /** The second request's statements and answer, for the call's floor. */
  sql: { text: string; params: unknown[] }[];
  body: string;
};

/**
 * One request per call to the instrumented server (SQL_STATS=1): its size, SQL statements and
 * per-phase times. The figures come from another server without it, as production runs: the
 * instrumentation's per-request context costs every request (decision 68).
 */
async function probe(who: Who, sqlFile: string): Promise<Map<string, Probe>> {
  const out = new Map<string, Probe>();
  for (const call of selected()) {
    // Asked twice: what a request costs once the server has met this user and building, and what
    // the first one cost when that differs (the dashboard reads the building once, decision 72).
    const first = (await askOnce(call, who)).res.headers.get('x-sql-statements') ?? '?';
    writeFileSync(sqlFile, '');
    const { res, text } = await askOnce(call, who);
    const then = res.headers.get('x-sql-statements') ?? '?';
    const captured = readFileSync(sqlFile, 'utf8').trim().split('\n').filter(Boolean);
    const sql =
      call.auth === false
        ? [{ text: 'select 1', params: [] }] // health pings the pool outside drizzle
        : (JSON.parse(captured.at(-1) ?? '{"sql":[]}') as { sql: Probe['sql'] }).sql;
    if (SQL_DUMP)
      writeFileSync(
        path.join(SQL_DUMP, `${selected().indexOf(call)}.json`),
        JSON.stringify({ call: call.name, sql }, null, 1),
      );
    out.set(call.name, {
      sql,
      body: text,
      bytes: Buffer.byteLength(text),
      statements: first === then ? then : `${then} (${first})`,
      timing: (res.headers.get('server-timing') ?? '').replace(/;dur=/g, ' ').replace(/, /g, ' · '),
    });
  }
  return out;
}

/**
 * One request per user before the figures, as a server in use has met its users and buildings:
 * otherwise a 5 s run would count each of the 200 users' first request, which a server in
 * production pays once per building and change. What that first request costs is the SQL
 * column's figure in brackets.
 */
async function warmUp(call: Call, users: Who[]) {
  for (let i = 0; i < users.length; i += 10)
    await Promise.all(users.slice(i, i + 10).map((w) => askOnce(call, w)));
}

async function measure(
  users: Who[],
  allConnections: number,
  probes: Map<string, Probe>,
  serverPid: number,
  floor: boolean,
): Promise<Row[]> {
  const base = `http://127.0.0.1:${APP_PORT}`;
  const rows: Row[] = [];
  const calls = selected();
  const healthReq = requestOf(calls[0]);
  for (const call of calls) {
    const req = requestOf(call);
    // A call may be driven at its own concurrency (the console's: a few staff members at once);
    // its health, bare route and floor are then driven at the same.
    const connections = call.connections ?? allConnections;
    const { res, text } = await askOnce(call, users[0]);
    const probed = probes.get(call.name) as Probe;
    if (res.headers.has('x-sql-statements'))
      throw new Error('the measured server must run without SQL_STATS');
    if (Buffer.byteLength(text) !== probed.bytes)
      throw new Error(`${call.name}: answers differ between servers`);
    await warmUp(call, users);
    // The reference, again, just before each call (the first call is health itself).
    const healthRps =
      call === calls[0]
        ? undefined
        : (await drive(base, connections, (i) => healthReq(users[i % users.length]))).rps;
    const before = cpuSnapshot(serverPid);
    const { total, ...app } = await drive(base, connections, (i) => req(users[i % users.length]));
    const cpu = cpuPerRequest(before, cpuSnapshot(serverPid), total);
    const bare = await drive(`http://127.0.0.1:${BARE_PORT}`, connections, () => ({
      path: `/bare/${probed.bytes}`,
      headers: {},
    }));
    let floorRps: number | null = null;
    if (floor) {
      const name = String(calls.indexOf(call));
      const put = await fetch(`http://127.0.0.1:${FLOOR_PORT}/floor/${name}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ sql: probed.sql, body: probed.body }),
      });
      if (!put.ok) throw new Error(`${call.name}: floor not registered (${put.status})`);
      const f = await drive(`http://127.0.0.1:${FLOOR_PORT}`, connections, () => ({
        path: `/floor/${name}`,
        headers: {},
      }));
      if (f.errors > 0) throw new Error(`${call.name}: the floor answered ${f.errors} errors`);
      floorRps = f.rps;
    }
    rows.push({
      name: call.name,
      bytes: probed.bytes,
      statements: probed.statements,
      timing: probed.timing,
      floorRps,
      ...app,
      bareRps: bare.rps,
      healthRps: healthRps ?? app.rps,
      cpu,
    });
  }
  return rows;
}

/** Probes with an instrumented server, then measures with a plain one, on the same data. */
async function probeThenMeasure(
  env: Record<string, string>,
  users: () => Promise<Who[]>,
  connections: number,
): Promise<Row[]> {
  const sqlDir = mkdtempSync(path.join(os.tmpdir(), 'tantieme-bench-sql-'));
  const sqlFile = path.join(sqlDir, 'statements.jsonl');
  const instrumented = await start(
    [...SERVER_FLAGS, 'apps/server/seed/main.ts'],
    { ...env, SQL_STATS: '1', SQL_STATS_FILE: sqlFile },
    APP_PORT,
  );
  let who: Who[];
  let probes: Map<string, Probe>;
  try {
    who = await users();
    probes = await probe(who[0], sqlFile);
  } finally {
    await stop(instrumented);
    rmSync(sqlDir, { recursive: true, force: true });
  }
  // The floor replays the statements on the same PostgreSQL; PGlite lives inside the server.
  const floor = env.DATABASE_URL
    ? await start([path.join(root, 'bench/floor-server.ts')], { DATABASE_URL: env.DATABASE_URL }, FLOOR_PORT)
    : null;
  const server = await start(
    [...PROFILE, ...SERVER_FLAGS, 'apps/server/seed/main.ts'],
    { ...env, SQL_STATS: '0' },
    APP_PORT,
  );
  try {
    return await measure(who, connections, probes, server.pid as number, floor !== null);
  } finally {
    await stop(server);
    if (floor) await stop(floor);
  }
}

async function main() {
  console.log(
    `Tantième benchmark · ${os.cpus().length} CPU · autocannon ${DURATION} s per call · server flags ${SERVER_FLAGS.join(' ') || 'none'} · ${new Date().toISOString()}`,
  );
  const bare = await start([path.join(root, 'bench/bare-server.ts')], {}, BARE_PORT);
  try {
    for (const scale of SCALES) {
      const url = await ensureScale(scale);
      const users = await scaleUsers(url, scale);
      const env = {
        DATABASE_URL: url,
        SEED_DEMO: '0',
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        APP_SECRET: 'bench-secret-not-for-production',
        NODE_ENV: 'development',
        // The production serializer alone (decision 63): outside production every answer is
        // also checked by zod against it, which is for tests, not for the figures.
        RESPONSE_CHECK: '0',
      };
      print(
        `PostgreSQL · ${scale} copropriétés · ${50 * scale} copropriétaires · ${2000 * scale} ledger lines · 50 connections`,
        await probeThenMeasure(env, async () => users, 50),
      );
    }
    if (!SKIP_PGLITE) {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'tantieme-bench-'));
      const env = {
        DATA_DIR: dir,
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        DATABASE_URL: '',
        SEED_DEMO: '1',
        NODE_ENV: 'development',
        RATE_LIMIT_FACTOR: '100',
        RESPONSE_CHECK: '0',
      };
      try {
        print(
          'Embedded PGlite · demo data · 10 connections',
          await probeThenMeasure(env, () => demoUser(`http://127.0.0.1:${APP_PORT}`), 10),
        );
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  } finally {
    await stop(bare);
  }
  printLegend();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
