import type { FinancialYearBody } from '@tantieme/contract';
import { and, eq } from 'drizzle-orm';
import { insertRows, updateRows } from '../../../db/bulk.js';
import { budgets, coproprietes, financialYears } from '../../../db/schema/index.js';
import { anyOf, type Executor, type UpdateRows } from '../kit/index.js';
import { A, exts, ids, need } from './accounts.repo.js';

export async function loadYears(db: Executor, syndicId: string, yearIds: string[]) {
  const rows = await db
    .select({ y: financialYears })
    .from(financialYears)
    .innerJoin(coproprietes, eq(coproprietes.id, financialYears.copropriete_id))
    .where(and(eq(coproprietes.syndic_id, syndicId), anyOf(financialYears.id, yearIds)));
  const b = rows.length
    ? await db
        .select()
        .from(budgets)
        .where(
          anyOf(
            budgets.financial_year_id,
            rows.map((r) => r.y.id),
          ),
        )
    : [];
  const copros = await exts(
    db,
    syndicId,
    A.copropriete,
    rows.map((r) => r.y.copropriete_id),
  );
  const chargeExt = await exts(
    db,
    syndicId,
    A.charge,
    b.map((x) => x.charge_id),
  );
  const byYear = new Map<string, { charge: string; voted_cents: number }[]>();
  for (const x of b) {
    const charge = chargeExt.get(x.charge_id);
    if (!charge) continue;
    const list = byYear.get(x.financial_year_id);
    if (list) list.push({ charge, voted_cents: x.amount_cents });
    else byYear.set(x.financial_year_id, [{ charge, voted_cents: x.amount_cents }]);
  }
  return new Map(
    rows.map(({ y }): [string, FinancialYearBody] => [
      y.id,
      {
        copropriete: copros.get(y.copropriete_id) ?? '',
        year: y.year,
        couple: y.couple,
        start_date: y.start_date,
        end_date: y.end_date,
        closed: y.closed,
        budgets: (byYear.get(y.id) ?? []).sort((a, c) => a.charge.localeCompare(c.charge)),
      },
    ]),
  );
}

/** The budgets of many years at once: three statements whatever their number. */
async function setBudgets(
  db: Executor,
  syndicId: string,
  rows: { id: string; budgets: FinancialYearBody['budgets'] }[],
) {
  if (rows.length === 0) return;
  await db.delete(budgets).where(
    anyOf(
      budgets.financial_year_id,
      rows.map((r) => r.id),
    ),
  );
  const c = await ids(
    db,
    syndicId,
    A.charge,
    rows.flatMap((r) => r.budgets.map((x) => x.charge)),
  );
  await insertRows(
    db,
    budgets,
    rows.flatMap((r) =>
      r.budgets.map((x) => ({
        financial_year_id: r.id,
        charge_id: need(c, x.charge),
        amount_cents: x.voted_cents,
      })),
    ),
  );
}

export async function insertYears(
  db: Executor,
  syndicId: string,
  rows: { id: string; data: FinancialYearBody }[],
) {
  const copros = await ids(
    db,
    syndicId,
    A.copropriete,
    rows.map((r) => r.data.copropriete),
  );
  await insertRows(
    db,
    financialYears,
    rows.map(({ id, data }) => ({
      id,
      copropriete_id: need(copros, data.copropriete),
      year: data.year,
      couple: data.couple,
      start_date: data.start_date,
      end_date: data.end_date,
      closed: data.closed,
    })),
  );
  await setBudgets(
    db,
    syndicId,
    rows.map((r) => ({ id: r.id, budgets: r.data.budgets })),
  );
}

/** Changed years in one statement; the budgets rewritten only where they changed. */
export async function updateYears(db: Executor, syndicId: string, rows: UpdateRows<FinancialYearBody>) {
  await updateRows(
    db,
    financialYears,
    rows.map(({ id, data: d }) => ({
      id,
      year: d.year,
      couple: d.couple,
      start_date: d.start_date,
      end_date: d.end_date,
      closed: d.closed,
    })),
  );
  await setBudgets(
    db,
    syndicId,
    rows
      .filter((r) => JSON.stringify(r.data.budgets) !== JSON.stringify(r.before.budgets))
      .map((r) => ({ id: r.id, budgets: r.data.budgets })),
  );
}

/** Years already stored for (copropriété id, year): "copro|year" → year id. */
export async function yearsTaken(db: Executor, coproIds: string[]) {
  if (coproIds.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: financialYears.id, c: financialYears.copropriete_id, y: financialYears.year })
    .from(financialYears)
    .where(anyOf(financialYears.copropriete_id, [...new Set(coproIds)]));
  return new Map(rows.map((r) => [`${r.c}|${r.y}`, r.id]));
}
