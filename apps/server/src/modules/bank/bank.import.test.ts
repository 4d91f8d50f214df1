import { ecritureErrors } from '@tantieme/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../db/client.js';
import {
  bankLines,
  journalEcritures,
  journalLignes,
  ledgerLines,
  paymentAllocations,
  paymentTransactions,
} from '../../db/schema/index.js';
import { makeCoproprietaire } from '../../test/factories.js';
import { makeVotedBuilding } from '../../test/factories.journal.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { generate } from '../appels/appels.service.js';
import { importLines } from './bank.import.js';
import * as repo from './bank.repo.js';
import { importLinesRowByRow } from './bank.rowbyrow.fixture.js';
import type { StatementLine } from './statement.parse.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A seeded generator (mulberry32): the same statements on every run. */
function rng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** Two quarters called, and two more co-owners owing nothing, one named like Martin. */
async function building() {
  const { b, base } = await makeVotedBuilding(t.database.db, { callFirstQuarter: true });
  await generate(t.database.db, { ...base, kind: 'budget', period: 2 });
  const homonym = await makeCoproprietaire(t.database.db, {
    copropriete_id: b.coproId,
    name: 'Luc Martin',
    display_name: 'Luc Martin',
    last_name: 'Martin',
  });
  const other = await makeCoproprietaire(t.database.db, {
    copropriete_id: b.coproId,
    name: 'Anne Nguyen',
    display_name: 'Anne Nguyen',
    last_name: 'Nguyen',
  });
  return { b, owners: [b.owners.martin, b.owners.leroy, b.owners.sci, homonym, other] };
}

/** Statements of random credits and debits: references, amounts owed and names mixed. */
function statements(seed: number, owners: { unique_code: string; last_name: string | null }[]) {
  const r = rng(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)];
  const amounts = [320_401, 160_201, 235_800, 117_900, 133_800, 66_900, 267_600, 5_000, 471_600];
  const line = (i: number): StatementLine => {
    const o = pick(owners);
    const amount = r() < 0.1 ? -pick(amounts) : pick(amounts);
    return {
      ref: `L${i}`,
      date: r() < 0.5 ? '2026-01-06' : '2026-04-03',
      amountCents: amount,
      reference: `VIR ${r() < 0.6 ? o.unique_code : 'CHARGES'} T${1 + Math.floor(r() * 2)}`,
      name: r() < 0.6 ? `M ${o.last_name ?? 'DURAND'}` : 'SCI DU PARC',
    };
  };
  const first = Array.from({ length: 30 }, (_, i) => line(i));
  // The second statement repeats some lines of the first (known, left alone) and adds others.
  const second = [...first.filter(() => r() < 0.3), ...Array.from({ length: 20 }, (_, i) => line(100 + i))];
  return [first, second];
}

type Import = typeof importLines;

