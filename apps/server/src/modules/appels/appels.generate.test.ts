import { appelsOfKey, ecritureErrors } from '@tantieme/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coproprietaireLotRow, lotTantiemeRow, repartitionRow } from '../../../seed/builders/copro.js';
import { financialYearRow } from '../../../seed/builders/finances.js';
import { lotRow } from '../../../seed/builders/rows.js';
import {
  billLotLines,
  coproprietaireLots,
  financialYears,
  journalEcritures,
  ledgerLines,
  lots,
  lotTantiemes,
  repartitions,
} from '../../db/schema/index.js';
import { makeCopropriete, makeCoproprietaire } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import * as journal from '../journal/journal.repo.js';
import { generateMany, setBudget } from './appels.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A seeded generator (mulberry32): the same cases on every run, many shapes of tantièmes. */
function rng(seed: number) {
  let a = seed;
  return (n: number) => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) % n;
  };
}

/** A building of `lotCount` lots (co-owners owning one or two), two keys, a budget per key. */
async function randomBuilding(r: (n: number) => number, i: number) {
  const db = t.database.db;
  const copro = await makeCopropriete(db, { name: `Résidence ${i}` });
  const [year] = await db
    .insert(financialYears)
    .values(financialYearRow({ copropriete_id: copro.id }))
    .returning();
  const keyRows = await db
    .insert(repartitions)
    .values(
      ['01', '02'].map((code) =>
        repartitionRow({ copropriete_id: copro.id, code, name: `Clé ${code}`, total_tantieme: 1000 }),
      ),
    )
    .returning();
  const lotCount = 2 + r(11);
  const lotRows = await db
    .insert(lots)
    .values(
      Array.from({ length: lotCount }, (_, k) =>
        lotRow({ copropriete_id: copro.id, lot_id: `L${String(k).padStart(2, '0')}`, name: `Lot ${k}` }),
      ),
    )
    .returning();
  let owner = await makeCoproprietaire(db, { copropriete_id: copro.id, name: 'Premier' });
  for (const [k, lot] of lotRows.entries()) {
    if (k > 0 && r(3) > 0) owner = await makeCoproprietaire(db, { copropriete_id: copro.id, name: `C ${k}` });
    await db
      .insert(coproprietaireLots)
      .values(coproprietaireLotRow({ coproprietaire_id: owner.id, lot_id: lot.id }));
  }
  // Equal tantièmes on purpose half the time: ties are where the rounding rule shows.
  const shares = keyRows.map(() => lotRows.map(() => (r(2) ? 100 : 1 + r(400))));
  await db
    .insert(lotTantiemes)
    .values(
      keyRows.flatMap((key, k) =>
        lotRows.map((lot, j) =>
          lotTantiemeRow({ lot_id: lot.id, repartition_id: key.id, tantieme: shares[k][j] }),
        ),
      ),
    );
  const amounts = keyRows.map(() => r(5_000_000) + 1);
  for (const [k, key] of keyRows.entries())
    await setBudget(db, {
      coproprieteId: copro.id,
      financialYearId: year.id,
      repartitionId: key.id,
      kind: 'budget',
      amountCents: amounts[k],
    });
  return { coproId: copro.id, yearId: year.id, keyRows, lotRows, shares, amounts };
}

describe('appels generated set-based', () => {
  it('match the contract’s rounding per lot, balance, and number each exercice without a gap', async () => {
    const r = rng(20260101);
    const buildings = [];
    for (let i = 0; i < 6; i++) buildings.push(await randomBuilding(r, i));
    const db = t.database.db;
    for (const period of [1, 2, 3, 4]) {
      const made = await generateMany(db, {
        exercices: buildings.map((b) => ({ coproprieteId: b.coproId, financialYearId: b.yearId })),
        kind: 'budget',
        period,
      });
      expect(made.every((m) => m.created)).toBe(true);
      for (const b of buildings) {
        const billId = made.find((m) => m.financialYearId === b.yearId)?.billId as string;
        const lines = await db.select().from(billLotLines).where(eq(billLotLines.bill_id, billId));
        for (const [k, key] of b.keyRows.entries()) {
          const expected = appelsOfKey(
            b.amounts[k],
            b.lotRows.map((l, j) => ({ lotId: l.id, tantieme: b.shares[k][j] })),
          );
          const got = new Map(
            lines.filter((l) => l.repartition_id === key.id).map((l) => [l.lot_id, l.amount_cents]),
          );
          expect(expected.map((e) => got.get(e.lotId) ?? 0)).toEqual(
            expected.map((e) => e.periods[period - 1]),
          );
        }
      }
    }
    for (const b of buildings) {
      const entries = await journal.journalOf(db, b.yearId);
      expect(entries.map((e) => e.number)).toEqual([1, 2, 3, 4]);
      for (const e of entries)
        expect(
          ecritureErrors(
            {
              date: e.date,
              libelle: e.libelle,
              piece: e.piece,
              source: 'appel',
              lines: e.lignes.map((l) => ({
                account: l.account,
                coproprietaireId: l.coproprietaire_id,
                debit: Number(l.debit_cents),
                credit: Number(l.credit_cents),
              })),
            },
            { start: '2026-01-01', end: '2026-12-31' },
          ),
        ).toEqual([]);
      // Each co-owner's statement equals their 450 account.
      const bal = await journal.balances(db, b.coproId);
      const debits = await db.select().from(ledgerLines).where(eq(ledgerLines.copropriete_id, b.coproId));
      const owners = new Set(debits.map((d) => d.coproprietaire_id));
      for (const o of owners) {
        const on450 = bal.find((x) => x.account === '4501' && x.coproprietaire_id === o);
        const owed = debits.filter((d) => d.coproprietaire_id === o).reduce((s, d) => s + d.amount_cents, 0);
        expect(on450 && on450.debit - on450.credit).toBe(owed);
      }
      // The year's four quarters make each key's budget to the cent.
      expect(bal.find((x) => x.account === '701')?.credit).toBe(b.amounts[0] + b.amounts[1]);
    }
    const again = await generateMany(db, {
      exercices: buildings.map((b) => ({ coproprieteId: b.coproId, financialYearId: b.yearId })),
      kind: 'budget',
      period: 1,
    });
    expect(again.every((m) => !m.created)).toBe(true);
    const count = await db
      .select()
      .from(journalEcritures)
      .where(
        inArray(
          journalEcritures.financial_year_id,
          buildings.map((b) => b.yearId),
        ),
      );
    expect(count).toHaveLength(24);
  });
});
