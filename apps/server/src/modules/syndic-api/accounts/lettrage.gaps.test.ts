import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../../db/client.js';
import { ledgerLines, paymentAllocations, paymentTransactions } from '../../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { lettrageFixture } from './lettrage.fixture.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { api, portfolio, OLD, setUp, coOwnerView, payByCard } = lettrageFixture(() => t);

type Line = { id: string; external_id: string; origin: string; payment_id: string | null };
const ledger = async (headers: Record<string, string>) =>
  (await api('GET', '/ledger-lines?limit=200', headers)).body.data.items as Line[];

describe('a back-office credit carrying a product payment id', () => {
  it('is the booking of that payment: no second credit, through the push and every replay', async () => {
    const c = await setUp();
    const q4 = (await ledger(c.headers)).find((l) => l.external_id === 'E-Q4')!;
    await payByCard(c, [{ id: q4.id, amount: 39_875 }], []);
    const paid = await coOwnerView(c);
    expect(paid.solde).toBe(41_250 - 5_000);
    const card = (await ledger(c.headers)).find((l) => l.origin === 'product')!;

    // The back office books the card payment as its own credit, not yet lettered against the
    // quarter: in its books the quarter is still open and the credit still available.
    const books = {
      ...portfolio(OLD),
      ledger_lines: [
        ...portfolio(OLD).ledger_lines,
        {
          external_id: 'E-CB',
          coproprietaire: 'C1',
          date: '2026-11-02',
          name: 'Paiement CB Tantième',
          amount_type: 'credit',
          amount_cents: 39_875,
          remaining_cents: 39_875,
          payment_method: 'other',
          payment_id: card.payment_id,
        },
      ],
    };
    const booked = await api('POST', '/import', c.headers, books);
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    expect(booked.body.data.counts.ledger_lines).toMatchObject({ created: 1, unchanged: 3 });
    const cb = (await api('GET', '/ledger-lines/E-CB', c.headers)).body.data;
    expect(cb).toMatchObject({
      payment_id: card.payment_id,
      remaining_cents: 39_875,
      shown_remaining_cents: 0,
    });
    const q4After = (await api('GET', '/ledger-lines/E-Q4', c.headers)).body.data;
    expect(q4After.allocations).toEqual([
      { payment_id: card.payment_id, ledger_line: 'E-Q4', amount_cents: 39_875, acknowledged: true },
    ]);
    expect(await coOwnerView(c)).toEqual(paid);
    expect((await api('GET', '/coproprietaires/C1/balance', c.headers)).body.data.balance_cents).toBe(
      paid.solde,
    );

    // The same books again, and then a copy that letters the credit: the same balance each time.
    const replay = await api('POST', '/import', c.headers, books);
    expect(replay.body.data.counts.ledger_lines).toMatchObject({ created: 0, updated: 0, unchanged: 4 });
    expect(await coOwnerView(c)).toEqual(paid);
    const lettered = structuredClone(books);
    lettered.ledger_lines[1].remaining_cents = 0;
    lettered.ledger_lines[3].remaining_cents = 0;
    const done = await api('POST', '/import', c.headers, lettered);
    expect(done.body.data.counts.ledger_lines).toMatchObject({ updated: 2 });
    expect(done.body.data.warnings).toEqual([]);
    expect(await coOwnerView(c)).toEqual(paid);
  });
});

/** Runs a migration file's statements again, as the migrator does. */
async function runMigration(file: string) {
  const text = readFileSync(path.join(migrationsFolder, file), 'utf8');
  for (const statement of text.split('--> statement-breakpoint'))
    if (statement.trim()) await t.database.db.execute(sql.raw(statement));
}

