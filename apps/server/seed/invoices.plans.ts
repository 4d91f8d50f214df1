import { addDays, isoOf } from './clock.js';
import type { SeedContext } from './context.js';
import type { ChargeInfo, FinanceInfo } from './finances.js';
import { splitByWeights } from './random.js';
import { ADHOC, designation, SUPPLIERS, schedule, type Supplier } from './invoices.suppliers.js';

/** One expense to book: a charge, its supplier (none for the syndic's fees and transfers), its date and amount. */
export interface InvoicePlan {
  charge: ChargeInfo;
  supplier: Supplier | null;
  date: string;
  period: string;
  text: string;
  amount: number;
  year: number;
}

export interface InvoiceOptions {
  /** Supplier invoices (with their PDF) from this date; older expenses are only booked charge invoices. */
  supplierFrom: string;
  works?: { chargeKey: string; quoteRef: string; agDate: string; callDate: string; budget: number };
  verification?: { syndic_submit: number; syndicat_finish: number };
  recipient: string[];
}

/**
 * The expenses of every year up to today, by date: each charge's supplier invoices around its
 * budget, the works' architect and first instalment, the transfers to the fonds de travaux.
 */
export function planInvoices(ctx: SeedContext, fin: FinanceInfo, opt: InvoiceOptions): InvoicePlan[] {
  const { rng, clock } = ctx;
  const plans: InvoicePlan[] = [];
  for (const y of fin.years) {
    for (const c of fin.charges.filter((x) => x.def.type === 1)) {
      const slots = schedule(c.def.supplier, y.year);
      if (!slots.length) continue;
      const budget = c.budgets.get(y.year) ?? 0;
      const realised = Math.round(budget * (y.closed ? rng.vary(0.07) : rng.vary(0.04)));
      const parts = splitByWeights(
        realised,
        slots.map((s) => s.weight * rng.vary(0.06)),
      );
      slots.forEach((s, i) => {
        if (s.date > clock.today) return;
        let supplier: Supplier | null = SUPPLIERS[c.def.supplier] ?? null;
        let text = designation(c.def.supplier, s.period);
        if (c.def.supplier === 'adhoc') {
          const a = ADHOC[(i + y.year) % ADHOC.length];
          supplier = a.supplier;
          text = a.text;
        }
        if (c.def.supplier === 'syndic') supplier = null;
        plans.push({
          charge: c,
          supplier,
          date: s.date,
          period: s.period,
          text,
          amount: parts[i],
          year: y.year,
        });
      });
    }
  }
  if (opt.works) {
    const c = fin.charge(opt.works.chargeKey);
    const archi = addDays(opt.works.agDate, 24);
    if (archi <= clock.today)
      plans.push({
        charge: c,
        supplier: SUPPLIERS.architecte,
        date: archi,
        period: '',
        text: "Honoraires de maîtrise d'œuvre – ravalement de la façade sur rue – phases diagnostic et consultation des entreprises",
        amount: Math.round(opt.works.budget * 0.05),
        year: Number(archi.slice(0, 4)),
      });
    const acompte = addDays(opt.works.callDate, 40);
    if (acompte <= clock.today)
      plans.push({
        charge: c,
        supplier: SUPPLIERS.ravalement,
        date: acompte,
        period: '',
        text: `Acompte n° 1 (30 %) – ravalement de la façade sur rue, selon devis n° ${opt.works.quoteRef} voté en assemblée générale`,
        amount: Math.round(opt.works.budget * 0.3),
        year: Number(acompte.slice(0, 4)),
      });
  }
  // Cotisations of the fonds de travaux moved to the separate bank account.
  const alur = fin.charges.find((c) => c.def.type === 3);
  if (alur) {
    for (const y of fin.years) {
      const called = fin.bills
        .filter((b) => b.type === 'fond_travaux' && b.year === y.year)
        .reduce((s, b) => s + b.total, 0);
      const amount = y.closed ? (alur.budgets.get(y.year) ?? 0) : called;
      if (amount > 0)
        plans.push({
          charge: alur,
          supplier: null,
          date: y.closed ? isoOf(y.year, 12, 31) : clock.today,
          period: '',
          text: `Versement des cotisations ${y.year} sur le compte bancaire séparé du fonds de travaux`,
          amount,
          year: y.year,
        });
    }
  }
  plans.sort((a, b) => a.date.localeCompare(b.date));
  return plans;
}
