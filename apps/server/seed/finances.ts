import {
  billLotLines,
  bills,
  budgets,
  charges,
  financialYears,
  ledgerLines,
  paymentAllocations,
  paymentTransactions,
} from '../src/db/schema/index.js';
import { addDays, isoOf } from './clock.js';
import { newId, type SeedContext } from './context.js';
import type { CoproInfo, OwnerInfo, RepInfo } from './copro.js';
import { quarterLabel } from './format.js';
import { roundEuros, splitByWeights } from './random.js';
import {
  billLotLineRow,
  billRow,
  budgetRow,
  chargeRow,
  financialYearRow,
  paymentAllocationRow,
  paymentTransactionRow,
} from './builders/finances.js';
import { ledgerLineRow } from './builders/rows.js';

export type SupplierKey =
  | 'veolia'
  | 'edf'
  | 'nettoyage'
  | 'adhoc'
  | 'assurance'
  | 'syndic'
  | 'otis'
  | 'dalkia'
  | 'engie'
  | 'ravalement'
  | 'jardin'
  | 'none';

export interface ChargeDef {
  key: string;
  code: string;
  name: string;
  /** Repartition code. */
  rep: string;
  /** 1 fonctionnement, 2 travaux, 3 fonds ALUR. */
  type: 1 | 2 | 3;
  /** Voted budget of the current year in cents (fonctionnement charges). */
  budget: number;
  supplier: SupplierKey;
}

export interface YearInfo {
  id: string;
  year: number;
  couple: string;
  start: string;
  end: string;
  closed: boolean;
}

export interface ChargeInfo {
  id: string;
  def: ChargeDef;
  rep: RepInfo;
  /** year → voted budget, cents. */
  budgets: Map<number, number>;
}

export interface BillLine {
  lotId: string;
  repId: string;
  chargeId: string;
  amount: number;
}

export interface BillInfo {
  id: string;
  name: string;
  date: string;
  type: 'fonctionnement' | 'fond_travaux' | 'travaux' | 'other';
  year: number;
  quarter?: number;
  total: number;
  lines: BillLine[];
}

export interface LedgerEntry {
  id: string;
  name: string;
  date: string;
  amount: number;
  remaining: number;
  type: 'debit' | 'credit';
  billType: string;
  billId?: string;
  paymentTransactionId?: string;
}

export interface FinanceInfo {
  years: YearInfo[];
  year(y: number): YearInfo;
  charges: ChargeInfo[];
  charge(key: string): ChargeInfo;
  bills: BillInfo[];
  /** Share of a bill owed by an owner (sum of the lines of its lots). */
  share(owner: OwnerInfo, bill: BillInfo): number;
}

export interface FinanceOptions {
  years: number[];
  /** Years whose quarterly calls are issued (only quarters already started). */
  billYears: number[];
  charges: ChargeDef[];
  /** Budget of a year relative to the current one (e.g. 0.94 two years ago). */
  factor(year: number): number;
  /** Share of the fonctionnement budget called for the fonds de travaux (0.05 = legal minimum). */
  alurRate: number;
  /** One works call (appel travaux). */
  travaux?: { chargeKey: string; name: string; date: string; amount: number; budget: number };
}

/** Splits `amount` over the lots of a repartition in proportion to their tantièmes. */
export function splitOverLots(rep: RepInfo, amount: number): { lotId: string; amount: number }[] {
  const entries = [...rep.tantiemes];
  const parts = splitByWeights(
    amount,
    entries.map(([, t]) => t),
  );
  return entries.map(([lotId], i) => ({ lotId, amount: parts[i] }));
}

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

export type PayMethod = 'virement' | 'cheque' | 'prelevement' | 'card' | 'sepa' | 'check' | 'cash';

export interface PaymentOverride {
  method: PayMethod;
  /** Also record a payment transaction (what "Transactions" lists). */
  transaction?: boolean;
  /** Days after the call. */
  delay?: number;
}

export interface LedgerOptions {
  /** Per owner and call group: how that call was paid (else the owner's profile decides). */
  override?(owner: OwnerInfo, group: CallGroup): PaymentOverride | undefined;
  /** Account of the transfers ("Syndicat des copropriétaires …"). */
  destination: string;
}

export interface CallGroup {
  date: string;
  bills: BillInfo[];
  label: string;
  quarterly: boolean;
}

const CREDIT_NAME: Record<PayMethod, string> = {
  virement: 'Règlement par virement',
  cheque: 'Règlement par chèque',
  check: 'Règlement par chèque',
  prelevement: 'Prélèvement automatique',
  card: 'Paiement par carte bancaire en ligne',
  sepa: 'Prélèvement SEPA',
  cash: "Règlement en espèces à l'agence",
};

const TX_METHOD: Partial<Record<PayMethod, string>> = {
  card: 'card',
  sepa: 'sepa_debit',
  check: 'check',
  cash: 'cash',
};

/**
 * Each co-owner's account: a debit per call of funds (their share), and credits for their
 * payments. Settled lines have remaining_cents 0; unpaid calls keep their amount due; an
 * overpayment stays available as a credit.
 */
