import type { BillBody, ChargeBody, FinancialYearBody } from '@tantieme/contract';
import { and, eq, inArray } from 'drizzle-orm';
import {
  billLotLines,
  bills,
  budgets,
  charges,
  coproprietaires,
  coproprietes,
  financialYears,
  lots,
  repartitions,
} from '../../../db/schema/index.js';
import { type Executor, externalIdsOf, resolveExternalIds } from '../kit/index.js';

export const A = {
  copropriete: 'copropriete',
  repartition: 'repartition',
  lot: 'lot',
  coproprietaire: 'coproprietaire',
  charge: 'charge',
  financialYear: 'financial_year',
  bill: 'bill',
  ledgerLine: 'ledger_line',
} as const;

export const need = (m: Map<string, string>, ext: string) => {
  const id = m.get(ext);
  if (!id) throw new Error(`unresolved external id ${ext}`);
  return id;
};
export const ids = (db: Executor, syndicId: string, resource: string, exts: (string | null)[]) =>
  resolveExternalIds(
    db,
    syndicId,
    resource,
    exts.filter((e): e is string => e !== null),
  );
export const exts = (db: Executor, syndicId: string, resource: string, internal: (string | null)[]) =>
  externalIdsOf(
    db,
    syndicId,
    resource,
    internal.filter((e): e is string => e !== null),
  );

const TABLES = { repartitions, charges, bills, financial_years: financialYears, coproprietaires, lots };

/** The copropriété of some rows (lots, repartitions, charges, bills, years, co-owners) by id. */
export async function coproOf(db: Executor, table: keyof typeof TABLES, rowIds: string[]) {
  if (rowIds.length === 0) return new Map<string, string>();
  const t = TABLES[table] as typeof lots;
  const rows = await db
    .select({ id: t.id, copropriete_id: t.copropriete_id })
    .from(t)
    .where(inArray(t.id, [...new Set(rowIds)]));
  return new Map(rows.map((r) => [r.id, r.copropriete_id]));
}

// ── charges ────────────────────────────────────────────────────────────────────

export async function loadCharges(db: Executor, syndicId: string, chargeIds: string[]) {
  const rows = await db
    .select({ c: charges })
    .from(charges)
    .innerJoin(coproprietes, eq(coproprietes.id, charges.copropriete_id))
    .where(and(eq(coproprietes.syndic_id, syndicId), inArray(charges.id, chargeIds)));
  const copros = await exts(
    db,
    syndicId,
    A.copropriete,
    rows.map((r) => r.c.copropriete_id),
  );
  const reps = await exts(
    db,
    syndicId,
    A.repartition,
    rows.map((r) => r.c.repartition_id),
  );
  return new Map(
    rows.map(({ c }): [string, ChargeBody] => [
      c.id,
      {
        copropriete: copros.get(c.copropriete_id) ?? '',
        repartition: reps.get(c.repartition_id) ?? '',
        code: c.code,
        name: c.name,
        charge_type: c.charge_type as 1 | 2 | 3,
      },
    ]),
  );
}

export async function insertCharges(
  db: Executor,
  syndicId: string,
  rows: { id: string; data: ChargeBody }[],
) {
  const copros = await ids(
    db,
    syndicId,
    A.copropriete,
    rows.map((r) => r.data.copropriete),
  );
  const reps = await ids(
    db,
    syndicId,
    A.repartition,
    rows.map((r) => r.data.repartition),
  );
  await db.insert(charges).values(
    rows.map(({ id, data }) => ({
      id,
      copropriete_id: need(copros, data.copropriete),
      repartition_id: need(reps, data.repartition),
      code: data.code,
      name: data.name,
      charge_type: data.charge_type,
    })),
  );
}

export async function updateCharge(db: Executor, syndicId: string, id: string, d: ChargeBody) {
  const reps = await ids(db, syndicId, A.repartition, [d.repartition]);
  await db
    .update(charges)
    .set({
      repartition_id: need(reps, d.repartition),
      code: d.code,
      name: d.name,
      charge_type: d.charge_type,
    })
    .where(eq(charges.id, id));
}

// ── financial years and budgets ────────────────────────────────────────────────

