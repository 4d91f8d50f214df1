import {
  buildPath,
  consoleFacturesEndpoints as f,
  councilInvoiceEndpoints as c,
  type Endpoint,
  invoiceEndpoints,
} from '@tantieme/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coproprietaires, coproprietes } from '../../db/schema/index.js';
import { makeSignedInUser } from '../../test/factories.js';
import { makeMoneyBuilding } from '../../test/factories.journal.js';
import { createTestApp, json, type TestApp } from '../../test/harness.js';
import * as journal from '../journal/journal.repo.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n').toString('base64');

/** The money building, run by a volunteer syndic; Martin (signed in) sits on the council. */
async function world() {
  const b = await makeMoneyBuilding(t.database.db);
  const db = t.database.db;
  const syndic = await makeSignedInUser(db, { first_name: 'Hélène', last_name: 'Moreau' });
  await db
    .update(coproprietes)
    .set({
      syndic_benevole_user_id: syndic.user.id,
      settings: {
        show_invoice: '1',
        show_invoice_scope: '2',
        show_invoice_status: '1',
        show_invoice_status_scope: '2',
      },
    })
    .where(eq(coproprietes.id, b.coproId));
  await db
    .update(coproprietaires)
    .set({ is_member_syndicat: true })
    .where(eq(coproprietaires.id, b.owners.martin.id));
  const call = async (
    e: Endpoint,
    params: Record<string, string> = {},
    body?: object,
    headers = syndic.headers,
  ) => {
    const res = await t.app.inject({
      method: e.method as 'GET',
      url: `/api${buildPath(e.path, { coproId: b.coproId, ...params })}`,
      headers,
      payload: body,
    });
    return { status: res.statusCode, body: json(res) };
  };
  return { b, call };
}

const capture = (repartition_id: string, amount_cents: number, extra: object = {}) => ({
  fournisseur_name: 'Ascenseurs Rhône-Alpes',
  invoice_date: '2026-03-10',
  number: 'F-2026-0312',
  amount_cents,
  account: '614',
  repartition_id,
  file: { name: 'facture.pdf', content_type: 'application/pdf', content_base64: PDF },
  ...extra,
});

