/**
 * The people of `npm run bench:day` in the 1,000-copropriété database (bench/scale-data.ts): the
 * co-owners of the morning (a password to sign in with, card payments active at their syndic),
 * sessions for the trickle, and one large building whose assembly is open to the vote.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type pg from 'pg';
import { hashPassword } from '../apps/server/src/lib/password.js';

export const PASSWORD = 'Matin-des-appels-2026';
const sha = (s: string) => createHash('sha256').update(s).digest('hex');
const token = () => randomBytes(32).toString('base64url');

export interface Owner {
  email: string;
  record: string;
  copro: string;
  syndic: string;
  token: string;
  /** A distinct client address (X-Forwarded-For): per-address limits apply per co-owner. */
  ip: string;
}
export interface Assembly {
  copro: string;
  ag: string;
  resolutions: { id: string; title: string; article: string }[];
  owners: (Owner & { name: string })[];
}

const ipOf = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

/**
 * `count` co-owners with an account, spread over every building: each gets the bench's password
 * and a session; their syndics take card payments (the sandbox stands in for Stripe).
 */
export async function morningOwners(client: pg.Client, count: number): Promise<Owner[]> {
  const hash = await hashPassword(PASSWORD);
  const { rows } = await client.query<{
    user_id: string;
    email: string;
    record: string;
    copro: string;
    syndic: string;
  }>(
    `select u.id user_id, u.email, o.id record, o.copropriete_id copro, c.syndic_id syndic
       from coproprietaires o join users u on u.id = o.user_id join coproprietes c on c.id = o.copropriete_id
      where u.email is not null and c.name <> 'Résidence de l''Assemblée (bench)'
      order by md5(o.id::text) limit $1`,
    [count],
  );
  await client.query('update users set password_hash = $1 where id = any($2::uuid[])', [
    hash,
    rows.map((r) => r.user_id),
  ]);
  await client.query(
    `update syndics set card_payments_active = true, stripe_account_id = coalesce(stripe_account_id, 'acct_bench_' || substr(md5(id::text), 1, 12))`,
  );
  // The quarter's appel just posted: each co-owner's latest debit is owed again (the seed's
  // ledger is settled), so the morning's payments have something to pay.
  await client.query(
    `update ledger_lines l set remaining_cents = l.amount_cents
       from (select distinct on (coproprietaire_id) id from ledger_lines
              where coproprietaire_id = any($1::uuid[]) and amount_type = 'debit' and amount_cents > 0
              order by coproprietaire_id, date desc) last
      where l.id = last.id`,
    [rows.map((r) => r.record)],
  );
  const tokens = rows.map(() => token());
  await client.query(
    `insert into sessions (user_id, token_hash, expires_at)
       select *, now() + interval '1 day' from unnest($1::uuid[], $2::text[])`,
    [rows.map((r) => r.user_id), tokens.map(sha)],
  );
  return rows.map((r, i) => ({ ...r, token: tokens[i]!, ip: ipOf(i + 1) }));
}

/**
 * One building of `n` co-owners (each with an account and a session) whose assembly is open to the
 * vote by correspondence: an art. 24, an art. 25 and an art. 26 resolution. Made once; reused.
 */