export function seedLedger(
  ctx: SeedContext,
  copro: CoproInfo,
  fin: FinanceInfo,
  opt: LedgerOptions,
): Map<string, LedgerEntry[]> {
  const { rng, clock } = ctx;
  const groups: CallGroup[] = [];
  for (const b of fin.bills) {
    let g = groups.find((x) => x.date === b.date);
    if (!g) {
      g = { date: b.date, bills: [], label: '', quarterly: false };
      groups.push(g);
    }
    g.bills.push(b);
  }
  for (const g of groups) {
    g.quarterly = g.bills.some((b) => b.type === 'fonctionnement');
    const f = g.bills.find((b) => b.type === 'fonctionnement');
    g.label = f
      ? `${f.name}${g.bills.some((b) => b.type === 'fond_travaux') ? ' et fonds de travaux' : ''}`
      : g.bills[0].name;
  }
  const quarterGroups = groups.filter((g) => g.quarterly);
  const result = new Map<string, LedgerEntry[]>();

  for (const owner of copro.owners) {
    const pay = owner.def.pay;
    const entries: LedgerEntry[] = [];
    const unpaidQuarterly = new Set(quarterGroups.slice(quarterGroups.length - (pay.unpaidQuarters ?? 0)));
    const firstUnpaid = [...unpaidQuarterly][0]?.date;
    const isUnpaid = (g: CallGroup) =>
      g.quarterly ? unpaidQuarterly.has(g) : !!pay.travauxUnpaid && !!firstUnpaid && g.date >= firstUnpaid;
    const paidGroups = groups.filter((g) => !isUnpaid(g));
    const lastPaid = paidGroups[paidGroups.length - 1];

    for (const g of groups) {
      const debits: LedgerEntry[] = [];
      for (const b of g.bills) {
        const amount = fin.share(owner, b);
        if (amount <= 0) continue;
        debits.push({
          id: newId(),
          name: b.name,
          date: b.date,
          amount,
          remaining: amount,
          type: 'debit',
          billType: b.type,
          billId: b.id,
        });
      }
      entries.push(...debits);
      const due = debits.reduce((s, d) => s + d.amount, 0);
      if (due === 0) continue;
      if (!isUnpaid(g)) {
        const o = opt.override?.(owner, g);
        const method: PayMethod = o?.method ?? pay.method;
        const delay =
          o?.delay ?? (method === 'prelevement' ? 4 : method === 'cheque' ? rng.int(8, 24) : rng.int(2, 14));
        let date = addDays(g.date, delay);
        if (date > clock.today) date = clock.today;
        const extra = g === lastPaid ? (pay.extraCents ?? 0) : 0;
        const credit: LedgerEntry = {
          id: newId(),
          name:
            method === 'cheque' || method === 'check'
              ? `${CREDIT_NAME[method]} n° ${rng.int(1_000_000, 9_999_999)}`
              : CREDIT_NAME[method],
          date,
          amount: due + extra,
          remaining: extra,
          type: 'credit',
          billType: 'other',
        };
        for (const d of debits) d.remaining = 0;
        const txMethod = TX_METHOD[method];
        if (o?.transaction && txMethod) {
          const txId = newId();
          const fee =
            txMethod === 'card' ? Math.round(credit.amount * 0.014) + 25 : txMethod === 'sepa_debit' ? 35 : 0;
          ctx.rows.add(
            paymentTransactions,
            paymentTransactionRow({
              id: txId,
              coproprietaire_id: owner.id,
              amount_cents: credit.amount,
              fee_cents: fee,
              net_cents: credit.amount - fee,
              currency: 'eur',
              date: clock.past(clock.paris(date, txMethod === 'card' ? '20:47' : '11:15')),
              payment_method: txMethod,
              transfer_destination_name: opt.destination,
              description: `${g.label} – ${copro.name}`,
              created_at: clock.past(clock.paris(date, '20:48')),
            }),
          );
          credit.paymentTransactionId = txId;
          // A payment made in Tantième settled its lines through the lettrage (its receipt lists them).
          if (txMethod === 'sepa_debit')
            ctx.rows.add(
              paymentAllocations,
              ...debits.map((d) =>
                paymentAllocationRow({
                  payment_transaction_id: txId,
                  ledger_line_id: d.id,
                  amount_cents: d.amount,
                }),
              ),
            );
        }
        entries.push(credit);
      } else if (g.date === firstUnpaid && pay.partialCents) {
        let left = Math.min(pay.partialCents, due - 1);
        const credit: LedgerEntry = {
          id: newId(),
          name: `${CREDIT_NAME[pay.method]} (règlement partiel)`,
          date: [addDays(g.date, 12), clock.today].sort()[0],
          amount: left,
          remaining: 0,
          type: 'credit',
          billType: 'other',
        };
        for (const d of debits) {
          const used = Math.min(left, d.remaining);
          d.remaining -= used;
          left -= used;
        }
        entries.push(credit);
      }
    }
    entries.sort((a, b) => a.date.localeCompare(b.date) || (a.type === 'debit' ? -1 : 1));
    ctx.rows.add(
      ledgerLines,
      ...entries.map((e) =>
        ledgerLineRow({
          id: e.id,
          coproprietaire_id: owner.id,
          copropriete_id: copro.id,
          bill_id: e.billId ?? null,
          payment_transaction_id: e.paymentTransactionId ?? null,
          name: e.name,
          date: e.date,
          amount_cents: e.amount,
          remaining_cents: e.remaining,
          amount_type: e.type,
          bill_type: e.billType,
          compte_id: owner.compte,
          created_at: clock.past(clock.paris(e.date, '08:00')),
        }),
      ),
    );
    result.set(owner.id, entries);
  }
  return result;
}

/** Balance of a ledger: positive = owed (débiteur), negative = credit (créditeur). */
export const ledgerBalance = (entries: LedgerEntry[]) =>
  entries.reduce((s, e) => s + (e.type === 'debit' ? e.remaining : -e.remaining), 0);