describe('supplier invoices captured in the console', () => {
  it('books the charge 6xx / 401 and the payment 401 / 512, balanced, paid once', async () => {
    const { b, call } = await world();
    const made = await call(f.capture, {}, capture(b.keys.asc, 48_361));
    expect(made.status).toBe(200);
    expect(made.body.data).toMatchObject({ stage: 'a_valider', council_required: false, ecriture_number: 1 });
    expect(made.body.data.file_url).toEqual(expect.any(String));

    const paid = await call(f.pay, { invoiceId: made.body.data.id }, { date: '2026-03-25' });
    expect(paid.body.data).toMatchObject({ stage: 'payee', paid_on: '2026-03-25', payment_number: 2 });
    const twice = await call(f.pay, { invoiceId: made.body.data.id }, { date: '2026-03-26' });
    expect(twice.status).toBe(409);

    const entries = await journal.journalOf(t.database.db, b.yearId);
    expect(entries.map((e) => e.number)).toEqual([1, 2]);
    for (const e of entries) {
      const d = e.lignes.reduce((s, l) => s + l.debit_cents, 0);
      const cr = e.lignes.reduce((s, l) => s + l.credit_cents, 0);
      expect(d).toBe(cr);
      expect(d).toBe(48_361);
    }
    const bal = new Map(
      (await journal.balances(t.database.db, b.coproId)).map((r) => [r.account, r.debit - r.credit]),
    );
    expect(bal.get('614')).toBe(48_361);
    expect(bal.get('401')).toBe(0);
    expect(bal.get('512')).toBe(-48_361);
  });

  it("requires the council's approval from the assembly's threshold on", async () => {
    const { b, call } = await world();
    const set = await call(f.threshold, {}, { amount_cents: 200_000, resolution_id: null });
    expect(set.body.data).toMatchObject({ amount_cents: 200_000 });
    const big = (await call(f.capture, {}, capture(b.keys.cg, 200_000, { account: '615' }))).body.data;
    expect(big).toMatchObject({ council_required: true, stage: 'a_valider' });

    const early = await call(f.pay, { invoiceId: big.id }, { date: '2026-04-01' });
    expect(early.status).toBe(409);
    expect(early.body.message).toContain('conseil syndical');

    expect((await call(f.sendToCouncil, { invoiceId: big.id })).body.data.stage).toBe('au_conseil');
    expect((await call(f.sendToCouncil, { invoiceId: big.id })).status).toBe(409);
    const waiting = await call(f.pay, { invoiceId: big.id }, { date: '2026-04-01' });
    expect(waiting.status).toBe(409);

    const martin = b.martinHeaders;
    const mine = await call(c.list, { id: b.owners.martin.id }, undefined, martin);
    expect(mine.body.data.map((i: { id: string }) => i.id)).toEqual([big.id]);
    const ok = await call(
      c.answer,
      { id: b.owners.martin.id, invoiceId: big.id },
      { decision: 'approuvee', comment: 'Conforme au devis voté.' },
      martin,
    );
    expect(ok.body.data).toMatchObject({ stage: 'validee', council_comment: 'Conforme au devis voté.' });
    const again = await call(
      c.answer,
      { id: b.owners.martin.id, invoiceId: big.id },
      { decision: 'refusee', comment: null },
      martin,
    );
    expect(again.status).toBe(409);

    const paid = await call(f.pay, { invoiceId: big.id }, { date: '2026-04-01' });
    expect(paid.body.data.stage).toBe('payee');
  });

  it('guards the council: another co-owner, or one not on the council, gets a 404', async () => {
    const { b, call } = await world();
    const inv = (await call(f.capture, {}, capture(b.keys.cg, 90_000))).body.data;
    await call(f.sendToCouncil, { invoiceId: inv.id });
    // Leroy's record, asked by Martin: not his.
    const other = await call(c.list, { id: b.owners.leroy.id }, undefined, b.martinHeaders);
    expect(other.status).toBe(404);
    // A stranger signed in.
    const stranger = await makeSignedInUser(t.database.db);
    const s = await call(
      c.answer,
      { id: b.owners.martin.id, invoiceId: inv.id },
      { decision: 'approuvee', comment: null },
      stranger.headers,
    );
    expect(s.status).toBe(404);
    // Martin off the council.
    await t.database.db
      .update(coproprietaires)
      .set({ is_member_syndicat: false })
      .where(eq(coproprietaires.id, b.owners.martin.id));
    expect((await call(c.list, { id: b.owners.martin.id }, undefined, b.martinHeaders)).status).toBe(404);
  });

  it("lists the invoice on the co-owners' page with their quote-part", async () => {
    const { b, call } = await world();
    const inv = (await call(f.capture, {}, capture(b.keys.asc, 10_001))).body.data;
    const syndicId = b.syndicId;
    const page = await call(
      invoiceEndpoints.list,
      { syndicId, coproprieteId: b.coproId },
      undefined,
      b.martinHeaders,
    );
    expect(page.body.data.map((x: { id: string }) => x.id)).toContain(inv.id);
    const ecr = await call(
      invoiceEndpoints.ecritures,
      { coproprieteId: b.coproId, invoiceId: inv.id },
      undefined,
      b.martinHeaders,
    );
    const shares = await call(
      invoiceEndpoints.lotShares,
      { coproprieteId: b.coproId },
      { ecriture_ids: ecr.body.data.map((e: { id: string }) => e.id), lot_ids: [] },
      b.martinHeaders,
    );
    // Lift key: lot A01 60 of 100 tantièmes, B01 40; 10 000,01 € → 6 000,01 and 4 000 (largest remainder).
    expect(shares.body.data.map((s: { amount: number }) => s.amount)).toEqual([6_001]);
  });

  it('refuses a key of another building, and a date no exercice covers', async () => {
    const { b, call } = await world();
    const other = await makeMoneyBuilding(t.database.db);
    expect((await call(f.capture, {}, capture(other.keys.cg, 1000))).status).toBe(404);
    const out = await call(f.capture, {}, capture(b.keys.cg, 1000, { invoice_date: '2031-01-05' }));
    expect(out.status).toBe(400);
  });
});
