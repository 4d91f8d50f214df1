import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chargeInvoices,
  charges,
  financialYears,
  repartitions,
  supplierInvoices,
  verificationStatus,
} from '../../db/schema/index.js';
import { makeCopropriete, makeCoproprietaire, makeSignedInUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A building with a submitted current year: 3 operating invoices, 1 works invoice, one closed year. */
async function building(submit = 1) {
  const db = t.database.db;
  const copro = await makeCopropriete(db);
  const member = async (council: boolean) => {
    const u = await makeSignedInUser(db);
    const rec = await makeCoproprietaire(db, {
      copropriete_id: copro.id,
      user_id: u.user.id,
      is_member_syndicat: council,
    });
    return { ...u, rec };
  };
  const [rep] = await db
    .insert(repartitions)
    .values({ copropriete_id: copro.id, code: '01', name: 'Charges générales', total_tantieme: 10_000 })
    .returning();
  const [eau, ravalement] = await db
    .insert(charges)
    .values([
      { copropriete_id: copro.id, repartition_id: rep.id, code: '601', name: 'Eau froide', charge_type: 1 },
      { copropriete_id: copro.id, repartition_id: rep.id, code: '671', name: 'Ravalement', charge_type: 2 },
    ])
    .returning();
  const [current, past] = await db
    .insert(financialYears)
    .values([
      {
        copropriete_id: copro.id,
        year: 2026,
        couple: '2026',
        start_date: '2026-01-01',
        end_date: '2026-12-31',
      },
      {
        copropriete_id: copro.id,
        year: 2025,
        couple: '2025',
        start_date: '2025-01-01',
        end_date: '2025-12-31',
        closed: true,
      },
    ])
    .returning();
  const [supplier] = await db
    .insert(supplierInvoices)
    .values({
      syndic_id: copro.syndic_id,
      copropriete_id: copro.id,
      invoice_date: '2026-03-02',
      amount_cents: 84_210,
      fournisseur_name: 'Eau du Grand Lyon',
      number: 'F-2026-0311',
      source_urls: [{ path: 'invoices/eau-f-2026-0311.pdf', content_type: 'application/pdf' }],
    })
    .returning();
  const inv = (charge: string, year: string, amount: number, date: string, supplierId?: string) => ({
    charge_id: charge,
    financial_year_id: year,
    supplier_invoice_id: supplierId ?? null,
    ecriture_description: `Facture ${date}`,
    amount_cents: amount,
    date,
    verification_syndic: 1,
  });
  const invoices = await db
    .insert(chargeInvoices)
    .values([
      inv(eau.id, current.id, 84_210, '2026-03-02', supplier.id),
      inv(eau.id, current.id, 79_990, '2026-06-01'),
      inv(eau.id, current.id, 81_300, '2026-09-01'),
      inv(ravalement.id, current.id, 2_160_000, '2026-07-15'),
      inv(eau.id, past.id, 77_000, '2025-06-01'),
    ])
    .returning();
  await db.insert(verificationStatus).values({ copropriete_id: copro.id, syndic_submit: submit });
  return {
    copro,
    eau,
    ravalement,
    invoices,
    claire: await member(true),
    rousseau: await member(true),
    paul: await member(false),
  };
}

const base = (id: string) => `/api/syndicat-verifications/coproprietes/${id}`;
const call = (method: 'GET' | 'PUT', url: string, headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload: payload as Record<string, unknown> } : {}) });

