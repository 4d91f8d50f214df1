/**
 * `npm run bench:ab -- <other checkout>`: the server of this checkout (A) against the server of
 * another checkout (B) — typically the same code with one speed technique removed — on the same
 * seed-scale database, each call driven on A and B alternately (A B, then B A, …) so that a
 * machine whose speed drifts moves both. Figures: req/s, and the CPU per request of the server
 * and of PostgreSQL together, which depends much less on what else runs on the machine than
 * req/s does. A technique pays when A spends at least 10 % less CPU per request than B on the
 * calls it is for (decision 157).
 *
 * BENCH_SCALES (default 100) · BENCH_CALLS (regex on call names) · BENCH_ROUNDS (default 3) ·
 * BENCH_DURATION (seconds per drive, default 5).
 */
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { CALLS, type Call, requestOf, type Who } from './calls.js';
import { cpuPerRequest, cpuSnapshot } from './cpu.js';
import { DURATION, drive, root, SERVER_FLAGS, start, stop } from './processes.js';
import { ensureScale, scaleUsers } from './scale-data.js';

const other = path.resolve(process.argv[2] ?? process.env.BENCH_B_ROOT ?? '');
const SCALES = (process.env.BENCH_SCALES ?? '100').split(',').map(Number).filter(Boolean);
const ONLY = process.env.BENCH_CALLS ? new RegExp(process.env.BENCH_CALLS) : null;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PORTS = { A: 3193, B: 3194 } as const;
const CONNECTIONS = 50;

type Side = keyof typeof PORTS;
interface Sample {
  rps: number;
  /** µs of CPU per request, server and PostgreSQL together. */
  cpu: number;
  errors: number;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function ask(side: Side, call: Call, who: Who): Promise<string> {
  const p = requestOf(call)(who);
  const res = await fetch(`http://127.0.0.1:${PORTS[side]}${p.path}`, {
    method: p.method ?? 'GET',
    headers: p.headers,
    body: p.body,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${side} ${call.name}: HTTP ${res.status} ${text.slice(0, 200)}`);
  return text;
}

async function sample(side: Side, pid: number, call: Call, users: Who[]): Promise<Sample> {
  const req = requestOf(call);
  const before = cpuSnapshot(pid);
  const r = await drive(`http://127.0.0.1:${PORTS[side]}`, CONNECTIONS, (i) => req(users[i % users.length]));
  const cpu = cpuPerRequest(before, cpuSnapshot(pid), r.total);
  return { rps: r.rps, cpu: cpu ? cpu.server + cpu.postgres : Number.NaN, errors: r.errors };
}

async function compare(call: Call, users: Who[], servers: Record<Side, ChildProcess>) {
  // The same answer from both, and every user met once by each (a server in use has met them).
  const [a, b] = [await ask('A', call, users[0]), await ask('B', call, users[0])];
  if (JSON.stringify(JSON.parse(a)) !== JSON.stringify(JSON.parse(b)))
    throw new Error(`${call.name}: A and B answer differently`);
  for (const side of ['A', 'B'] as const)
    for (let i = 0; i < users.length; i += 10)
      await Promise.all(users.slice(i, i + 10).map((w) => ask(side, call, w)));
  const got: Record<Side, Sample[]> = { A: [], B: [] };
  for (let round = 0; round < ROUNDS; round++)
    for (const side of round % 2 ? (['B', 'A'] as const) : (['A', 'B'] as const))
      got[side].push(await sample(side, servers[side].pid as number, call, users));
  const m = (side: Side, k: 'rps' | 'cpu') => median(got[side].map((s) => s[k]));
  const errors = [...got.A, ...got.B].reduce((n, s) => n + s.errors, 0);
  const gain = 1 - m('A', 'cpu') / m('B', 'cpu');
  console.log(
    `${call.name.padEnd(36)} ${m('A', 'rps').toFixed(0).padStart(7)} ${m('B', 'rps').toFixed(0).padStart(7)} ${`${((100 * m('A', 'rps')) / m('B', 'rps')).toFixed(0)}%`.padStart(6)} ${m('A', 'cpu').toFixed(0).padStart(8)} ${m('B', 'cpu').toFixed(0).padStart(8)} ${`${(100 * gain).toFixed(1)}%`.padStart(8)} ${String(errors).padStart(4)}`,
  );
}

async function main() {
  if (!existsSync(path.join(other, 'apps/server/src/main.ts')))
    throw new Error('usage: npm run bench:ab -- <path of the other checkout>');
  console.log(
    `A/B · A ${root} · B ${other} · ${os.cpus().length} CPU · load ${os.loadavg()[0].toFixed(1)} · ${ROUNDS} rounds of ${DURATION} s · ${new Date().toISOString()}`,
  );
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
      RESPONSE_CHECK: '0',
      SQL_STATS: '0',
    };
    const args = [...SERVER_FLAGS, 'apps/server/src/main.ts'];
    const servers = {
      A: await start(args, env, PORTS.A, root),
      B: await start(args, env, PORTS.B, other),
    };
    try {
      console.log(`\nPostgreSQL · ${scale} copropriétés · ${CONNECTIONS} connections`);
      console.log(
        `${'call'.padEnd(36)} ${'A req/s'.padStart(7)} ${'B req/s'.padStart(7)} ${'A/B'.padStart(6)} ${'A µs/req'.padStart(8)} ${'B µs/req'.padStart(8)} ${'A saves'.padStart(8)} ${'err'.padStart(4)}`,
      );
      for (const call of CALLS.filter((c) => !ONLY || ONLY.test(c.name))) await compare(call, users, servers);
    } finally {
      await stop(servers.A);
      await stop(servers.B);
    }
  }
  console.log(
    `\nMedians over ${ROUNDS} rounds, A and B alternating. µs/req = CPU time per request of the server's process tree plus every PostgreSQL backend (bench/cpu.ts); A saves = 1 − A's µs/req over B's.`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
