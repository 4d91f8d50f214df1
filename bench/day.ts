/**
 * `npm run bench:day`: the capacity model of a real day (decision 228). The deployment of
 * deploy/up.sh (nginx over HTTPS/HTTP2 in front of two instances, PostgreSQL, Redis, s3rver) on
 * the 1,000-copropriété / 50,000-co-owner database of `npm run bench` (tantieme_bench_1000,
 * seeded once and reused), driven open loop (bench/day-load.ts) through three scenarios: the
 * morning after a quarter's appels, an assembly evening, the everyday trickle. Each scenario's
 * arrival rate steps up (DAY_STEP_SECONDS each, default 15) until a step has a server p99 of
 * 300 ms or more or any error; the rate held is the last step before. CPU per journey is read from
 * /proc: the instances, nginx, Redis, s3rver and the PostgreSQL backends of this database. Traffic
 * goes to 127.0.0.1 only; the whole run takes a few minutes. Not a test: figures are noisy on a
 * shared machine (the load average is printed with them).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { processes, treeOf } from './cpu.js';
import { assembleeBuilding, morningOwners } from './day-data.js';
import { H2Pool, type StepResult, step } from './day-load.js';
import { assembly, morning, trickle } from './day-scenarios.js';
import { root } from './processes.js';
import { ensureScale, PG, scaleUsers } from './scale-data.js';

const SECONDS = Number(process.env.DAY_STEP_SECONDS ?? 15);
const PORTS = {
  HTTPS_PORT: '3350',
  HTTP_PORT: '3351',
  APP_PORTS: '3352 3353',
  S3_PORT: '3355',
  OWN_REDIS_PORT: '3356',
  METRICS_BASE: '3360',
};
const rates = (env: string | undefined, dflt: number[]) => (env ? env.split(',').map(Number) : dflt);
const SCENARIOS = [
  {
    key: 'morning',
    title: 'Morning after the appels (sign-in, profile, statement, payable lines, card payment)',
    rates: rates(process.env.DAY_MORNING, [0.5, 1, 2, 4, 6, 8, 12, 16]),
  },
  {
    key: 'assembly',
    title: 'Assembly evening (500 co-owners of one building: assembly, resolutions, vote, 1 in 5 receipts)',
    rates: rates(process.env.DAY_ASSEMBLY, [1, 2, 4, 8, 12, 16, 24, 32]),
  },
  {
    key: 'trickle',
    title: 'Everyday trickle (chat, signalements, documents and notifications, in turn)',
    rates: rates(process.env.DAY_TRICKLE, [1, 2, 4, 8, 16, 24, 32, 48, 64]),
  },
] as const;

/**
 * A syndic of 1 million co-owners (decision 228): journeys per second at its peak. Morning: 10 % of
 * them after the appels, within two hours. Assembly: 20,000 buildings meet over some 60 evenings
 * of the season, 333 assemblies an evening, 16,700 co-owners voting in its busiest hour. Trickle:
 * 5 % of them a day, within ten hours, the busiest hour twice the mean.
 */
const MILLION = { morning: 100_000 / 7200, assembly: 16_700 / 3600, trickle: (2 * 50_000) / 36_000 };
/** Cores kept half idle, so a burst does not push p99 past 300 ms. */
const UTILISATION = 0.5;

