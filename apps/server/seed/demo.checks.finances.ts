import { eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import {
  billLotLines,
  bills,
  coproprietaires,
  ledgerLines,
  lots,
  lotTantiemes,
  paymentTransactions,
  repartitions,
} from '../src/db/schema/index.js';
import { paymentForReceipt } from '../src/modules/payments/sepa.repo.js';
import type { TestApp } from '../src/test/harness.js';
import type { DemoResult } from './demo.js';
import { demoSuite } from './demo.suite.js';

let t: TestApp;
let demo: DemoResult;
const db = () => t.database.db;

/** Checks of Les Tilleuls' lots, shares and calls, and who owes what. */
export function demoFinanceChecks() {
  beforeAll(() => {
    ({ t, demo } = demoSuite);
  });

  it('builds Les Tilleuls with lots, records and consistent tantièmes', async () => {
    const tLots = await db().select().from(lots).where(eq(lots.copropriete_id, demo.tilleulsId));
    expect(tLots.length).toBeGreaterThanOrEqual(24);
    expect(new Set(tLots.map((l) => l.type_name))).toEqual(new Set(['Appartement', 'Cave', 'Parking']));
    const owners = await db()
      .select()
      .from(coproprietaires)
      .where(eq(coproprietaires.copropriete_id, demo.tilleulsId));
    expect(owners.length).toBeGreaterThanOrEqual(18);
    const reps = await db().select().from(repartitions);
    expect(reps.filter((r) => r.copropriete_id === demo.tilleulsId).map((r) => r.name)).toEqual([
      'Charges générales',
      'Ascenseur',
      'Chauffage',
    ]);
    for (const rep of reps) {
      const [sum] = await db()
        .select({ n: sql<number>`coalesce(sum(${lotTantiemes.tantieme}), 0)::int` })
        .from(lotTantiemes)
        .where(eq(lotTantiemes.repartition_id, rep.id));
      expect(sum.n, rep.name).toBe(rep.total_tantieme);
    }
    const [cg] = reps.filter((r) => r.copropriete_id === demo.tilleulsId && r.code === 'CG');
    expect(cg.total_tantieme).toBe(10_000);
  });

  it('splits every bill over its lots exactly', async () => {
    const all = await db().select().from(bills);
    expect(all.filter((b) => b.copropriete_id === demo.tilleulsId).length).toBeGreaterThanOrEqual(17);
    expect(new Set(all.map((b) => b.bill_type))).toEqual(
      new Set(['fonctionnement', 'fond_travaux', 'travaux']),
    );
    const sums = await db()
      .select({ bill: billLotLines.bill_id, n: sql<number>`sum(${billLotLines.amount_cents})::int` })
      .from(billLotLines)
      .groupBy(billLotLines.bill_id);
    const byBill = new Map(sums.map((s) => [s.bill, s.n]));
    for (const b of all) expect(byBill.get(b.id), b.name).toBe(b.total_cents);
  });

  it('leaves Claire owing the last two quarters, payable online', async () => {
    const lines = await db()
      .select()
      .from(ledgerLines)
      .where(eq(ledgerLines.coproprietaire_id, demo.claireTilleulsId))
      .orderBy(ledgerLines.date);
    const unpaid = lines.filter((l) => l.amount_type === 'debit' && l.remaining_cents > 0);
    const owed = unpaid.reduce((s, l) => s + l.remaining_cents, 0);
    expect(owed).toBeGreaterThan(0);
    expect(unpaid.every((l) => l.remaining_cents === l.amount_cents)).toBe(true);
    expect(new Set(unpaid.map((l) => l.date)).size).toBe(2);
    expect(unpaid.map((l) => l.bill_type).sort()).toEqual([
      'fonctionnement',
      'fonctionnement',
      'fond_travaux',
      'fond_travaux',
    ]);
    // Settled lines balance exactly: what was paid equals what was called before.
    const debits = lines.filter((l) => l.amount_type === 'debit').reduce((s, l) => s + l.amount_cents, 0);
    const credits = lines.filter((l) => l.amount_type === 'credit').reduce((s, l) => s + l.amount_cents, 0);
    expect(debits - credits).toBe(owed);
    const txs = await db()
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.coproprietaire_id, demo.claireTilleulsId));
    expect(new Set(txs.map((x) => x.payment_method))).toEqual(new Set(['card', 'check', 'cash']));
    for (const x of txs) expect(x.net_cents).toBe(x.amount_cents - x.fee_cents);
    expect(txs.find((x) => x.payment_method === 'card')?.fee_cents).toBeGreaterThan(0);
  });

  it('mixes up-to-date, late and in-credit co-owners', async () => {
    const balances = await db()
      .select({
        id: ledgerLines.coproprietaire_id,
        n: sql<number>`sum(case when ${ledgerLines.amount_type} = 'debit' then ${ledgerLines.remaining_cents} else -${ledgerLines.remaining_cents} end)::int`,
      })
      .from(ledgerLines)
      .where(eq(ledgerLines.copropriete_id, demo.tilleulsId))
      .groupBy(ledgerLines.coproprietaire_id);
    expect(balances).toHaveLength(18);
    expect(balances.filter((b) => b.n === 0).length).toBeGreaterThanOrEqual(10);
    expect(balances.filter((b) => b.n > 0).length).toBeGreaterThanOrEqual(3);
    expect(balances.filter((b) => b.n < 0)).toHaveLength(1);
  });
  it('settles the lines of every card and SEPA payment made in Tantième: its receipt totals what was paid', async () => {
    const paid = await db()
      .select()
      .from(paymentTransactions)
      .where(sql`${paymentTransactions.payment_method} in ('card', 'sepa_debit')`);
    expect(paid.some((p) => p.payment_method === 'card')).toBe(true);
    for (const p of paid) {
      const receipt = await paymentForReceipt(db(), p.coproprietaire_id, p.id);
      const settled = (receipt?.lines ?? [])
        .filter((l) => l.amount_type === 'debit')
        .reduce((s, l) => s + l.amount_cents, 0);
      expect(settled, `${p.payment_method} ${p.amount_cents}`).toBe(p.amount_cents);
    }
  });
}
