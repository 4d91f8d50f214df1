/**
 * Fault: the PostgreSQL primary is lost and a streaming standby is promoted. Two clusters on one
 * machine (PGBIN: Debian's /usr/lib/postgresql/15/bin): a primary with a synchronous standby
 * made by pg_basebackup -R (a commit is acknowledged once the standby has it), two instances of
 * apps/server/src/main.ts behind the address the database is known by (here a TCP forwarder in
 * this process, standing for a virtual IP, a DNS name or pgbouncer's target). Claire and Paul
 * vote and write chat messages through both instances while the primary is stopped (immediate
 * mode, as a crash) and the standby promoted; then:
 * - every write answered 2xx is in the promoted database (nothing acknowledged lost);
 * - both instances reconnect by themselves and serve writes again;
 * - every assembly register verifies against its signed heads, with a vote recorded after.
 * Exit 0 when all hold. Run: deploy/faults/pg-failover.sh
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { hasSecondVote } from '@tantieme/contract';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { assembleeSigner } from '../../apps/server/src/platform/signing.js';
import { verifyRegisters } from '../backup/registers.js';

const PGBIN = process.env.PGBIN ?? '/usr/lib/postgresql/15/bin';
const base = Number(process.env.FAULT_PORT_BASE ?? 3278);
const [PRIMARY, STANDBY, ADDRESS, APP_A, APP_B] = [0, 1, 2, 3, 4].map((i) => base + i);
const dir = mkdtempSync(path.join(os.tmpdir(), 'pg-failover-'));
const started = Date.now();
const t = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
// PostgreSQL refuses to run as root: under root, its commands run as the postgres user.
const asRoot = process.getuid?.() === 0;
if (asRoot) execFileSync('chown', ['postgres', dir]);
const pg = (bin: string, args: string[]) => {
  const [cmd, all] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', path.join(PGBIN, bin), ...args]]
    : [path.join(PGBIN, bin), args];
  try {
    return execFileSync(cmd, all, { stdio: 'pipe' }).toString();
  } catch (e) {
    throw new Error(`${bin} ${args.join(' ')}: ${(e as { stderr?: Buffer }).stderr?.toString() ?? e}`);
  }
};
const psql = (port: number, q: string, db = 'postgres') =>
  pg('psql', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', db, '-tAc', q]).trim();
const children: ChildProcess[] = [];
const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
};
function cleanup() {
  // Each instance is a process group: tsx and the node child that runs the server.
  for (const c of children)
    try {
      if (c.pid) process.kill(-c.pid, 'SIGKILL');
    } catch {}
  for (const d of ['primary', 'standby'])
    try {
      pg('pg_ctl', ['-D', path.join(dir, d), '-m', 'immediate', 'stop']);
    } catch {}
  if (!process.env.KEEP) rmSync(dir, { recursive: true, force: true });
}
process.on('exit', cleanup);

// 1. The primary, and a synchronous standby from its base backup.
const primary = path.join(dir, 'primary');
const standby = path.join(dir, 'standby');
pg('initdb', ['-D', primary, '-U', 'postgres', '-A', 'trust', '--no-sync']);
appendFileSync(
  path.join(primary, 'postgresql.conf'),
  `port = ${PRIMARY}\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '${dir}'\n` +
    'wal_level = replica\nmax_wal_senders = 4\n',
);
pg('pg_ctl', ['-D', primary, '-l', path.join(dir, 'primary.log'), '-w', 'start']);
psql(PRIMARY, 'create database tantieme');
console.log(`primary up (${t()})`);
pg('pg_basebackup', [
  '-h',
  '127.0.0.1',
  '-p',
  String(PRIMARY),
  '-U',
  'postgres',
  '-D',
  standby,
  '-R',
  '-X',
  'stream',
  '-c',
  'fast',
]);
appendFileSync(
  path.join(standby, 'postgresql.auto.conf'),
  `port = ${STANDBY}\nprimary_conninfo = 'host=127.0.0.1 port=${PRIMARY} user=postgres application_name=standby1'\n`,
);
pg('pg_ctl', ['-D', standby, '-l', path.join(dir, 'standby.log'), '-w', 'start']);

// 2. The database's address: every new connection goes to the current primary.
let target = PRIMARY;
const sockets = new Set<net.Socket>();
const forwarder = net.createServer((client) => {
  const upstream = net.connect(target, '127.0.0.1');
  for (const s of [client, upstream]) {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => {
      client.destroy();
      upstream.destroy();
    });
  }
  client.pipe(upstream).pipe(client);
});
await new Promise<void>((r) => forwarder.listen(ADDRESS, '127.0.0.1', r));
const url = `postgres://postgres@127.0.0.1:${ADDRESS}/tantieme`;

// 3. The demo data, then two instances on that address.
const env = {
  ...process.env,
  NODE_ENV: 'development',
  DATABASE_URL: url,
  APP_SECRET: randomBytes(32).toString('hex'),
  ASSEMBLY_SIGNING_KEY: generateKeyPairSync('ed25519')
    .privateKey.export({ format: 'der', type: 'pkcs8' })
    .toString('base64'),
  LOG_LEVEL: 'error',
  HOST: '127.0.0.1',
};
// Asynchronously: the forwarder runs on this process's event loop.
const seed = spawn('node_modules/.bin/tsx', ['apps/server/seed/admin.ts', 'seed-demo'], {
  env: { ...env, DATA_DIR: path.join(dir, 'admin') },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const seeded = await new Promise<number | null>((r) => seed.on('exit', r));
if (seeded !== 0) throw new Error(`demo seed: exit ${seeded}`);
console.log(`demo data seeded (${t()})`);
// Synchronous from now on: each commit acknowledged is on the standby (the demo seed, before,
// would wait on every one of its small commits).
psql(PRIMARY, "alter system set synchronous_standby_names = 'standby1'");
psql(PRIMARY, 'select pg_reload_conf()');
for (let i = 0; i < 100 && psql(PRIMARY, 'select sync_state from pg_stat_replication') !== 'sync'; i++)
  await new Promise((r) => setTimeout(r, 100));
check(
  psql(PRIMARY, 'select sync_state from pg_stat_replication') === 'sync',
  `standby streaming, synchronous (${t()})`,
);

const ready = async (port: number) =>
  (await fetch(`http://127.0.0.1:${port}/api/ready`).catch(() => null))?.status === 200;
for (const port of [APP_A, APP_B])
  if (await ready(port)) throw new Error(`port ${port} already answers: another instance is running there`);
for (const [port, name] of [
  [APP_A, 'a'],
  [APP_B, 'b'],
] as const) {
  const c = spawn('node_modules/.bin/tsx', ['apps/server/src/main.ts'], {
    env: { ...env, PORT: String(port), DATA_DIR: path.join(dir, `app-${name}`) },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  children.push(c);
}
for (let i = 0; i < 600 && !((await ready(APP_A)) && (await ready(APP_B))); i++)
  await new Promise((r) => setTimeout(r, 500));
check((await ready(APP_A)) && (await ready(APP_B)), `two instances ready (${t()})`);

// 4. The co-owners, their assembly and their conversation.
// biome-ignore lint/suspicious/noExplicitAny: each answer's shape is read where it is used
type Json = { data?: any; code?: string };
async function call(port: number, method: string, p: string, token?: string, body?: unknown) {
  const res = await fetch(`http://127.0.0.1:${port}${p}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  }).catch(() => null);
  return { status: res?.status ?? 0, body: ((await res?.json().catch(() => ({}))) ?? {}) as Json };
}
async function coOwner(port: number, email: string) {
  const token = (await call(port, 'POST', '/api/auth/login', undefined, { email, password: 'Tilleuls2024' }))
    .body.data.token as string;
  const all = (await call(port, 'GET', '/api/coproprietaires/all', token)).body.data as {
    id: string;
    coproprietes: { id: string; name: string }[];
  }[];
  const r = all.find((x) => x.coproprietes[0].name.includes('Tilleuls')) as (typeof all)[number];
  return { port, token, id: r.id, coproId: r.coproprietes[0].id };
}
type Owner = Awaited<ReturnType<typeof coOwner>>;
const claire = await coOwner(APP_A, 'claire.martin@example.fr');
const paul = await coOwner(APP_B, 'paul.durand@example.fr');
async function vote(o: Owner) {
  const ags = (
    await call(
      o.port,
      'GET',
      `/api/assemblee/coproprietes/${o.coproId}/coproprietaire/${o.id}/get-list-ag-available`,
      o.token,
    )
  ).body.data as { id: string; vote_active: boolean }[];
  const ag = ags.find((a) => a.vote_active);
  if (!ag) return 0;
  const at = `/api/assemblee/${ag.id}/coproprietes/${o.coproId}/coproprietaire/${o.id}`;
  const resolutions = (await call(o.port, 'GET', `${at}/resolutions`, o.token)).body.data.resolutions as {
    id: string;
    title: string;
    no_vote: boolean;
    article: string;
  }[];
  const list_data = resolutions
    .filter((r) => !r.no_vote)
    .map((r) => {
      const two = hasSecondVote(r.article);
      const field = two
        ? { vote_1: { vote_value: 'disagree' }, vote_2: { vote_value: 'disagree' } }
        : { vote_1: { vote_value: 'disagree' } };
      return { id: r.id, title: r.title, field, has_vote_two: two };
    });
  return (
    await call(o.port, 'POST', `${at}/resolution/vote-internet`, o.token, {
      coproprietaire: { id: o.id, name: '' },
      list_data,
    })
  ).status;
}
const contacts = (await call(APP_A, 'GET', `/api/coproprietaires/${claire.id}/chat/candidates`, claire.token))
  .body.data as { id: string; type: string; name: string }[];
const paulContact = contacts.find((x) => x.name.includes('Durand')) as (typeof contacts)[number];
const conv = (
  await call(APP_A, 'POST', `/api/coproprietaires/${claire.id}/chat/conversations`, claire.token, {
    participant_id: paulContact.id,
    participant_type: paulContact.type,
  })
).body.data.id as string;
check((await vote(claire)) === 200, 'Claire votes before the failover');

// 5. Writes from both instances; the primary crashes mid-way and the standby is promoted.
const acked: string[] = [];
const statuses = new Map<number, number>();
let failedOver = false;
let afterOk = 0;
async function writer(o: Owner, n: number) {
  for (let i = 0; i < n; i++) {
    const r = await call(
      o.port,
      'POST',
      `/api/coproprietaires/${o.id}/chat/conversations/${conv}/messages`,
      o.token,
      {
        text: `Message ${i + 1} pendant la bascule`,
      },
    );
    statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
    if (r.status === 200) {
      acked.push(r.body.data.id);
      if (failedOver) afterOk++;
    }
    await new Promise((res) => setTimeout(res, 150));
  }
}
async function failover() {
  await new Promise((r) => setTimeout(r, 2_000));
  const lostAt = Date.now();
  pg('pg_ctl', ['-D', primary, '-m', 'immediate', 'stop']);
  for (const s of sockets) s.destroy();
  pg('pg_ctl', ['-D', standby, '-w', 'promote']);
  target = STANDBY;
  failedOver = true;
  console.log(`primary lost, standby promoted in ${Date.now() - lostAt} ms (${t()})`);
}
await Promise.all([writer(claire, 40), writer(paul, 40), failover()]);
console.log(`answers: ${[...statuses].map(([s, n]) => `${n} × ${s}`).join(', ')}`);
check(afterOk >= 20, `instances reconnected: ${afterOk} writes acknowledged after the promotion`);
check(!statuses.has(500), 'no 500 during the failover');
check((await vote(paul)) === 200, 'Paul votes after the failover');

// 6. On the promoted standby: every acknowledged write, and the registers against their heads.
const stored = new Set(
  psql(STANDBY, `select id from chat_messages where conversation_id = '${conv}'`, 'tantieme').split('\n'),
);
const lost = acked.filter((id) => !stored.has(id));
check(
  lost.length === 0,
  `every acknowledged write is on the promoted standby (${acked.length}, ${lost.length} missing)`,
);
const database = await openDatabase({ url: `postgres://postgres@127.0.0.1:${STANDBY}/tantieme` });
const signer = assembleeSigner({ env: 'production', assembleeSigningKey: env.ASSEMBLY_SIGNING_KEY });
const regs = await verifyRegisters(database.db, signer);
await database.close();
check(
  regs.failures.length === 0 && regs.registers > 0,
  `${regs.registers} assembly registers verify (${regs.records} records, ${regs.heads} earlier heads)`,
);
forwarder.close();
console.log(
  failures.length
    ? `fault pg-failover: ${failures.length} failed (${t()})`
    : `fault pg-failover: ok (${t()})`,
);
process.exit(failures.length ? 1 : 0);