export async function assembleeBuilding(client: pg.Client, n: number): Promise<Assembly> {
  const name = "Résidence de l'Assemblée (bench)";
  // A syndic of its own (not 'scale-…'): the scale database still counts its 1,000 buildings.
  await client.query(
    `insert into syndics (id, name, alias) select gen_random_uuid(), 'Syndic de l''Assemblée (bench)', 'bench-day'
      where not exists (select 1 from syndics where alias = 'bench-day')`,
  );
  const syndic = (await client.query<{ id: string }>(`select id from syndics where alias = 'bench-day'`))
    .rows[0]!.id;
  await client.query('update coproprietes set syndic_id = $1 where name = $2', [syndic, name]);
  let copro = (await client.query<{ id: string }>('select id from coproprietes where name = $1', [name]))
    .rows[0]?.id;
  if (!copro) {
    copro = randomUUID();
    await client.query('begin');
    await client.query(
      `insert into coproprietes (id, syndic_id, name, address) values ($1, $2, $3, '{}'::jsonb)`,
      [copro, syndic, name],
    );
    await client.query(
      `insert into repartitions (copropriete_id, code, name, total_tantieme) values ($1, 'CG', 'Charges générales', $2)`,
      [copro, n * 20],
    );
    await client.query(
      `insert into users (id, email, first_name, last_name)
         select md5($1::text || g)::uuid, 'votant' || g || '.' || substr($1::text, 1, 8) || '@bench.tantieme.test', 'Votant', 'N° ' || g
         from generate_series(1, $2::int) g`,
      [copro, n],
    );
    await client.query(
      `insert into coproprietaires (copropriete_id, user_id, name, display_name, unique_code, init_settings_done)
         select $1::text::uuid, md5($1::text || g)::uuid, 'Votant n° ' || g, 'Votant n° ' || g, upper(substr(md5($1::text || 'code' || g), 1, 10)), true
         from generate_series(1, $2::int) g`,
      [copro, n],
    );
    await client.query(
      `insert into lots (copropriete_id, lot_id, name) select copropriete_id, id::text, 'Lot ' || name from coproprietaires where copropriete_id = $1`,
      [copro],
    );
    await client.query(
      `insert into coproprietaire_lots (coproprietaire_id, lot_id)
         select o.id, l.id from coproprietaires o join lots l on l.lot_id = o.id::text where o.copropriete_id = $1`,
      [copro],
    );
    await client.query(
      `insert into lot_tantiemes (lot_id, repartition_id, tantieme)
         select l.id, r.id, 20 from lots l join repartitions r on r.copropriete_id = l.copropriete_id where l.copropriete_id = $1`,
      [copro],
    );
    const ag = randomUUID();
    await client.query(
      `insert into assemblees (id, copropriete_id, name, year, date, priority, status_convocation, date_sent_convocation,
         status, valid_to, total_lots, total_coproprietaires, total_tantiemes, general_repartition_id)
       select $1, $2, 'Assemblée générale ordinaire', 2026, now() + interval '20 days', 1, 1, now(), 1,
         now() + interval '10 days', $3, $3, $4, r.id from repartitions r where r.copropriete_id = $2`,
      [ag, copro, n, n * 20],
    );
    await client.query(
      `insert into assemblee_participants (assemblee_id, coproprietaire_id, is_send_convocation)
         select $1, id, true from coproprietaires where copropriete_id = $2`,
      [ag, copro],
    );
    await client.query(
      `insert into resolutions (assemblee_id, number, title, article, repartition_id, content)
         select $1, g, t.title, t.article, r.id, 'Texte de la résolution.'
           from (values (1, 'Approbation des comptes', 'ART-24'), (2, 'Désignation du syndic', 'ART-25'),
                        (3, 'Ravalement des façades', 'ART-26')) t(g, title, article),
                repartitions r where r.copropriete_id = $2`,
      [ag, copro],
    );
    await client.query('commit');
  }
  const ag = (
    await client.query<{ id: string }>('select id from assemblees where copropriete_id = $1', [copro])
  ).rows[0]!.id;
  const resolutions = (
    await client.query<{ id: string; title: string; article: string }>(
      'select id, title, article from resolutions where assemblee_id = $1 order by number',
      [ag],
    )
  ).rows;
  const owners = (
    await client.query<{ user_id: string; email: string; record: string; name: string; syndic: string }>(
      `select o.user_id, u.email, o.id record, o.display_name name, c.syndic_id syndic
         from coproprietaires o join users u on u.id = o.user_id join coproprietes c on c.id = o.copropriete_id
        where o.copropriete_id = $1 order by o.name`,
      [copro],
    )
  ).rows;
  const tokens = owners.map(() => token());
  await client.query(
    `insert into sessions (user_id, token_hash, expires_at)
       select *, now() + interval '1 day' from unnest($1::uuid[], $2::text[])`,
    [owners.map((o) => o.user_id), tokens.map(sha)],
  );
  return {
    copro,
    ag,
    resolutions,
    owners: owners.map((o, i) => ({ ...o, copro: copro!, token: tokens[i]!, ip: ipOf(100_000 + i) })),
  };
}
