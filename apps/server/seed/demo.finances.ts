import { addDays, isoOf } from './clock.js';
import type { SeedContext } from './context.js';
import { seedFinance } from './finances.calls.js';
import { seedLedger } from './finances.ledger.js';
import { seedInvoices } from './invoices.js';
import { TILLEULS_CHARGES } from './tilleuls.charges.js';
import type { CoproInfo } from './copro.js';
import type { SeededSyndics } from './syndics.js';

/** First day of the quarter `offset` quarters away from the one containing `iso`. */
function quarterStart(iso: string, offset: number): string {
  const index = Number(iso.slice(0, 4)) * 4 + Math.floor((Number(iso.slice(5, 7)) - 1) / 3) + offset;
  return isoOf(Math.floor(index / 4), (index % 4) * 3 + 1, 1);
}

/**
 * Les Tilleuls' accounts: three years of charges and calls of funds (the works' first call after
 * the vote), each co-owner's ledger, and the supplier invoices.
 */
export async function seedDemoFinances(
  ctx: SeedContext,
  tilleuls: CoproInfo,
  syndics: SeededSyndics,
  ag: { past: string },
) {
  const { clock } = ctx;
  const y = clock.year;
  const worksBudget = 6_480_000;
  // First works call: on the 15th of the month after the vote's two-month appeal period.
  const afterAg = addDays(ag.past, 60);
  const travauxDate = isoOf(
    Number(afterAg.slice(0, 4)) + (afterAg.slice(5, 7) === '12' ? 1 : 0),
    (Number(afterAg.slice(5, 7)) % 12) + 1,
    15,
  );
  const finance = seedFinance(ctx, tilleuls, {
    years: [y - 2, y - 1, y],
    billYears: [y - 1, y],
    charges: TILLEULS_CHARGES,
    factor: (year) => (year === y ? 1 : year === y - 1 ? 0.97 : 0.94),
    alurRate: 0.05,
    travaux: {
      chargeKey: 'ravalement',
      name: 'Ravalement de façade – 1er appel',
      date: travauxDate,
      amount: Math.round(worksBudget / 3),
      budget: worksBudget,
    },
  });
  const quarterDates = [
    ...new Set(finance.bills.filter((b) => b.type === 'fonctionnement').map((b) => b.date)),
  ].sort();
  const ledger = seedLedger(ctx, tilleuls, finance, {
    destination: `Syndicat des copropriétaires ${tilleuls.name}`,
    // Claire (the last two quarters stay unpaid): the two quarters before by card online,
    // one older quarter in cash at the agency, the others by transfer, the works call by cheque.
    // Paul: the last quarter by a SEPA debit made in Tantième (seed/sepa.ts).
    override: (owner, group) => {
      if (owner.key === 'paul' && group.quarterly && group.date === quarterDates.at(-1))
        return { method: 'sepa', transaction: true, delay: 5 };
      if (owner.key !== 'claire') return undefined;
      if (!group.quarterly) return { method: 'check', transaction: true, delay: 12 };
      const fromLast = quarterDates.length - 1 - quarterDates.indexOf(group.date);
      if (fromLast === 2 || fromLast === 3) return { method: 'card', transaction: true, delay: 3 };
      if (fromLast === 4) return { method: 'cash', transaction: true, delay: 6 };
      return { method: 'virement' };
    },
  });
  const invoices = await seedInvoices(ctx, tilleuls, finance, {
    // About 40 invoices: those of the current quarter and the seven before.
    supplierFrom: quarterStart(clock.today, -7),
    works: {
      chargeKey: 'ravalement',
      quoteRef: 'D-2026-118',
      agDate: ag.past,
      callDate: travauxDate,
      budget: worksBudget,
    },
    verification: { syndic_submit: 1, syndicat_finish: 0 },
    recipient: [
      `Syndicat des copropriétaires ${tilleuls.name}`,
      `c/o ${syndics.lefevre.name}`,
      '24 rue de la République',
      '69002 Lyon',
    ],
  });
  return { worksBudget, travauxDate, finance, ledger, invoices };
}