describe('migration 0038: the lettrage of card payments made before allocations existed', () => {
  it('writes the allocations the payment made, by its rule, and a stale replay no longer reopens them', async () => {
    const c = await setUp();
    const lines = await ledger(c.headers);
    const idOf = (ext: string) => lines.find((l) => l.external_id === ext)!.id;
    // Both quarters by card, the 50 € credit used first: 41 250 + 39 875 − 5 000 = 761,25 € paid.
    await payByCard(
      c,
      [
        { id: idOf('E-Q3'), amount: 41_250 },
        { id: idOf('E-Q4'), amount: 39_875 },
      ],
      [{ id: idOf('E-VIR'), amount: 5_000 }],
    );
    const paid = await coOwnerView(c);
    expect(paid).toEqual({ debits: [], credits: [], solde: 0 });
    const [payment] = await t.database.db
      .select()
      .from(paymentTransactions)
      .where(
        and(
          eq(paymentTransactions.coproprietaire_id, c.rec.id),
          isNotNull(paymentTransactions.payment_request_id),
        ),
      );
    const live = await allocationsOf(payment.id);
    expect(live).toEqual(
      [
        [idOf('E-Q3'), 41_250],
        [idOf('E-Q4'), 39_875],
        [idOf('E-VIR'), 5_000],
      ].sort(),
    );

    // As before lettrage: the payment without allocation rows; the lines' figures as the product
    // left them, copied into the back office's figure (what migration 0020 did).
    await t.database.db
      .delete(paymentAllocations)
      .where(eq(paymentAllocations.payment_transaction_id, payment.id));
    await t.database.db
      .update(paymentTransactions)
      .set({ acknowledged_at: null })
      .where(eq(paymentTransactions.id, payment.id));
    await t.database.db
      .update(ledgerLines)
      .set({ office_remaining_cents: sql`${ledgerLines.remaining_cents}` })
      .where(inArray(ledgerLines.id, [idOf('E-Q3'), idOf('E-Q4'), idOf('E-VIR')]));

    await runMigration('0038_lettrage_backfill.sql');
    expect(await allocationsOf(payment.id)).toEqual(live);
    const [after] = await t.database.db
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.id, payment.id));
    expect(after.acknowledged_at).not.toBeNull();
    // Run again, it adds nothing.
    await runMigration('0038_lettrage_backfill.sql');
    expect(await allocationsOf(payment.id)).toEqual(live);

    // The back office replays its stale books: every settled line stays settled, reported.
    const replay = await api('POST', '/import', c.headers, portfolio(OLD));
    expect(replay.status).toBe(200);
    expect(replay.body.data.warnings.map((w: { external_id: string }) => w.external_id).sort()).toEqual([
      'E-Q3',
      'E-Q4',
      'E-VIR',
    ]);
    expect(await coOwnerView(c)).toEqual(paid);
  });

  it('follows the rule when the card did not cover every debit: oldest first, the rest open', async () => {
    const c = await setUp();
    const lines = await ledger(c.headers);
    const idOf = (ext: string) => lines.find((l) => l.external_id === ext)!.id;
    await payByCard(c, [{ id: idOf('E-Q3'), amount: 41_250 }], []);
    const [payment] = await t.database.db
      .select()
      .from(paymentTransactions)
      .where(
        and(
          eq(paymentTransactions.coproprietaire_id, c.rec.id),
          isNotNull(paymentTransactions.payment_request_id),
        ),
      );
    // The request named both quarters, but the card brought only 412,50 € (a request made before
    // the second quarter was settled elsewhere): the older quarter takes it all.
    await t.database.db.execute(
      sql`update payment_requests set debits = ${JSON.stringify([
        { id: idOf('E-Q4'), amount: 39_875 },
        { id: idOf('E-Q3'), amount: 41_250 },
      ])}::jsonb where id = ${payment.payment_request_id}`,
    );
    await t.database.db
      .delete(paymentAllocations)
      .where(eq(paymentAllocations.payment_transaction_id, payment.id));
    await runMigration('0038_lettrage_backfill.sql');
    expect(await allocationsOf(payment.id)).toEqual([[idOf('E-Q3'), 41_250]]);
  });
});

async function allocationsOf(paymentId: string) {
  const rows = await t.database.db
    .select({ line: paymentAllocations.ledger_line_id, amount: paymentAllocations.amount_cents })
    .from(paymentAllocations)
    .where(eq(paymentAllocations.payment_transaction_id, paymentId));
  return rows.map((r) => [r.line, r.amount] as [string, number]).sort();
}
