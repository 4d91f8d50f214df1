/** The data a benchmark runs on: seed-scale databases with sessions, or the demo's claire. */
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.js';
import {
  FULL_SCALE,
  isScaleAttached,
  isScaleSeeded,
  md5Uuid,
  type ScaleOptions,
  scaleCoproId,
  scaleCoproOf,
  scaleRecordId,
} from '../apps/server/seed/scale.kit.js';
import { seedScale } from '../apps/server/seed/scale.js';
import type { Who } from './calls.js';

export const PG = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432';
const USERS = 200;

/** `tantieme_bench_<scale>` (or BENCH_DB, one scale only) on PG, seeded once and reused; its URL. */
export async function ensureScale(scale: number): Promise<string> {
  const dbName = process.env.BENCH_DB ?? `tantieme_bench_${scale}`;
  if (!/^[a-z_][a-z0-9_]*$/.test(dbName)) throw new Error(`BENCH_DB: ${dbName} is not a plain name`);
  const admin = new pg.Client({ connectionString: `${PG}/postgres` });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [dbName]);
  if (exists.rowCount === 0) await admin.query(`create database ${dbName}`);
  await admin.end();
  const url = `${PG}/${dbName}`;
  const database = await openDatabase({ url });
  await database.migrate();
  const opts: ScaleOptions = {
    ...FULL_SCALE,
    coproprietes: scale,
    coproprietaires: 50 * scale,
    ledgerLines: 2000 * scale,
  };
  const seeded = await isScaleSeeded(database.db);
  if (seeded !== 0 && seeded !== scale)
    throw new Error(`${dbName} holds ${seeded} copropriétés, not ${scale}: drop it`);
  if (seeded === 0) await seedScale(database.db, opts, (l) => console.log(l));
  await database.close();
  return url;
}

/** Sessions for USERS attached records spread over the copropriétés (tokens stored hashed). */
export async function scaleUsers(url: string, scale: number): Promise<Who[]> {
  const opts = { ...FULL_SCALE, coproprietes: scale, coproprietaires: 50 * scale };
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const users: Who[] = [];
  const step = Math.max(1, Math.floor(opts.coproprietaires / USERS));
  for (let n = 1; users.length < USERS && n <= opts.coproprietaires; n += step) {
    let m = n;
    while (!isScaleAttached(m)) m++;
    const token = randomBytes(32).toString('base64url');
    await client.query(
      `insert into sessions (user_id, token_hash, expires_at) values ($1, $2, now() + interval '1 day')`,
      [md5Uuid(`tantieme-scale:user:${m}`), createHash('sha256').update(token).digest('hex')],
    );
    const c = scaleCoproOf(m, opts);
    const [{ syndic_id, type_code }] = (
      await client.query(
        `select p.syndic_id, (select d.type_code from documents d where d.coproprietaire_id = $2 limit 1) as type_code
           from coproprietes p where p.id = $1`,
        [scaleCoproId(c), scaleRecordId(m)],
      )
    ).rows;
    users.push({
      syndic: syndic_id,
      docType: type_code ?? 'AUTRE',
      token,
      record: scaleRecordId(m),
      copro: scaleCoproId(c),
      bill: md5Uuid(`tantieme-scale:bill:${c * 100 + 20}`),
      lot: md5Uuid(`tantieme-scale:lot:${m * 10 + 1}`),
    });
  }
  const staff = await staffSession(client);
  await client.end();
  return users.map((u) => ({ ...u, ...staff }));
}

/**
 * A console session: the first gestionnaire of the first syndic made its administrateur (every
 * one of its buildings: 200 at the 1,000 scale), with an account of its own.
 */
async function staffSession(client: pg.Client) {
  const userId = md5Uuid('tantieme-scale:staff-user:1');
  const adminId = md5Uuid('tantieme-scale:admin:101');
  await client.query(
    `insert into users (id, email, first_name, last_name) values ($1, 'direction@scale.tantieme.test', 'Anne', 'Direction')
     on conflict (id) do nothing`,
    [userId],
  );
  await client.query(`update administrators set user_id = $1, role = 'administrateur' where id = $2`, [
    userId,
    adminId,
  ]);
  const token = randomBytes(32).toString('base64url');
  await client.query(
    `insert into sessions (user_id, token_hash, expires_at) values ($1, $2, now() + interval '1 day')`,
    [userId, createHash('sha256').update(token).digest('hex')],
  );
  const [{ id }] = (
    await client.query(
      `select c.id from coproprietes c join administrators a on a.syndic_id = c.syndic_id
        where a.id = $1 order by c.name limit 1`,
      [adminId],
    )
  ).rows;
  return { staffToken: token, staffCopro: id as string };
}

/** The demo's claire (a council member of Les Tilleuls, so every list answers) and her ids. */
export async function demoUser(base: string): Promise<Who[]> {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'claire.martin@example.fr', password: 'Tilleuls2024' }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const h = { authorization: `Bearer ${token}` };
  const get = async <T>(p: string) =>
    ((await (await fetch(base + p, { headers: h })).json()) as { data: T }).data;
  type Rec = {
    id: string;
    init_settings_done: boolean;
    coproprietes: { id: string; syndic_id: string; syndic_disable: boolean }[];
  };
  const rec = (await get<Rec[]>('/api/coproprietaires/all')).find(
    (r) => r.init_settings_done && !r.coproprietes[0].syndic_disable,
  ) as Rec;
  const copro = rec.coproprietes[0].id;
  const bills = await get<{ id: string }[]>(
    `/api/finances/coproprietes/${copro}/coproprietaires/${rec.id}/paid-bills`,
  );
  const lots = await get<{ id: string }[]>(`/api/coproprietaires/${copro}/${rec.id}/lots`);
  const types = await get<{ code: string }[]>('/api/parameters/document-types/list');
  // The console's demo administrateur of Lefèvre Immobilier, and the first of its buildings.
  const staffLogin = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'm.lefevre@lefevre-immobilier.fr', password: 'Tilleuls2024' }),
  });
  const staffToken = ((await staffLogin.json()) as { data: { token: string } }).data.token;
  const portfolio = (await (
    await fetch(`${base}/api/gestion/portefeuille`, { headers: { authorization: `Bearer ${staffToken}` } })
  ).json()) as { data: { buildings: { id: string }[] } };
  return [
    {
      token,
      record: rec.id,
      copro,
      bill: bills[0]?.id ?? '',
      lot: lots[0]?.id ?? '',
      syndic: rec.coproprietes[0].syndic_id,
      docType: types[0]?.code ?? '',
      staffToken,
      staffCopro: portfolio.data.buildings[0]?.id ?? '',
    },
  ];
}
