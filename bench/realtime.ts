/**
 * `npm run bench:realtime`: a notification sent through the syndic API on instance A
 * reaches sockets connected to instance B (two server processes, PostgreSQL, Redis adapter).
 * For 200 then 2,000 sockets (BENCH_SOCKETS), each of SENDS notifications (sent one at a time)
 * is timed from the start of the API call to its arrival on every socket: p50 / p99 / max, and
 * the send rate (after one untimed warm-up send per row). Reference, measured in the same run with the same sockets and Redis: two bare
 * Socket.IO servers (bench/bare-socket-server.ts) broadcasting one event, no application.
 * Everything talks to 127.0.0.1 only; bounded by SENDS and the socket counts.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const PG = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432';
const REDIS = process.env.BENCH_REDIS ?? 'redis://127.0.0.1:6379';
const COUNTS = (process.env.BENCH_SOCKETS ?? '200,2000').split(',').map(Number).filter(Boolean);
const SENDS = Number(process.env.BENCH_SENDS ?? 30);
const KEY = `tk_lefevre_bench_${randomBytes(8).toString('hex')}`;
const [A, B, BARE_A, BARE_B] = [3291, 3292, 3293, 3294];

function start(args: string[], env: Record<string, string>, port: number): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(tsx, args, {
      cwd: root,
      env: { ...process.env, ...env, PORT: String(port) },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited (${code})`)));
    const deadline = Date.now() + 300_000;
    const poll = async () => {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return resolve(child);
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) reject(new Error('server did not start'));
      else setTimeout(poll, 500);
    };
    void poll();
  });
}
const stop = (c: ChildProcess) =>
  new Promise<void>((resolve) => {
    c.removeAllListeners('exit');
    c.once('exit', () => resolve());
    c.kill('SIGTERM');
    setTimeout(() => c.kill('SIGKILL'), 5000).unref();
  });

async function connectAll(port: number, tokens: string[]): Promise<Socket[]> {
  const sockets: Socket[] = [];
  // In batches, so the handshakes do not all land at once.
  for (let i = 0; i < tokens.length; i += 100) {
    const batch = tokens.slice(i, i + 100).map(
      (token) =>
        new Promise<Socket>((resolve, reject) => {
          const s = io(`http://127.0.0.1:${port}`, {
            path: '/socket.io',
            transports: ['websocket'],
            auth: { token },
            reconnection: false,
            forceNew: true,
          });
          s.once('connect', () => resolve(s));
          s.once('connect_error', reject);
        }),
    );
    sockets.push(...(await Promise.all(batch)));
  }
  return sockets;
}

/** Sends SENDS events one after the other; each is timed until every socket has it. */
async function measure(sockets: Socket[], send: (i: number) => Promise<void>) {
  // One untimed send first: the first of a row pays for cold paths (plans, JIT, buffers) that a
  // running server has long paid; the figures are of the server in its steady state.
  const warm = Promise.all(
    sockets.map((s) => new Promise<void>((resolve) => s.once('notification', () => resolve()))),
  );
  await send(-1);
  await Promise.race([warm, new Promise((r) => setTimeout(r, 30_000))]);
  const latencies: number[] = [];
  const t0 = performance.now();
  for (let i = 0; i < SENDS; i++) {
    const started = performance.now();
    const arrived = Promise.all(
      sockets.map(
        (s) =>
          new Promise<void>((resolve) => {
            s.once('notification', () => {
              latencies.push(performance.now() - started);
              resolve();
            });
          }),
      ),
    );
    await send(i);
    await Promise.race([arrived, new Promise((r) => setTimeout(r, 30_000))]);
  }
  const seconds = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  const q = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
  return {
    received: latencies.length,
    expected: sockets.length * SENDS,
    p50: q(50),
    p99: q(99),
    max: latencies.at(-1) ?? NaN,
    rate: SENDS / seconds,
  };
}