export async function loadYears(db: Executor, syndicId: string, yearIds: string[]) {
  const rows = await db
    .select({ y: financialYears })
    .from(financialYears)
    .innerJoin(coproprietes, eq(coproprietes.id, financialYears.copropriete_id))
    .where(and(eq(coproprietes.syndic_id, syndicId), inArray(financialYears.id, yearIds)));
  const b = rows.length
    ? await db
        .select()
        .from(budgets)
        .where(
          inArray(
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
    if (charge)
      byYear.set(x.financial_year_id, [
        ...(byYear.get(x.financial_year_id) ?? []),
        { charge, voted_cents: x.amount_cents },
      ]);
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

async function setBudgets(
  db: Executor,
  syndicId: string,
  yearId: string,
  list: FinancialYearBody['budgets'],
) {
  await db.delete(budgets).where(eq(budgets.financial_year_id, yearId));
  if (list.length === 0) return;
  const c = await ids(
    db,
    syndicId,
    A.charge,
    list.map((x) => x.charge),
  );
  await db.insert(budgets).values(
    list.map((x) => ({
      financial_year_id: yearId,
      charge_id: need(c, x.charge),
      amount_cents: x.voted_cents,
    })),
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
  await db.insert(financialYears).values(
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
  for (const r of rows) await setBudgets(db, syndicId, r.id, r.data.budgets);
}

export async function updateYear(
  db: Executor,
  syndicId: string,
  id: string,
  d: FinancialYearBody,
  before: FinancialYearBody,
) {
  await db
    .update(financialYears)
    .set({ year: d.year, couple: d.couple, start_date: d.start_date, end_date: d.end_date, closed: d.closed })
    .where(eq(financialYears.id, id));
  if (JSON.stringify(d.budgets) !== JSON.stringify(before.budgets))
    await setBudgets(db, syndicId, id, d.budgets);
}

/** Years already stored for (copropriété id, year): "copro|year" → year id. */
export async function yearsTaken(db: Executor, coproIds: string[]) {
  if (coproIds.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: financialYears.id, c: financialYears.copropriete_id, y: financialYears.year })
    .from(financialYears)
    .where(inArray(financialYears.copropriete_id, coproIds));
  return new Map(rows.map((r) => [`${r.c}|${r.y}`, r.id]));
}

// ── bills ──────────────────────────────────────────────────────────────────────

export async function loadBills(db: Executor, syndicId: string, billIds: string[]) {
  const rows = await db
    .select({ b: bills })
    .from(bills)
    .innerJoin(coproprietes, eq(coproprietes.id, bills.copropriete_id))
    .where(and(eq(coproprietes.syndic_id, syndicId), inArray(bills.id, billIds)));
  const lines = rows.length
    ? await db
        .select()
        .from(billLotLines)
        .where(
          inArray(
            billLotLines.bill_id,
            rows.map((r) => r.b.id),
          ),
        )
    : [];
  const [copros, years, lotExt, repExt, chargeExt] = await Promise.all([
    exts(
      db,
      syndicId,
      A.copropriete,
      rows.map((r) => r.b.copropriete_id),
    ),
    exts(
      db,
      syndicId,
      A.financialYear,
      rows.map((r) => r.b.financial_year_id),
    ),
    exts(
      db,
      syndicId,
      A.lot,
      lines.map((l) => l.lot_id),
    ),
    exts(
      db,
      syndicId,
      A.repartition,
      lines.map((l) => l.repartition_id),
    ),
    exts(
      db,
      syndicId,
      A.charge,
      lines.map((l) => l.charge_id),
    ),
  ]);
  const byBill = new Map<string, BillBody['lines']>();
  for (const l of lines) {
    const line = {
      lot: lotExt.get(l.lot_id) ?? '',
      repartition: repExt.get(l.repartition_id) ?? '',
      charge: l.charge_id ? (chargeExt.get(l.charge_id) ?? null) : null,
      amount_cents: l.amount_cents,
    };
    byBill.set(l.bill_id, [...(byBill.get(l.bill_id) ?? []), line]);
  }
  return new Map(
    rows.map(({ b }): [string, BillBody] => [
      b.id,
      {
        copropriete: copros.get(b.copropriete_id) ?? '',
        financial_year: b.financial_year_id ? (years.get(b.financial_year_id) ?? null) : null,
        name: b.name,
        date: b.date,
        bill_type: b.bill_type as BillBody['bill_type'],
        total_cents: b.total_cents,
        lines: sortBillLines(byBill.get(b.id) ?? []),
      },
    ]),
  );
}

export const sortBillLines = (l: BillBody['lines']) =>
  l.sort((a, b) =>
    `${a.lot}|${a.repartition}|${a.charge ?? ''}`.localeCompare(
      `${b.lot}|${b.repartition}|${b.charge ?? ''}`,
    ),
  );

async function setBillLines(db: Executor, syndicId: string, billId: string, lines: BillBody['lines']) {
  await db.delete(billLotLines).where(eq(billLotLines.bill_id, billId));
  if (lines.length === 0) return;
  const [lotIds, repIds, chargeIds] = await Promise.all([
    ids(
      db,
      syndicId,
      A.lot,
      lines.map((l) => l.lot),
    ),
    ids(
      db,
      syndicId,
      A.repartition,
      lines.map((l) => l.repartition),
    ),
    ids(
      db,
      syndicId,
      A.charge,
      lines.map((l) => l.charge),
    ),
  ]);
  for (let i = 0; i < lines.length; i += 1000)
    await db.insert(billLotLines).values(
      lines.slice(i, i + 1000).map((l) => ({
        bill_id: billId,
        lot_id: need(lotIds, l.lot),
        repartition_id: need(repIds, l.repartition),
        charge_id: l.charge ? need(chargeIds, l.charge) : null,
        amount_cents: l.amount_cents,
      })),
    );
}

export async function insertBills(db: Executor, syndicId: string, rows: { id: string; data: BillBody }[]) {
  const copros = await ids(
    db,
    syndicId,
    A.copropriete,
    rows.map((r) => r.data.copropriete),
  );
  const years = await ids(
    db,
    syndicId,
    A.financialYear,
    rows.map((r) => r.data.financial_year),
  );
  await db.insert(bills).values(
    rows.map(({ id, data }) => ({
      id,
      copropriete_id: need(copros, data.copropriete),
      financial_year_id: data.financial_year ? need(years, data.financial_year) : null,
      name: data.name,
      date: data.date,
      bill_type: data.bill_type,
      total_cents: data.total_cents,
    })),
  );
  for (const r of rows) await setBillLines(db, syndicId, r.id, r.data.lines);
}

export async function updateBill(db: Executor, syndicId: string, id: string, d: BillBody, before: BillBody) {
  const years = await ids(db, syndicId, A.financialYear, [d.financial_year]);
  await db
    .update(bills)
    .set({
      financial_year_id: d.financial_year ? need(years, d.financial_year) : null,
      name: d.name,
      date: d.date,
      bill_type: d.bill_type,
      total_cents: d.total_cents,
    })
    .where(eq(bills.id, id));
  if (JSON.stringify(d.lines) !== JSON.stringify(before.lines)) await setBillLines(db, syndicId, id, d.lines);
}
