import type { BillBody } from '@tantieme/contract';
import { and, eq } from 'drizzle-orm';
import { insertRows, updateRows } from '../../../db/bulk.js';
import { billLotLines, bills, coproprietes } from '../../../db/schema/index.js';
import { anyOf, type Executor, type UpdateRows } from '../kit/index.js';
import { A, exts, ids, need } from './accounts.repo.js';

export async function loadBills(db: Executor, syndicId: string, billIds: string[]) {
  const rows = await db
    .select({ b: bills })
    .from(bills)
    .innerJoin(coproprietes, eq(coproprietes.id, bills.copropriete_id))
    .where(and(eq(coproprietes.syndic_id, syndicId), anyOf(bills.id, billIds)));
  const lines = rows.length
    ? await db
        .select()
        .from(billLotLines)
        .where(
          anyOf(
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
    const list = byBill.get(l.bill_id);
    if (list) list.push(line);
    else byBill.set(l.bill_id, [line]);
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

/** The lines of many bills at once: five statements whatever their number. */
async function setBillLines(
  db: Executor,
  syndicId: string,
  rows: { id: string; lines: BillBody['lines'] }[],
) {
  if (rows.length === 0) return;
  await db.delete(billLotLines).where(
    anyOf(
      billLotLines.bill_id,
      rows.map((r) => r.id),
    ),
  );
  const lines = rows.flatMap((r) => r.lines.map((l) => ({ bill: r.id, ...l })));
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
  await insertRows(
    db,
    billLotLines,
    lines.map((l) => ({
      bill_id: l.bill,
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
  await insertRows(
    db,
    bills,
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
  await setBillLines(
    db,
    syndicId,
    rows.map((r) => ({ id: r.id, lines: r.data.lines })),
  );
}

/** Changed bills in one statement; the lines rewritten only where they changed. */
export async function updateBills(db: Executor, syndicId: string, rows: UpdateRows<BillBody>) {
  const years = await ids(
    db,
    syndicId,
    A.financialYear,
    rows.map((r) => r.data.financial_year),
  );
  await updateRows(
    db,
    bills,
    rows.map(({ id, data: d }) => ({
      id,
      financial_year_id: d.financial_year ? need(years, d.financial_year) : null,
      name: d.name,
      date: d.date,
      bill_type: d.bill_type,
      total_cents: d.total_cents,
    })),
  );
  await setBillLines(
    db,
    syndicId,
    rows
      .filter((r) => JSON.stringify(r.data.lines) !== JSON.stringify(r.before.lines))
      .map((r) => ({ id: r.id, lines: r.data.lines })),
  );
}