const sh = (cmd: string, env: Record<string, string>) => {
  const r = spawnSync('bash', [cmd], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (r.status !== 0) throw new Error(`${cmd} failed (${r.status})`);
};

/** CPU seconds so far of each part of the deployment (PostgreSQL: this database's backends). */
async function cpu(dir: string, client: pg.Client) {
  const all = processes();
  const pid = (f: string) => Number(readFileSync(path.join(dir, f), 'utf8'));
  const sum = (pids: Iterable<number>) => {
    let s = 0;
    for (const p of pids) s += all.get(p)?.seconds ?? 0;
    return s;
  };
  const backends = (
    await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    )
  ).rows.map((r) => r.pid);
  const apps = ['pids/app1.pid', 'pids/app2.pid'].flatMap((f) => [...treeOf(pid(f), all)]);
  return {
    instances: sum(apps),
    nginx: sum(treeOf(pid('nginx/nginx.pid'), all)),
    redis: sum([pid('pids/redis.pid')]),
    s3: sum(treeOf(pid('pids/s3.pid'), all)),
    postgres: new Map(backends.map((b) => [b, all.get(b)?.seconds ?? 0])),
  };
}
type Cpu = Awaited<ReturnType<typeof cpu>>;
const spent = (a: Cpu, b: Cpu) => {
  let pgs = 0;
  for (const [p, s] of b.postgres) pgs += s - (a.postgres.get(p) ?? 0);
  return {
    instances: b.instances - a.instances,
    postgres: pgs,
    nginx: b.nginx - a.nginx,
    redis: b.redis - a.redis + b.s3 - a.s3,
  };
};

