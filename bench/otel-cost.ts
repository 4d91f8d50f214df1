/**
 * `npm run bench:otel -w @tantieme/bench`: what OpenTelemetry tracing costs a bare route
 * (GET /api/live, no SQL), in-process (light-my-request, no network): the CPU per request of the
 * application without an OTLP endpoint (no tracing code loaded, no hook) and with one (a span per
 * request, exported in batches to a local receiver that answers 200). Alternated A B A B so the
 * machine's drift falls on both. Not a test.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestApp } from '../apps/server/src/test/harness.js';

const N = Number(process.env.BENCH_REQUESTS ?? 20_000);
const sink = createServer((req, res) => {
  req.resume();
  req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
});
await new Promise<void>((r) => sink.listen(0, '127.0.0.1', r));
const url = `http://127.0.0.1:${(sink.address() as AddressInfo).port}`;

async function run(traced: boolean) {
  const t = await createTestApp(traced ? { env: { OTEL_EXPORTER_OTLP_ENDPOINT: url } } : {});
  for (let i = 0; i < 2000; i++) await t.app.inject({ method: 'GET', url: '/api/live' });
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < N; i++) await t.app.inject({ method: 'GET', url: '/api/live' });
  const c = process.cpuUsage(c0);
  const wall = performance.now() - t0;
  await t.close();
  return { cpuUs: (c.user + c.system) / N, wallUs: (1000 * wall) / N };
}

const rows: Record<string, { cpuUs: number; wallUs: number }[]> = { without: [], with: [] };
for (let round = 0; round < 2; round++) {
  rows.without!.push(await run(false));
  rows.with!.push(await run(true));
}
sink.close();
for (const [k, v] of Object.entries(rows))
  console.log(
    `${k.padEnd(8)} OTLP endpoint: CPU ${v.map((x) => x.cpuUs.toFixed(1)).join(' / ')} µs per request, wall ${v.map((x) => x.wallUs.toFixed(1)).join(' / ')} µs`,
  );
