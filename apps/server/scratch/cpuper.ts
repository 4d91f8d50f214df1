// Node CPU µs per request of a route, via inject (no socket), sequential, on the bench DB.
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
const url = 'postgres://postgres@127.0.0.1:5432/tantieme_bench_1000';
process.env.DATABASE_URL = url; process.env.SEED_DEMO='0'; process.env.LOG_LEVEL='warn'; process.env.RESPONSE_CHECK='0';
process.env.APP_SECRET='bench-secret-not-for-production';
const config = loadConfig();
const database = await openDatabase({ url });
const app = await buildApp({ database, config });
await app.ready();
const c = new pg.Client({ connectionString: url }); await c.connect();
const who = JSON.parse(process.env.WHO!);
const token = randomBytes(32).toString('base64url');
await c.query(`insert into sessions (user_id, token_hash, expires_at) select user_id, $2, now() + interval '1 day' from coproprietaires where id=$1`, [who.record, createHash('sha256').update(token).digest('hex')]);
const headers = { authorization: `Bearer ${token}` };
const paths = (process.env.PATHS as string).split(',').map(p => p.replace('{record}', who.record).replace('{copro}', who.copro).replace('{syndic}', who.syndic).replace('{type}', who.docType));
const N = Number(process.env.N ?? 3000);
for (const p of paths) {
  for (let i = 0; i < 300; i++) await app.inject({ method: 'GET', url: p, headers });
  const before = process.cpuUsage(); const t0 = performance.now();
  let bytes = 0;
  for (let i = 0; i < N; i++) { const r = await app.inject({ method: 'GET', url: p, headers }); if (r.statusCode !== 200) throw new Error(p + r.body); bytes = r.body.length; }
  const u = process.cpuUsage(before); const wall = performance.now() - t0;
  console.log(`${p.slice(0,70).padEnd(70)} cpu ${(((u.user + u.system)) / N).toFixed(0).padStart(5)} µs/req  wall ${(1000*wall/N).toFixed(0)} µs  ${bytes} B`);
}
await c.end(); await app.close(); await database.close();