const ms = (x: number) => `${x.toFixed(0)} ms`;
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function main() {
  const url = await ensureScale(1000);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  console.log('Preparing the co-owners (passwords, sessions, the assembly building)…');
  const owners = await morningOwners(client, 3000);
  const ag = await assembleeBuilding(client, 500);
  const users = (await scaleUsers(url, 1000)).map((w, i) => ({ ...w, ip: `10.200.${i >> 8}.${i & 255}` }));

  const dir = mkdtempSync(path.join(os.tmpdir(), 'tantieme-day-'));
  const env = {
    ...PORTS,
    DEPLOY_DIR: dir,
    DB_NAME: new URL(url).pathname.slice(1),
    PG_ADMIN_URL: `${PG}/postgres`,
    TRUST_PROXY: '2',
    // The sandbox card checkout stands in for Stripe; the response check of development is off, as in production.
    DEPLOY_NODE_ENV: 'development',
    RESPONSE_CHECK: '0',
    LOG_LEVEL: 'warn',
  };
  if (!existsSync(path.join(root, 'apps/web/dist/index.html')))
    throw new Error('build the web app first (npm run build)');
  const sockets: Socket[] = [];
  try {
    sh('deploy/up.sh', env);
    const pool = new H2Pool(`https://127.0.0.1:${PORTS.HTTPS_PORT}`);
    const accessLog = path.join(dir, 'logs/nginx-access.log');
    const journeys = {
      morning: morning(pool, owners),
      assembly: assembly(pool, ag),
      trickle: trickle(pool, users),
    };
    // Warm-up (not reported): every journey a few times, so the figures are of JIT-compiled code.
    for (const k of ['morning', 'assembly', 'trickle'] as const)
      await step(pool, accessLog, 4, 3, journeys[k]);
    // What the deployment spends with no traffic (the workers' polls, the metrics, Redis, the
    // backends' keepalive), taken off each step's CPU: at a low rate it would be most of it.
    const idle0 = await cpu(dir, client);
    await new Promise((r) => setTimeout(r, 10_000));
    const idle = spent(idle0, await cpu(dir, client));
    for (const k of Object.keys(idle) as (keyof typeof idle)[]) idle[k] /= 10;
    console.log(
      `Idle, CPU ms a second: instances ${(1000 * idle.instances).toFixed(1)}, PostgreSQL ${(1000 * idle.postgres).toFixed(1)}, nginx ${(1000 * idle.nginx).toFixed(1)}, Redis+S3 ${(1000 * idle.redis).toFixed(1)}`,
    );
    const report: string[] = [];
    let cores = 0;
    for (const s of SCENARIOS) {
      if (s.key === 'assembly') {
        // The co-owners' pages hold a socket each, through nginx, in their record's room.
        const refused: Record<string, number> = {};
        for (const o of ag.owners) {
          const so = io(`https://127.0.0.1:${PORTS.HTTPS_PORT}`, {
            path: '/socket.io',
            auth: { token: o.token },
            transports: ['websocket'],
            rejectUnauthorized: false,
          });
          sockets.push(so);
          so.on('connect', () => so.emit('join-coproprietaire', o.record, () => {}));
          so.on('connect_error', (e) => {
            refused[e.message] = (refused[e.message] ?? 0) + 1;
          });
        }
        for (let i = 0; i < 60 && sockets.some((x) => !x.connected); i++)
          await new Promise((r) => setTimeout(r, 500));
        console.log(
          `  ${sockets.filter((x) => x.connected).length} sockets connected through nginx ${JSON.stringify(refused)}`,
        );
      }
      console.log(`\n${s.title}`);
      type Measured = StepResult & { cpu: ReturnType<typeof spent> };
      let held: Measured | null = null;
      let last: Measured | null = null;
      let failed = 0;
      for (const rate of s.rates) {
        const before = await cpu(dir, client);
        const t0 = performance.now();
        const r = await step(pool, accessLog, rate, SECONDS, journeys[s.key]);
        const c = spent(before, await cpu(dir, client));
        const elapsed = (performance.now() - t0) / 1000;
        for (const k of Object.keys(c) as (keyof typeof c)[]) c[k] = Math.max(0, c[k] - idle[k] * elapsed);
        const errs = Object.entries(r.errors);
        const ok = errs.length === 0 && r.p99 < 300;
        const perJ = (x: number) => ((1000 * x) / r.journeys).toFixed(1);
        console.log(
          `  ${String(rate).padStart(3)} journeys/s (${(r.requests / SECONDS).toFixed(0)} req/s): server p50 ${ms(r.p50)} p99 ${ms(r.p99)}, client p99 ${ms(r.clientP99)}, ` +
            `driver late ${ms(r.lateMs)}; CPU ms/journey (less idle): instances ${perJ(c.instances)}, PostgreSQL ${perJ(c.postgres)}, nginx ${perJ(c.nginx)}, Redis+S3 ${perJ(c.redis)}; load ${load()}` +
            (errs.length ? `\n      errors: ${errs.map(([k, v]) => `${k} ×${v}`).join(', ')}` : ''),
        );
        last = { ...r, cpu: c };
        if (!ok) {
          const worst = Object.entries(r.byName).sort((a, b) => b[1].p99 - a[1].p99)[0];
          if (worst) console.log(`      slowest: ${worst[0]} p99 ${ms(worst[1].p99)}`);
          // Two steps failed in a row: the rate is past what this machine holds now.
          if (++failed === 2) break;
          continue;
        }
        failed = 0;
        held = last;
      }
      const m = held ?? last;
      if (!m) continue;
      const total = m.cpu.instances + m.cpu.postgres + m.cpu.nginx + m.cpu.redis;
      const perJourney = total / m.journeys;
      const need = MILLION[s.key];
      cores += (need * perJourney) / UTILISATION;
      report.push(
        `${s.key.padEnd(9)} ${held ? `held ${held.rate} journeys/s (p99 ${ms(held.p99)})` : `no step held (p99 ${ms(m.p99)} at ${m.rate}/s)`}; ` +
          `${(m.requests / m.journeys).toFixed(1)} req/journey; CPU per journey ${(1000 * perJourney).toFixed(1)} ms ` +
          `(instances ${((1000 * m.cpu.instances) / m.journeys).toFixed(1)}, PostgreSQL ${((1000 * m.cpu.postgres) / m.journeys).toFixed(1)}), ` +
          `per request ${((1000 * total) / m.requests).toFixed(2)} ms; at 1 M co-owners ${need.toFixed(1)} journeys/s → ${((need * perJourney) / UTILISATION).toFixed(2)} cores`,
      );
    }
    report.push(
      `1 million co-owners, the busiest of the three at once: ${cores.toFixed(1)} cores (at ${UTILISATION * 100} % busy)`,
    );
    console.log(`\nSummary (load average ${load()}, ${os.cpus().length} cores):\n  ${report.join('\n  ')}`);
    pool.close();
  } finally {
    for (const so of sockets) so.close();
    await client.end();
    sh('deploy/down.sh', env);
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