describe('verification of accounts (SPEC §2.6, §4, §7)', () => {
  it("lists the current year's invoices per charge, by tab, with the syndic's and the council's marks", async () => {
    const b = await building();
    const res = await call('GET', `${base(b.copro.id)}/current-financial-year-costs`, b.claire.headers);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.status).toEqual({ syndic_submit: 1, syndicat_finish: 0 });
    expect(data.years.map((y: { year: number }) => y.year)).toEqual([2026]);
    expect(data.years[0].charges).toHaveLength(1);
    const eau = data.years[0].charges[0];
    expect(eau).toMatchObject({ code: '601', name: 'Eau froide', amount: 84_210 + 79_990 + 81_300 });
    expect(eau.invoices).toHaveLength(3);
    expect(eau.invoices[0].invoice_infos[0]).toMatchObject({
      invoice_name: 'Eau du Grand Lyon n° F-2026-0311',
      invoice_content_type: 'application/pdf',
    });
    expect(eau.invoices[0].invoice_infos[0].invoice_url).toContain('/files/');
    expect(eau.invoices[0].verifications).toEqual({ SYNDIC: { value: 1 }, SYNDICAT: { value: 0 } });
    const works = (
      await call(
        'GET',
        `${base(b.copro.id)}/current-financial-year-costs?charge_type=travaux`,
        b.claire.headers,
      )
    ).json().data;
    expect(works.years[0].charges.map((c: { name: string }) => c.name)).toEqual(['Ravalement']);
  });

  it('only council members reach the calls: an ordinary co-owner and a stranger get 404', async () => {
    const b = await building();
    const stranger = await makeSignedInUser(t.database.db);
    for (const who of [b.paul, stranger]) {
      expect(
        (await call('GET', `${base(b.copro.id)}/current-financial-year-costs`, who.headers)).statusCode,
      ).toBe(404);
      expect(
        (
          await call('PUT', `${base(b.copro.id)}/charges/${b.eau.id}/change-verify-charge`, who.headers, {
            invoice_id: b.invoices[0].id,
            value: 1,
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (await call('PUT', `${base(b.copro.id)}/change-verify-multi-charges`, who.headers, { value: 1 }))
          .statusCode,
      ).toBe(404);
      expect(
        (await call('PUT', `${base(b.copro.id)}/change-finish-status`, who.headers, { status: 1 }))
          .statusCode,
      ).toBe(404);
    }
    // a council member of another building
    const other = await building();
    expect(
      (await call('GET', `${base(b.copro.id)}/current-financial-year-costs`, other.claire.headers))
        .statusCode,
    ).toBe(404);
  });

  it('checks one, checks all, finishes (boxes locked), modifies; every change is pushed to the council', async () => {
    const b = await building();
    t.realtime.sent.length = 0;
    const one = await call(
      'PUT',
      `${base(b.copro.id)}/charges/${b.eau.id}/change-verify-charge`,
      b.claire.headers,
      {
        invoice_id: b.invoices[1].id,
        value: 1,
      },
    );
    expect(one.statusCode).toBe(200);
    const ev = t.realtime.sent.filter((s) => s.event === 'copro-update-charge-verification-status');
    expect(ev.map((s) => s.room).sort()).toEqual(
      [`coproprietaire:${b.claire.rec.id}`, `coproprietaire:${b.rousseau.rec.id}`].sort(),
    );
    expect(ev[0].payload).toMatchObject({
      type: 'UPDATE_CHARGE_VERIFY',
      charge_type: 'fonc',
      invoices: [{ id: b.invoices[1].id, value: 1 }],
    });
    // an invoice of another charge, or of the closed year: 404
    expect(
      (
        await call(
          'PUT',
          `${base(b.copro.id)}/charges/${b.ravalement.id}/change-verify-charge`,
          b.claire.headers,
          {
            invoice_id: b.invoices[1].id,
            value: 1,
          },
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call('PUT', `${base(b.copro.id)}/charges/${b.eau.id}/change-verify-charge`, b.claire.headers, {
          invoice_id: b.invoices[4].id,
          value: 1,
        })
      ).statusCode,
    ).toBe(404);
    // a bad value names the field
    const bad = await call('PUT', `${base(b.copro.id)}/change-verify-multi-charges`, b.claire.headers, {
      value: 2,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('value');

    const all = await call('PUT', `${base(b.copro.id)}/change-verify-multi-charges`, b.rousseau.headers, {
      value: 1,
      charge_type: 'fonc',
    });
    expect(all.json().data).toEqual({ updated: 3 });
    let data = (
      await call('GET', `${base(b.copro.id)}/current-financial-year-costs`, b.claire.headers)
    ).json().data;
    expect(
      data.years[0].charges[0].invoices.map(
        (i: { verifications: { SYNDICAT: { value: number } } }) => i.verifications.SYNDICAT.value,
      ),
    ).toEqual([1, 1, 1]);
    // works untouched
    const works = (
      await call(
        'GET',
        `${base(b.copro.id)}/current-financial-year-costs?charge_type=travaux`,
        b.claire.headers,
      )
    ).json().data;
    expect(works.years[0].charges[0].invoices[0].verifications.SYNDICAT.value).toBe(0);

    t.realtime.sent.length = 0;
    const fin = await call('PUT', `${base(b.copro.id)}/change-finish-status`, b.claire.headers, {
      status: 1,
    });
    expect(fin.json().data).toEqual({ syndic_submit: 1, syndicat_finish: 1 });
    expect(t.realtime.sent[0]?.payload).toMatchObject({ type: 'UPDATE_SYNDIC_SUBMIT', syndicat_finish: 1 });
    // finished: every box is locked
    const locked = await call('PUT', `${base(b.copro.id)}/change-verify-multi-charges`, b.claire.headers, {
      value: 0,
    });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().code).toBe('VERIFICATION_FINISHED');
    // 'Modifier' reopens
    await call('PUT', `${base(b.copro.id)}/change-finish-status`, b.claire.headers, { status: 0 });
    expect(
      (
        await call('PUT', `${base(b.copro.id)}/change-verify-multi-charges`, b.claire.headers, { value: 0 })
      ).json().data,
    ).toEqual({ updated: 3 });
    data = (await call('GET', `${base(b.copro.id)}/current-financial-year-costs`, b.claire.headers)).json()
      .data;
    expect(data.status.syndicat_finish).toBe(0);
  });

  it('nothing can be checked before the syndic submits', async () => {
    const b = await building(0);
    const res = await call('PUT', `${base(b.copro.id)}/change-finish-status`, b.claire.headers, {
      status: 1,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('VERIFICATION_NOT_SUBMITTED');
  });
});
