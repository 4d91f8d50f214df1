/**
 * The SQL of a period's appels for many exercices at once: one statement per step, whatever the
 * number of buildings and co-owners. The shares are computed in the database by the same rule
 * as the contract's appelsOfKey (largest remainder per key over the lots in lot order, then the
 * lot's year over the periods, the extra cents on the first ones); a test holds the two equal.
 */
import { sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.js';

export interface YearPlan {
  year_id: string;
  copro_id: string;
  periods: number;
  period: number;
  due_date: string;
  name: string;
}

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** The exercices (with their building and whether closed) among `ids`. */
export async function years(db: Executor, ids: string[]) {
  return rows<{ id: string; copropriete_id: string; start_date: string; couple: string; closed: boolean }>(
    await db.execute(sql`
      select id, copropriete_id, start_date::text as start_date, couple, closed
      from financial_years where id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)`),
  );
}

/** The voted budgets of a kind for these exercices, with the key's name. */
export async function budgets(db: Executor, ids: string[], kind: string) {
  return rows<{
    financial_year_id: string;
    repartition_id: string;
    repartition_name: string;
    amount_cents: string;
    periods: number;
  }>(
    await db.execute(sql`
      select b.financial_year_id, b.repartition_id, r.name as repartition_name, b.amount_cents::text, b.periods
      from appel_budgets b join repartitions r on r.id = b.repartition_id
      where b.kind = ${kind}
        and b.financial_year_id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)`),
  );
}

/** The periods of these exercices already called (appel_runs), with what they made. */
export async function runsDone(db: Executor, ids: string[], kind: string, period: number) {
  return rows<{ financial_year_id: string; bill_id: string | null; ecriture_id: string; due_date: string }>(
    await db.execute(sql`
      select financial_year_id, bill_id, ecriture_id, due_date::text as due_date from appel_runs
      where kind = ${kind} and period = ${period}
        and financial_year_id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)`),
  );
}

/**
 * Step 1: every lot's amount for the period, per exercice and key (temporary table appel_gen,
 * dropped at commit), with the lot's present owner (the first by id when several records share it).
 */
export async function computeShares(tx: Tx, plans: YearPlan[], kind: string) {
  await tx.execute(sql`
    create temp table appel_gen on commit drop as
    with y as (
      select * from jsonb_to_recordset(${JSON.stringify(plans)}::jsonb)
        as y(year_id uuid, copro_id uuid, periods int, period int, due_date date, name text)
    ), owner as (
      select cl.lot_id, min(cl.coproprietaire_id::text)::uuid as owner_id
      from coproprietaire_lots cl join coproprietaires c on c.id = cl.coproprietaire_id
      where c.copropriete_id in (select copro_id from y) and c.removed_at is null
      group by cl.lot_id
    ), s as (
      select y.year_id, y.copro_id, y.periods, y.period, b.repartition_id, b.amount_cents,
             t.lot_id, l.name as lot_name, o.owner_id, t.tantieme::bigint as tantieme,
             row_number() over (partition by y.year_id, b.repartition_id order by l.lot_id, l.id) as idx,
             sum(t.tantieme) over (partition by y.year_id, b.repartition_id) as total_t
      from y
      join appel_budgets b on b.financial_year_id = y.year_id and b.kind = ${kind}
      join lot_tantiemes t on t.repartition_id = b.repartition_id and t.tantieme > 0
      join lots l on l.id = t.lot_id
      left join owner o on o.lot_id = t.lot_id
    ), f as (
      select s.*, (amount_cents * tantieme) / total_t as fl, mod(amount_cents * tantieme, total_t) as rest
      from s
    ), r as (
      select f.*, amount_cents - sum(fl) over (partition by year_id, repartition_id) as left_cents,
             row_number() over (partition by year_id, repartition_id order by rest desc, idx) as rk
      from f
    ), yr as (
      select r.*, fl + case when rk <= left_cents then 1 else 0 end as year_cents from r
    )
    select year_id, copro_id, repartition_id, lot_id, lot_name, owner_id,
           (year_cents / periods + case when period <= mod(year_cents, periods) then 1 else 0 end)::int as amount_cents
    from yr`);
  await tx.execute(sql`analyze appel_gen`);
}

/** The keys (per exercice) with lots, a lot without an owner, exercices with nothing to call. */
export async function sharesProblems(tx: Tx) {
  const keys = rows<{ year_id: string; repartition_id: string }>(
    await tx.execute(sql`select distinct year_id, repartition_id from appel_gen`),
  );
  const [orphan] = rows<{ year_id: string; lot_name: string }>(
    await tx.execute(sql`select year_id, lot_name from appel_gen where owner_id is null limit 1`),
  );
  const [empty] = rows<{ year_id: string }>(
    await tx.execute(
      sql`select year_id from appel_gen group by year_id having sum(amount_cents) = 0 limit 1`,
    ),
  );
  return { keys, orphan: orphan ?? null, empty: empty ?? null };
}

/**
 * Steps 2 to 8: the heads (one bill and one écriture per exercice, its number taken from the
 * locked counter), the bills, their lines per lot and key, one statement debit per co-owner, the
 * écritures and their lines (450x per co-owner, the counterpart's credit), the runs. Returns the
 * runs inserted (fewer than the exercices: another call generated some first).
 */
export async function write(
  tx: Tx,
  plans: YearPlan[],
  a: { kind: string; billType: string; coOwner: string; counterpart: string },
) {
  const plan = sql`jsonb_to_recordset(${JSON.stringify(plans)}::jsonb)
    as p(year_id uuid, copro_id uuid, periods int, period int, due_date date, name text)`;
  // Loi 1965 art. 19-2: a co-owner's share of this period already made due at once (the
  // recouvrement's appels_anticipes) is not called again; the bill keeps every lot's share.
  await tx.execute(sql`
    create temp table appel_owner on commit drop as
    with ant as (
      select a.financial_year_id, a.coproprietaire_id, sum(a.amount_cents) as amount
      from appels_anticipes a join ${plan} on p.year_id = a.financial_year_id and p.period = a.period
      where a.kind = ${a.kind} group by a.financial_year_id, a.coproprietaire_id
    )
    select gen_random_uuid() as ledger_id, g.year_id, g.copro_id, g.owner_id,
           (sum(g.amount_cents) - coalesce(max(ant.amount), 0))::int as amount_cents
    from appel_gen g left join ant on ant.financial_year_id = g.year_id and ant.coproprietaire_id = g.owner_id
    group by g.year_id, g.copro_id, g.owner_id
    having sum(g.amount_cents) - coalesce(max(ant.amount), 0) > 0`);
  await tx.execute(sql`
    create temp table appel_head on commit drop as
    select p.year_id, p.copro_id, p.period, p.due_date, p.name, gen_random_uuid() as bill_id,
           gen_random_uuid() as ecriture_id, 0 as number, coalesce(t.total, 0)::bigint as total,
           coalesce(t.owners, 0)::int as owners, coalesce(l.total, 0)::bigint as lots_total
    from ${plan}
    left join (select year_id, sum(amount_cents) as total, count(*) as owners from appel_owner group by year_id) t
      on t.year_id = p.year_id
    left join (select year_id, sum(amount_cents) as total from appel_gen group by year_id) l
      on l.year_id = p.year_id`);
  // Temporary tables have no statistics until analysed: the joins below need them.
  await tx.execute(sql`analyze appel_owner`);
  await tx.execute(sql`analyze appel_head`);
  await tx.execute(sql`
    insert into journal_exercices (financial_year_id, copropriete_id)
    select year_id, copro_id from appel_head order by year_id on conflict do nothing`);
  // The counters locked in one order (no deadlock with another batch), each moved by one.
  await tx.execute(sql`
    with locked as (
      select financial_year_id from journal_exercices
      where financial_year_id in (select year_id from appel_head) order by financial_year_id for update
    ), n as (
      update journal_exercices j set last_number = j.last_number + 1
      from locked where j.financial_year_id = locked.financial_year_id
      returning j.financial_year_id, j.last_number
    )
    update appel_head h set number = n.last_number from n where n.financial_year_id = h.year_id`);
  await tx.execute(sql`
    insert into bills (id, copropriete_id, financial_year_id, name, date, bill_type, total_cents)
    select bill_id, copro_id, year_id, name, due_date, ${a.billType}, lots_total from appel_head`);
  await tx.execute(sql`
    insert into bill_lot_lines (bill_id, lot_id, repartition_id, amount_cents)
    select h.bill_id, g.lot_id, g.repartition_id, g.amount_cents
    from appel_gen g join appel_head h on h.year_id = g.year_id where g.amount_cents > 0`);
  await tx.execute(sql`
    insert into ledger_lines (id, coproprietaire_id, copropriete_id, bill_id, name, date, amount_cents,
                              remaining_cents, amount_type, bill_type)
    select o.ledger_id, o.owner_id, o.copro_id, h.bill_id, h.name, h.due_date, o.amount_cents, o.amount_cents,
           'debit', ${a.billType}
    from appel_owner o join appel_head h on h.year_id = o.year_id`);
  await tx.execute(sql`
    insert into journal_ecritures (id, copropriete_id, financial_year_id, number, date, libelle, piece, source)
    select ecriture_id, copro_id, year_id, number, due_date, name, 'appel:' || ${a.kind} || ':' || period, 'appel'
    from appel_head`);
  await tx.execute(sql`
    insert into journal_lignes (ecriture_id, copropriete_id, account, coproprietaire_id, debit_cents,
                                credit_cents, ledger_line_id)
    select h.ecriture_id, o.copro_id, ${a.coOwner}, o.owner_id, o.amount_cents, 0, o.ledger_id
    from appel_owner o join appel_head h on h.year_id = o.year_id
    union all
    select ecriture_id, copro_id, ${a.counterpart}, null, 0, total, null from appel_head`);
  return rows<{ financial_year_id: string; bill_id: string; ecriture_id: string; due_date: string }>(
    await tx.execute(sql`
      insert into appel_runs (copropriete_id, financial_year_id, kind, period, due_date, bill_id, ecriture_id)
      select copro_id, year_id, ${a.kind}, period, due_date, bill_id, ecriture_id from appel_head
      on conflict do nothing
      returning financial_year_id, bill_id, ecriture_id, due_date::text as due_date`),
  );
}

/** Per exercice of the batch: its total and number of co-owners called. */
export async function heads(tx: Tx) {
  return rows<{ year_id: string; total: string; owners: string }>(
    await tx.execute(sql`
      select year_id, total::text as total, owners::text as owners from appel_head`),
  );
}

/** What the batch just called of each co-owner (before its commit: what a preview shows). */
export async function batchOwners(tx: Tx) {
  return rows<{ id: string; name: string; amount_cents: number }>(
    await tx.execute(sql`
      select o.owner_id as id, coalesce(nullif(c.display_name, ''), nullif(c.company, ''), c.name) as name,
             o.amount_cents
      from appel_owner o join coproprietaires c on c.id = o.owner_id order by name, o.owner_id`),
  );
}

export async function billName(db: Executor, billId: string | null) {
  if (!billId) return '';
  const [b] = rows<{ name: string }>(await db.execute(sql`select name from bills where id = ${billId}`));
  return b?.name ?? '';
}
