/**
 * API latency benchmark: in-process (fastify.inject, no network) on an in-memory PGlite.
 * Prints p50/p95 per call and each call's ratio to the /api/health baseline, so results
 * compare across machines. Bounded: a fixed number of requests, then it exits.
 */
import { createTestApp } from '../apps/server/src/test/harness.js';
import { makeCoproprietaire, makeSignedInUser } from '../apps/server/src/test/factories.js';

const N = Number(process.env.BENCH_N ?? 300);

function pct(xs: number[], p: number) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}

async function time(fn: () => Promise<unknown>) {
  const out: number[] = [];
  for (let i = 0; i < 20; i++) await fn(); // warm-up
  for (let i = 0; i < N; i++) {
    const t0 = performance.now();
    await fn();
    out.push(performance.now() - t0);
  }
  return out;
}

const t = await createTestApp();
const db = t.database.db;
const { user, headers } = await makeSignedInUser(db);
for (let i = 0; i < 5; i++)
  await makeCoproprietaire(db, { user_id: user.id, lotNames: ['Appartement', 'Cave'] });

const cases: [string, () => Promise<unknown>][] = [
  ['GET /api/health', () => t.app.inject({ method: 'GET', url: '/api/health' })],
  ['GET /api/accounts/profile', () => t.app.inject({ method: 'GET', url: '/api/accounts/profile', headers })],
  [
    'GET /api/coproprietaires/all (5 records)',
    () => t.app.inject({ method: 'GET', url: '/api/coproprietaires/all', headers }),
  ],
];
const results: { name: string; p50: number; p95: number }[] = [];
for (const [name, fn] of cases) {
  const xs = await time(fn);
  results.push({ name, p50: pct(xs, 50), p95: pct(xs, 95) });
}
const base = results[0].p50;
console.log(`API latency, ${N} requests each (in-process, PGlite in memory)`);
for (const r of results) {
  console.log(
    `${r.name.padEnd(44)} p50 ${r.p50.toFixed(2).padStart(7)} ms  p95 ${r.p95.toFixed(2).padStart(7)} ms  ratio ${(r.p50 / base).toFixed(2)}× health`,
  );
}
await t.close();
