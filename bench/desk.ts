/**
 * `npm run bench:desk -w @tantieme/bench`: how long until an entry at the meeting desk (an arrival,
 * a vote, a paper form) shows in the live tally, for an assembly of BENCH_OWNERS co-owners (default
 * 500) and 10 resolutions, on PostgreSQL (BENCH_PG, a fresh database dropped at the end). The
 * register is first filled as a meeting in progress: every co-owner signed in, five resolutions
 * voted by all. Each figure is the desk's own work for one entry: the chained record written under
 * the assembly's lock, then the desk read again with each resolution's tally from the register (what
 * the console's POST answers and what a second tablet reads on the socket's event). Reference in the
 * same run: the desk read alone, and a bare `select 1`. Budget: one second. Not a test.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.js';
import { assemblees } from '../apps/server/src/db/schema/index.js';
import * as agRepo from '../apps/server/src/modules/assemblees/assemblees.repo.js';
import { deskState } from '../apps/server/src/modules/assemblees/desk/desk.read.js';
import { loadMinutesFacts } from '../apps/server/src/modules/assemblees/minutes.service.js';
import { tallyFacts } from '../apps/server/src/modules/assemblees/pv.js';
import { applyDeskEntry } from '../apps/server/src/modules/assemblees/desk/desk.service.js';

const PG = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432';
const OWNERS = Number(process.env.BENCH_OWNERS ?? 500);
const RUNS = 20;
const ms = (t0: number) => performance.now() - t0;

const SETUP = `
insert into syndics (id, name, alias) values (gen_random_uuid(), 'Syndic bench', 'bench-' || substr(md5(random()::text), 1, 8));
insert into coproprietes (id, syndic_id, name, address) select gen_random_uuid(), (select id from syndics limit 1), 'Résidence du Parc', '{}'::jsonb;
insert into repartitions (copropriete_id, code, name, total_tantieme) select id, '01', 'Charges générales', 100000 from coproprietes;
insert into coproprietaires (copropriete_id, name, display_name, unique_code)
  select c.id, 'Copropriétaire ' || g, 'Copropriétaire ' || g, upper(substr(md5(c.id::text || g), 1, 9))
  from coproprietes c, generate_series(1, $1::int) g;
insert into lots (copropriete_id, lot_id, name) select copropriete_id, id::text, 'Lot ' || name from coproprietaires;
insert into coproprietaire_lots (coproprietaire_id, lot_id) select o.id, l.id from coproprietaires o join lots l on l.lot_id = o.id::text;
insert into lot_tantiemes (lot_id, repartition_id, tantieme) select l.id, r.id, 100 + (abs(hashtext(l.id::text)) % 200) from lots l, repartitions r;
insert into assemblees (copropriete_id, name, year, date, status_session, general_repartition_id)
  select c.id, 'Assemblée générale ordinaire', 2026, now(), 1, r.id from coproprietes c, repartitions r;
insert into assemblee_participants (assemblee_id, coproprietaire_id) select a.id, o.id from assemblees a, coproprietaires o;
insert into resolutions (assemblee_id, number, title, article, repartition_id)
  select a.id, g, 'Résolution ' || g, case when g % 3 = 0 then 'ART-25' else 'ART-24' end, a.general_repartition_id
  from assemblees a, generate_series(1, 10) g;
`;

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!;

async function main() {
  const name = `tantieme_bench_desk_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(PG);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  const client = new pg.Client({ connectionString: url.toString() });
  try {
    await database.migrate();
    await client.connect();
    for (const s of SETUP.split(';\n').filter((x) => x.trim()))
      await client.query(s, s.includes('$1') ? [OWNERS] : []);
    const db = database.db;
    const { rows } = await client.query<{ ag: string; syndic: string }>(
      'select a.id ag, c.syndic_id syndic from assemblees a join coproprietes c on c.id = a.copropriete_id',
    );
    const { ag: agId, syndic } = rows[0]!;
    const [ag] = await db.select().from(assemblees).where(eq(assemblees.id, agId));
    if (!ag) throw new Error('no assembly');
    const owners = (
      await client.query<{ id: string }>('select id from coproprietaires order by name')
    ).rows.map((r) => r.id);
    const resolutions = (await agRepo.listResolutions(db, agId)).map((r) => r.resolution.id);
    const w = { syndicId: syndic, name: 'Bench', keyId: null, userId: null };

    // The meeting in progress: all but the last 60 signed in, five resolutions voted by all of them.
    const seated = owners.slice(0, OWNERS - 60);
    for (const id of seated)
      await applyDeskEntry(db, w, agId, {
        kind: 'attendance',
        coproprietaire: id,
        attendance: 'present',
        mandataire: null,
        from_resolution: 0,
      });
    for (const r of resolutions.slice(0, 5))
      await applyDeskEntry(db, w, agId, {
        kind: 'votes',
        resolution: r,
        votes: seated.map((id, i) => ({ coproprietaire: id, vote_1: i % 4 === 0 ? 'disagree' : 'agree' })),
      });
    const records = (await agRepo.listRecords(db, agId)).length;
    console.log(
      `${OWNERS} co-owners, 10 resolutions, ${records} records in the register, PostgreSQL ${name}\n`,
    );

    const late = owners.slice(OWNERS - 60);
    const time = async (entry: (i: number) => Parameters<typeof applyDeskEntry>[3] | null) => {
      const out: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const e = entry(i);
        const t0 = performance.now();
        if (e) await applyDeskEntry(db, w, agId, e);
        await deskState(db, ag);
        out.push(ms(t0));
      }
      return out;
    };
    const lines: [string, number[]][] = [];
    const t1 = performance.now();
    for (let i = 0; i < RUNS; i++) await client.query('select 1');
    lines.push(['reference: select 1 round trip', Array(RUNS).fill(ms(t1) / RUNS)]);
    lines.push(['reference: the desk read alone (tallies from the register)', await time(() => null)]);
    const facts = await loadMinutesFacts(db, ag, '');
    const loading: number[] = [];
    const counting: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      let t0 = performance.now();
      await loadMinutesFacts(db, ag, '');
      loading.push(ms(t0));
      t0 = performance.now();
      tallyFacts(facts);
      counting.push(ms(t0));
    }
    lines.push(['  of which: reading the register and the syndicat', loading]);
    lines.push(['  of which: counting the 10 resolutions', counting]);
    lines.push([
      'an arrival, then the desk',
      await time((i) => ({
        kind: 'attendance',
        coproprietaire: late[i]!,
        attendance: 'present',
        mandataire: null,
        from_resolution: 6,
      })),
    ]);
    lines.push([
      'a vote on resolution 6, then the desk',
      await time((i) => ({
        kind: 'votes',
        resolution: resolutions[5]!,
        votes: [{ coproprietaire: seated[i]!, vote_1: 'agree' }],
      })),
    ]);
    lines.push([
      'a paper form (10 choices), then the desk',
      await time((i) => ({
        kind: 'paper_form',
        coproprietaire: late[30 + i]!,
        method: 'papier',
        received_at: new Date(Date.now() - 8 * 86_400_000).toISOString(),
        choices: resolutions.map((r) => ({ resolution: r, vote_1: 'agree', vote_2: null })),
      })),
    ]);
    console.log(`${''.padEnd(62)} ${'p50'.padStart(8)} ${'p95'.padStart(8)}   budget 1 000 ms`);
    for (const [label, xs] of lines)
      console.log(
        `${label.padEnd(62)} ${pct(xs, 50).toFixed(1).padStart(6)} ms ${pct(xs, 95).toFixed(1).padStart(6)} ms`,
      );
  } finally {
    await client.end().catch(() => {});
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
