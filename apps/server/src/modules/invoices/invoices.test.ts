import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coproprietes, supplierInvoices } from '../../db/schema/index.js';
import { makeCopropriete, makeCoproprietaire, makeSignedInUser } from '../../test/factories.js';
import { createTestApp, json, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SQL_STATS: '1' } });
});
afterAll(() => t.close());

type Card = { id: string; amount: number; fournisseur_name: string; status: number | null; paid: boolean };

/**
 * Decision 74: a building's invoice pages are kept in memory against its finance_version, which
 * a trigger on supplier_invoices bumps. What the co-owners see must still be the table's rows
 * at every request, and each caller's scope must still apply.
 */
describe('supplier invoices kept in memory by the building version', () => {
  async function building() {
    const db = t.database.db;
    // Everyone sees the list; only the council sees the status (SPEC §6).
    const copro = await makeCopropriete(db, {
      settings: { show_invoice: '1', show_invoice_scope: '1', show_invoice_status_scope: '2' },
    });
    const council = await makeSignedInUser(db);
    const plain = await makeSignedInUser(db);
    await makeCoproprietaire(db, {
      user_id: council.user.id,
      copropriete_id: copro.id,
      is_member_syndicat: true,
    });
    await makeCoproprietaire(db, { user_id: plain.user.id, copropriete_id: copro.id });
    const invoice = (n: number, amount: number) => ({
      syndic_id: copro.syndic_id,
      copropriete_id: copro.id,
      invoice_date: `2026-0${n}-10`,
      amount_cents: amount,
      fournisseur_name: `Fournisseur ${n}`,
      compte_name: 'Entretien',
      number: `F-${n}`,
      status: 6,
      source_urls: [],
    });
    await db.insert(supplierInvoices).values([invoice(1, 10_000), invoice(2, 20_000)]);
    const list = async (headers: Record<string, string>) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/invoices/syndics/${copro.syndic_id}/coproprietes/${copro.id}/saisies?page_size=30&page_index=0`,
        headers,
      });
      return {
        status: res.statusCode,
        cards: res.statusCode === 200 ? (json(res).data as Card[]) : [],
        sql: Number(res.headers['x-sql-statements']),
      };
    };
    const version = async (id = copro.id) =>
      (await db.select().from(coproprietes).where(eq(coproprietes.id, id)))[0].finance_version;
    return { db, copro, council, plain, invoice, list, version };
  }

  it('shows a new, changed or deleted invoice at the next request, one statement once the page is in memory', async () => {
    const { db, copro, council, invoice, list, version } = await building();
    const first = await list(council.headers);
    expect(first.cards.map((c) => c.amount)).toEqual([20_000, 10_000]);
    // The page read once for the building (session + guard, then the page), then from memory.
    expect(first.sql).toBe(2);
    expect((await list(council.headers)).sql).toBe(1);

    const v0 = await version();
    const [added] = await db.insert(supplierInvoices).values(invoice(3, 30_000)).returning();
    expect(await version()).toBe(v0 + 1);
    expect((await list(council.headers)).cards.map((c) => c.amount)).toEqual([30_000, 20_000, 10_000]);

    await db.update(supplierInvoices).set({ amount_cents: 31_000 }).where(eq(supplierInvoices.id, added.id));
    expect((await list(council.headers)).cards[0]).toMatchObject({ id: added.id, amount: 31_000 });

    await db.delete(supplierInvoices).where(eq(supplierInvoices.id, added.id));
    expect((await list(council.headers)).cards.map((c) => c.amount)).toEqual([20_000, 10_000]);

    // Another building's invoices leave this building's version, and its page, alone.
    const other = await building();
    const v1 = await version();
    await db.insert(supplierInvoices).values(other.invoice(4, 40_000));
    expect(await version()).toBe(v1);
    expect(await version(other.copro.id)).toBeGreaterThan(0);
    expect((await list(council.headers)).cards).toHaveLength(2);
    expect(copro.id).not.toBe(other.copro.id);
  });

  it("applies each caller's scope to the same page in memory, and answers 404 to anyone else", async () => {
    const { council, plain, list } = await building();
    // The council member reads the page first: the plain co-owner then gets it from memory.
    const seen = await list(council.headers);
    expect(seen.cards.every((c) => c.status === 6 && c.paid)).toBe(true);
    const theirs = await list(plain.headers);
    expect(theirs.sql).toBe(1);
    expect(theirs.cards).toHaveLength(2);
    expect(theirs.cards.every((c) => c.status === null && !c.paid)).toBe(true);
    // And the other way round: the status never travels with the page.
    const again = await list(council.headers);
    expect(again.cards.every((c) => c.status === 6)).toBe(true);

    const stranger = await makeSignedInUser(t.database.db);
    expect((await list(stranger.headers)).status).toBe(404);
    expect((await list({ authorization: 'Bearer nobody' })).status).toBe(401);
  });
});
