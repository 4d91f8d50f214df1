import { billLotLines, bills, budgets, charges, financialYears } from '../src/db/schema/index.js';
import { isoOf } from './clock.js';
import { newId, type SeedContext } from './context.js';
import type { CoproInfo } from './copro.js';
import { quarterLabel } from './format.js';
import { roundEuros, splitByWeights } from './random.js';
import { billLotLineRow, billRow, budgetRow, chargeRow, financialYearRow } from './builders/finances.js';
import type { BillInfo, ChargeInfo, FinanceInfo, FinanceOptions, YearInfo, BillLine } from './finances.js';
import { splitOverLots } from './finances.js';

export function seedFinance(ctx: SeedContext, copro: CoproInfo, opt: FinanceOptions): FinanceInfo {
  const { clock } = ctx;
  const years: YearInfo[] = opt.years.map((y) => ({
    id: newId(),
    year: y,
    couple: String(y),
    start: isoOf(y, 1, 1),
    end: isoOf(y, 12, 31),
    closed: y < clock.year,
  }));
  ctx.rows.add(
    financialYears,
    ...years.map((y) =>
      financialYearRow({
        id: y.id,
        copropriete_id: copro.id,
        year: y.year,
        couple: y.couple,
        start_date: y.start,
        end_date: y.end,
        closed: y.closed,
      }),
    ),
  );
  const yearOf = new Map(years.map((y) => [y.year, y]));

  const chargeInfos: ChargeInfo[] = opt.charges.map((def) => ({
    id: newId(),
    def,
    rep: copro.rep(def.rep),
    budgets: new Map(),
  }));
  ctx.rows.add(
    charges,
    ...chargeInfos.map((c) =>
      chargeRow({
        id: c.id,
        copropriete_id: copro.id,
        repartition_id: c.rep.id,
        code: c.def.code,
        name: c.def.name,
        charge_type: c.def.type,
      }),
    ),
  );
  const chargeOf = new Map(chargeInfos.map((c) => [c.def.key, c]));
  const fonct = chargeInfos.filter((c) => c.def.type === 1);
  const alur = chargeInfos.find((c) => c.def.type === 3);

  for (const y of years) {
    let fonctTotal = 0;
    for (const c of fonct) {
      const b = roundEuros(c.def.budget * opt.factor(y.year), 10);
      c.budgets.set(y.year, b);
      fonctTotal += b;
    }
    if (alur && opt.alurRate > 0) alur.budgets.set(y.year, roundEuros(fonctTotal * opt.alurRate, 10));
    if (opt.travaux && Number(opt.travaux.date.slice(0, 4)) === y.year)
      chargeOf.get(opt.travaux.chargeKey)?.budgets.set(y.year, opt.travaux.budget);
  }
  ctx.rows.add(
    budgets,
    ...years.flatMap((y) =>
      chargeInfos
        .filter((c) => c.budgets.has(y.year))
        .map((c) =>
          budgetRow({
            financial_year_id: y.id,
            charge_id: c.id,
            amount_cents: c.budgets.get(y.year) as number,
          }),
        ),
    ),
  );

  // Calls of funds: one fonctionnement call and one fonds de travaux call per quarter.
  const billInfos: BillInfo[] = [];
  const addBill = (b: Omit<BillInfo, 'id' | 'total'>) => {
    const total = b.lines.reduce((s, l) => s + l.amount, 0);
    billInfos.push({ ...b, id: newId(), total });
  };
  for (const y of opt.billYears) {
    for (let q = 1; q <= 4; q++) {
      const date = isoOf(y, 3 * (q - 1) + 1, 1);
      if (date > clock.today) continue;
      const lines: BillLine[] = [];
      for (const c of fonct) {
        const quarter = splitByWeights(c.budgets.get(y) ?? 0, [1, 1, 1, 1])[q - 1];
        for (const l of splitOverLots(c.rep, quarter))
          lines.push({ lotId: l.lotId, repId: c.rep.id, chargeId: c.id, amount: l.amount });
      }
      addBill({
        name: `Appel de fonds – ${quarterLabel(q)} ${y}`,
        date,
        type: 'fonctionnement',
        year: y,
        quarter: q,
        lines,
      });
      if (alur?.budgets.get(y)) {
        const quarter = splitByWeights(alur.budgets.get(y) ?? 0, [1, 1, 1, 1])[q - 1];
        addBill({
          name: `Fonds de travaux (loi ALUR) – ${quarterLabel(q)} ${y}`,
          date,
          type: 'fond_travaux',
          year: y,
          quarter: q,
          lines: splitOverLots(alur.rep, quarter).map((l) => ({
            lotId: l.lotId,
            repId: alur.rep.id,
            chargeId: alur.id,
            amount: l.amount,
          })),
        });
      }
    }
  }
  if (opt.travaux && opt.travaux.date <= clock.today) {
    const c = chargeOf.get(opt.travaux.chargeKey) as ChargeInfo;
    addBill({
      name: opt.travaux.name,
      date: opt.travaux.date,
      type: 'travaux',
      year: Number(opt.travaux.date.slice(0, 4)),
      lines: splitOverLots(c.rep, opt.travaux.amount).map((l) => ({
        lotId: l.lotId,
        repId: c.rep.id,
        chargeId: c.id,
        amount: l.amount,
      })),
    });
  }
  billInfos.sort((a, b) => a.date.localeCompare(b.date));
  for (const b of billInfos) {
    ctx.rows.add(
      bills,
      billRow({
        id: b.id,
        copropriete_id: copro.id,
        financial_year_id: yearOf.get(b.year)?.id ?? null,
        name: b.name,
        date: b.date,
        bill_type: b.type,
        total_cents: b.total,
      }),
    );
    ctx.rows.add(
      billLotLines,
      ...b.lines.map((l) =>
        billLotLineRow({
          bill_id: b.id,
          lot_id: l.lotId,
          repartition_id: l.repId,
          charge_id: l.chargeId,
          amount_cents: l.amount,
        }),
      ),
    );
  }

  return {
    years,
    year: (y) => yearOf.get(y) as YearInfo,
    charges: chargeInfos,
    charge: (k) => chargeOf.get(k) as ChargeInfo,
    bills: billInfos,
    share: (owner, bill) => {
      const ids = new Set(owner.lots.map((l) => l.id));
      return bill.lines.reduce((s, l) => (ids.has(l.lotId) ? s + l.amount : s), 0);
    },
  };
}