async function main() {
  const db = `tantieme_bench_rt_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG });
  await admin.connect();
  await admin.query(`create database ${db}`);
  const url = new URL(PG);
  url.pathname = `/${db}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tantieme-bench-rt-'));
  const env = {
    DATABASE_URL: url.toString(),
    REDIS_URL: REDIS,
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    APP_SECRET: 'bench-secret-not-for-production-0123456789',
    NODE_ENV: 'development',
    DEMO_SYNDIC_API_KEY: KEY,
    SYNDIC_API_PER_MINUTE: '100000',
    DATA_DIR: dataDir,
  };
  const procs: ChildProcess[] = [];
  try {
    // A seeds the demo on first start; B starts on the seeded database.
    procs.push(await start(['apps/server/seed/main.ts'], { ...env, SEED_DEMO: '1' }, A));
    procs.push(await start(['apps/server/seed/main.ts'], { ...env, SEED_DEMO: '0' }, B));
    const runId = randomBytes(4).toString('hex');
    procs.push(await start(['bench/bare-socket-server.ts'], { REDIS_URL: REDIS, BENCH_RUN: runId }, BARE_A));
    procs.push(await start(['bench/bare-socket-server.ts'], { REDIS_URL: REDIS, BENCH_RUN: runId }, BARE_B));

    const c = new pg.Client({ connectionString: url.toString() });
    c.on('error', () => {});
    await c.connect();
    const claire = (await c.query(`select id from users where email = 'claire.martin@example.fr'`)).rows[0]
      .id;
    const max = Math.max(...COUNTS);
    const tokens = Array.from({ length: max }, () => randomBytes(32).toString('base64url'));
    for (let i = 0; i < tokens.length; i += 500) {
      const chunk = tokens.slice(i, i + 500);
      await c.query(
        `insert into sessions (user_id, token_hash, expires_at) select $1, unnest($2::text[]), now() + interval '1 day'`,
        [claire, chunk.map((t) => createHash('sha256').update(t).digest('hex'))],
      );
    }
    await c.end();

    console.log(
      `Two instances on PostgreSQL ${db} and Redis; notifications sent on :${A}, sockets on :${B}; ${SENDS} sends per row.\n`,
    );
    console.log(
      'sockets  path                                 received      p50 ms   p99 ms   max ms  sends/s',
    );
    for (const n of COUNTS) {
      const app = await connectAll(B, tokens.slice(0, n));
      const product = await measure(app, async (i) => {
        const res = await fetch(
          `http://127.0.0.1:${A}/api/syndic/v1/notifications/bench-${n}-${runId}-${i}`,
          {
            method: 'PUT',
            headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
            body: JSON.stringify({
              title: 'Coupure d’eau',
              body: 'Coupure d’eau jeudi de 9 h à 12 h.',
              to: { coproprietaire: '450001' },
            }),
          },
        );
        if (!res.ok) throw new Error(`send ${res.status}: ${await res.text()}`);
      });
      for (const s of app) s.close();
      const bare = await connectAll(BARE_B, tokens.slice(0, n));
      const ref = await measure(bare, async () => {
        await fetch(`http://127.0.0.1:${BARE_A}/emit`, { method: 'POST' });
      });
      for (const s of bare) s.close();
      const row = (label: string, r: Awaited<ReturnType<typeof measure>>) =>
        console.log(
          `${String(n).padStart(7)}  ${label.padEnd(36)} ${`${r.received}/${r.expected}`.padStart(11)} ${r.p50.toFixed(1).padStart(9)} ${r.p99.toFixed(1).padStart(8)} ${r.max.toFixed(1).padStart(8)} ${r.rate.toFixed(1).padStart(8)}`,
        );
      row('syndic API → notify → Redis → B', product);
      row('reference: bare Socket.IO + Redis', ref);
      console.log(
        `         p99 ×${(product.p99 / ref.p99).toFixed(1)} the reference, p50 ×${(product.p50 / ref.p50).toFixed(1)}\n`,
      );
    }
  } catch (err) {
    console.error(err);
    process.exitCode = 1;
  } finally {
    for (const p of procs) await stop(p);
    await admin.query(`drop database if exists ${db} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
