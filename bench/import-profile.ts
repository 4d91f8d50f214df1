/**
 * Where the first import of `bench:import`'s building spends its time: every statement's wall
 * time summed by its first words, beside the whole. Run under `node --cpu-prof` for the CPU
 * side: `BENCH_PROFILE=/tmp/import.cpuprofile npx tsx bench/import-profile.ts` writes the import's
 * own CPU profile (open it in Chrome's DevTools). BENCH_PG as bench:import.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.js';
import { importPortfolio } from '../apps/server/src/modules/syndic-api/import/import.service.js';
import { makeSyndic } from '../apps/server/src/test/factories.js';
import { building } from './import-document.js';

const PG = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432';

type Stat = { n: number; ms: number; pgMs: number };
const pgSeconds = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return 0;
  }
};
const stats = new Map<string, Stat>();
const query = pg.Client.prototype.query as (...a: unknown[]) => unknown;
let on = false;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const first = args[0] as string | { text?: string };
  const text = typeof first === 'string' ? first : (first?.text ?? '');
  const r = query.apply(this, args);
  if (!on || !(r instanceof Promise)) return r;
  const t0 = process.hrtime.bigint();
  const pid = (this as unknown as { processID: number }).processID;
  const c0 = pgSeconds(pid);
  const key = text.replace(/\s+/g, ' ').slice(0, 110);
  return r.then((v) => {
    const s = stats.get(key) ?? { n: 0, ms: 0, pgMs: 0 };
    s.n++;
    s.pgMs += (pgSeconds(pid) - c0) * 1000;
    s.ms += Number(process.hrtime.bigint() - t0) / 1e6;
    stats.set(key, s);
    return v;
  });
} as never;

const post = (session: Session, method: string) =>
  new Promise((resolve, reject) => session.post(method, (err, res) => (err ? reject(err) : resolve(res))));

async function main() {
  const name = `tantieme_bench_profile_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(PG);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  try {
    await database.migrate();
    const syndic = await makeSyndic(database.db);
    const api = { syndicId: syndic.id, syndicAlias: syndic.alias, keyId: null, actor: 'bench' };
    const doc = { administrators: [], charges: [], financial_years: [], bills: [], ...building('B') };
    const session = process.env.BENCH_PROFILE ? new Session() : null;
    if (session) {
      session.connect();
      await post(session, 'Profiler.enable');
      await post(session, 'Profiler.start');
    }
    on = true;
    const t0 = process.hrtime.bigint();
    const cpu0 = process.cpuUsage();
    const report = await importPortfolio(database.db, api, doc);
    const total = Number(process.hrtime.bigint() - t0) / 1e6;
    const cpu = process.cpuUsage(cpu0);
    on = false;
    if (session) {
      const { profile } = (await post(session, 'Profiler.stop')) as { profile: unknown };
      writeFileSync(process.env.BENCH_PROFILE as string, JSON.stringify(profile));
      session.disconnect();
    }
    if (!report.ok) throw new Error(JSON.stringify(report.errors.slice(0, 3)));
    const sum = [...stats.values()].reduce((a, s) => a + s.ms, 0);
    const pgSum = [...stats.values()].reduce((a, s) => a + s.pgMs, 0);
    console.log(
      `first import ${total.toFixed(0)} ms; statements ${sum.toFixed(0)} ms (PostgreSQL CPU ${pgSum.toFixed(0)} ms); node CPU ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms`,
    );
    for (const [k, s] of [...stats].sort((a, b) => b[1].ms - a[1].ms).slice(0, 40))
      console.log(
        `${s.ms.toFixed(0).padStart(7)} ms ${s.pgMs.toFixed(0).padStart(6)} ms CPU ${String(s.n).padStart(5)}×  ${k}`,
      );
  } finally {
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
