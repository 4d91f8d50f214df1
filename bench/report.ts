/** The benchmark's table: one row per call, and the legend of its columns. */
import { type CpuPerRequest, formatCpu } from './cpu.js';

export interface Row {
  name: string;
  bytes: number;
  statements: string;
  timing: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  bareRps: number;
  /**
   * `/api/health`'s req/s driven just before this call: the reference of its share, seconds
   * apart, so that a machine whose speed drifts during the run (a shared host) moves both.
   */
  healthRps: number;
  /** µs of CPU per request: the server, PostgreSQL, the load generator (bench/cpu.ts). */
  cpu: CpuPerRequest | null;
  /** The call's floor (bench/floor-server.ts): its own statements and answer, nothing else; PostgreSQL only. */
  floorRps: number | null;
}

/**
 * The most a call can reach as the application serves it: its floor's time per request plus
 * what the application's own machinery (hooks, headers, logging) adds to health's, read from
 * health's row (its req/s against its floor's), as a share of the call's health.
 */
function boundOf(r: Row, health: Row): number | null {
  if (r.floorRps === null || health.floorRps === null) return null;
  const machinery = Math.max(0, 1 / health.rps - 1 / health.floorRps);
  return 1 / (1 / r.floorRps + machinery) / r.healthRps;
}

export function print(title: string, rows: Row[]) {
  console.log(`\n${title}`);
  console.log(
    `${'call'.padEnd(36)} ${'SQL'.padStart(7)} ${'bytes'.padStart(7)} ${'req/s'.padStart(7)} ${'p50'.padStart(6)} ${'p99'.padStart(6)} ${'bare req/s'.padStart(10)} ${'% bare'.padStart(7)} ${'health'.padStart(7)} ${'% health'.padStart(8)} err ${'floor'.padStart(7)} ${'% health'.padStart(8)} ${'bound'.padStart(6)} ${'CPU µs/req'.padStart(17)}  per-request ms (one sample)`,
  );
  for (const r of rows) {
    const bound = boundOf(r, rows[0]);
    console.log(
      `${r.name.padEnd(36)} ${r.statements.padStart(7)} ${String(r.bytes).padStart(7)} ${r.rps.toFixed(0).padStart(7)} ${`${r.p50}ms`.padStart(6)} ${`${r.p99}ms`.padStart(6)} ${r.bareRps.toFixed(0).padStart(10)} ${`${((100 * r.rps) / r.bareRps).toFixed(1)}%`.padStart(7)} ${r.healthRps.toFixed(0).padStart(7)} ${`${((100 * r.rps) / r.healthRps).toFixed(0)}%`.padStart(8)} ${String(r.errors).padStart(3)} ${(r.floorRps?.toFixed(0) ?? '–').padStart(7)} ${(r.floorRps === null ? '–' : `${((100 * r.floorRps) / r.healthRps).toFixed(0)}%`).padStart(8)} ${(bound === null ? '–' : `${(100 * bound).toFixed(0)}%`).padStart(6)} ${formatCpu(r.cpu).padStart(17)}  ${r.timing}`,
    );
  }
}

export function printLegend() {
  console.log(
    '\nSQL = statements per request (x-sql-statements), in brackets the first request for a building when it differs; each user asks each call once before it is measured; % bare = req/s against the bare Fastify route with a body of the same size; health = /api/health’s req/s driven just before the call, and % health = the call’s req/s against it (so a machine whose speed drifts during the run moves both); floor = req/s of the call’s floor (bench/floor-server.ts: a bare route sending the call’s own SQL statements and its exact answer, nothing else; PostgreSQL only) and its share of health: the most any server code could reach with that SQL; bound = the floor plus what the application’s own machinery adds to every request (health’s time per request against its floor’s), as a share of health: the most the application could reach with that SQL if the call’s own work cost nothing; CPU µs/req = CPU time per request of the server · every PostgreSQL backend · the load generator (autocannon, this process), from /proc during the run (the three share the machine’s cores: req/s ≈ busy cores / their sum); per-request ms = session lookup · access guard · response validation+serialisation (server-timing of one request).',
  );
}