/** What the imports made, named by the lines' references (ids differ from one run to the other). */
async function snapshot(tx: Tx, coproId: string) {
  const lines = await tx
    .select()
    .from(bankLines)
    .where(eq(bankLines.copropriete_id, coproId))
    .orderBy(asc(bankLines.line_ref));
  const refOf = new Map(lines.map((l) => [l.id, l.line_ref]));
  const payRef = new Map(lines.map((l) => [l.payment_transaction_id, l.line_ref]));
  const ecritures = await tx
    .select()
    .from(journalEcritures)
    .where(eq(journalEcritures.copropriete_id, coproId))
    .orderBy(asc(journalEcritures.number));
  const lignes = await tx.select().from(journalLignes).where(eq(journalLignes.copropriete_id, coproId));
  const debits = await tx
    .select({ id: ledgerLines.id, remaining: ledgerLines.remaining_cents })
    .from(ledgerLines)
    .where(and(eq(ledgerLines.copropriete_id, coproId), eq(ledgerLines.amount_type, 'debit')))
    .orderBy(asc(ledgerLines.id));
  const credits = await tx
    .select()
    .from(ledgerLines)
    .where(and(eq(ledgerLines.copropriete_id, coproId), eq(ledgerLines.amount_type, 'credit')));
  const payments = lines.flatMap((l) => (l.payment_transaction_id ? [l.payment_transaction_id] : []));
  const allocations = payments.length
    ? await tx
        .select()
        .from(paymentAllocations)
        .where(inArray(paymentAllocations.payment_transaction_id, payments))
    : [];
  const paid = payments.length
    ? await tx.select().from(paymentTransactions).where(inArray(paymentTransactions.id, payments))
    : [];
  const sort = <T>(xs: T[]) => xs.map((x) => JSON.stringify(x)).sort();
  return {
    lines: lines.map((l) => ({
      ref: l.line_ref,
      status: l.status,
      owner: l.coproprietaire_id,
      confidence: l.confidence,
      reason: l.reason,
      suggestions: l.suggestions,
      paid: Boolean(l.payment_transaction_id),
    })),
    journal: ecritures.map((e) => ({
      number: e.number,
      date: e.date,
      libelle: e.libelle,
      piece: e.piece?.startsWith('banque:') ? `banque:${refOf.get(e.piece.slice(7))}` : e.piece,
      lignes: sort(
        lignes
          .filter((l) => l.ecriture_id === e.id)
          .map((l) => [
            l.account,
            l.coproprietaire_id,
            l.debit_cents,
            l.credit_cents,
            Boolean(l.ledger_line_id),
          ]),
      ),
    })),
    debits,
    credits: sort(
      credits.map((c) => [
        payRef.get(c.payment_transaction_id),
        c.coproprietaire_id,
        c.amount_cents,
        c.remaining_cents,
        c.date,
      ]),
    ),
    allocations: sort(
      allocations.map((a) => [payRef.get(a.payment_transaction_id), a.ledger_line_id, a.amount_cents]),
    ),
    payments: sort(
      paid.map((p) => [payRef.get(p.id), p.coproprietaire_id, p.amount_cents, p.payment_method, p.date]),
    ),
  };
}

async function run(coproId: string, batches: StatementLine[][], how: Import) {
  const results: unknown[] = [];
  const rollback = new Error('rollback');
  let snap: Awaited<ReturnType<typeof snapshot>> | undefined;
  await t.database.db
    .transaction(async (tx) => {
      const { statement } = await repo.claimStatement(tx, {
        copropriete_id: coproId,
        statement_ref: 'relevé',
        format: 'csv',
      });
      for (const lines of batches) results.push(await how(tx, coproId, statement.id, lines));
      snap = await snapshot(tx, coproId);
      throw rollback;
    })
    .catch((e) => {
      if (e !== rollback) throw e;
    });
  return { results, snap: snap as Awaited<ReturnType<typeof snapshot>> };
}

describe('the set-based import books a statement as the row-by-row import did', () => {
  it.each([
    1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
  ])('seed %i: same matches, lettrage, credits and journal', async (seed) => {
    const { b, owners } = await building();
    const batches = statements(seed, owners);
    const rowByRow = await run(b.coproId, batches, importLinesRowByRow);
    const setBased = await run(b.coproId, batches, importLines);
    expect(setBased.results).toEqual(rowByRow.results);
    expect(setBased.snap).toEqual(rowByRow.snap);
    // The statements make every case: matched, waiting, outgoing, repeated owners.
    const statuses = new Set(setBased.snap.lines.map((l) => l.status));
    expect([...statuses].sort()).toEqual(['matched', 'outgoing', 'unmatched']);
    // Each écriture balances, the numbers follow each other, the second statement's repeats changed nothing.
    const { journal } = setBased.snap;
    expect(journal.map((e) => e.number)).toEqual(journal.map((_, i) => i + 1));
    for (const e of journal) {
      const lines = e.lignes.map((l) => JSON.parse(l) as [string, string | null, number, number]);
      expect(lines.reduce((s, l) => s + l[2] - l[3], 0)).toBe(0);
      expect(
        ecritureErrors(
          {
            date: e.date,
            libelle: e.libelle,
            source: 'banque',
            lines: lines.map(([account, owner, debit, credit]) => ({
              account,
              coproprietaireId: owner,
              debit,
              credit,
            })),
          },
          { start: '2026-01-01', end: '2026-12-31' },
        ),
      ).toEqual([]);
    }
    expect((setBased.results[1] as { known: number }).known).toBe(batches[1].length - 20);
  });
});
