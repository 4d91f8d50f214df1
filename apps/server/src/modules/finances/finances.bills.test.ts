import { financeEndpoints } from '@tantieme/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSignedInUser } from '../../test/factories.js';
import { makeFinanceOwner, makePaymentTransactions } from '../../test/factories.finances.js';
import { json } from '../../test/harness.js';
import { type Owner, ownerParams, setUp, t, url } from './finances.fixture.js';

beforeAll(setUp);
afterAll(() => t.close());

describe('GET …/paid-bills and …/un-paid-bills', () => {
  it('splits the bill lines into paid and unpaid, newest first', async () => {
    const o = await makeFinanceOwner(t.database.db);
    const paid = await t.app.inject({
      method: 'GET',
      url: url(financeEndpoints.paidBills, ownerParams(o)),
      headers: o.owner.headers,
    });
    expect(paid.statusCode).toBe(200);
    expect(json(paid).data).toEqual([
      expect.objectContaining({
        id: o.bills.q1.id,
        name: { fr: 'Appel de fonds – 1er trimestre 2026' },
        amount: 30_000,
        remaining: 0,
      }),
    ]);
    const unpaid = await t.app.inject({
      method: 'GET',
      url: url(financeEndpoints.unPaidBills, ownerParams(o)),
      headers: o.owner.headers,
    });
    expect(
      json(unpaid)
        .data.map((b: { id: string }) => b.id)
        .sort(),
    ).toEqual([o.bills.q2.id, o.bills.ft.id].sort());
    expect(json(unpaid).data[0]).toMatchObject({
      ledger_line_id: expect.any(String),
      remaining: expect.any(Number),
    });
  });

  it('answers 404 to another user on both', async () => {
    const o = await makeFinanceOwner(t.database.db);
    const other = await makeSignedInUser(t.database.db);
    for (const e of [financeEndpoints.paidBills, financeEndpoints.unPaidBills]) {
      const res = await t.app.inject({ method: 'GET', url: url(e, ownerParams(o)), headers: other.headers });
      expect(res.statusCode).toBe(404);
    }
  });
});

describe('POST …/bills/:billId/get-details-provision-bill', () => {
  const details = (o: Owner, billId: string, lot_ids: string[], headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: url(financeEndpoints.billDetails, { coproId: o.coproId, billId }),
      headers,
      payload: { lot_ids },
    });

  it('breaks a bill down per lot, repartition and charge with ratios in percent', async () => {
    const o = await makeFinanceOwner(t.database.db);
    const res = await details(o, o.bills.q2.id, [o.lotA.id, o.lotB.id], o.owner.headers);
    expect(res.statusCode).toBe(200);
    const { data } = json(res);
    expect(data.bill).toEqual({
      id: o.bills.q2.id,
      name: { fr: 'Appel de fonds – 2e trimestre 2026' },
      date: '2026-04-01',
      bill_type: 'fonctionnement',
    });
    expect(data.lots).toEqual([
      {
        id: o.lotA.id,
        name: 'A12',
        type_name: 'Appartement',
        total: 20_000,
        ratio: 66.67,
        repartitions: [
          {
            id: expect.any(String),
            name: { fr: 'Charges générales' },
            total: 15_000,
            ratio: 75,
            charges: [{ id: expect.any(String), name: { fr: 'Eau froide' }, total: 15_000 }],
          },
          {
            id: expect.any(String),
            name: { fr: 'Ascenseur' },
            total: 5_000,
            ratio: 25,
            charges: [{ id: expect.any(String), name: { fr: 'Entretien ascenseur' }, total: 5_000 }],
          },
        ],
      },
      {
        id: o.lotB.id,
        name: 'C03',
        type_name: 'Cave',
        total: 10_000,
        ratio: 33.33,
        repartitions: [
          {
            id: expect.any(String),
            name: { fr: 'Charges générales' },
            total: 10_000,
            ratio: 100,
            charges: [{ id: expect.any(String), name: { fr: 'Eau froide' }, total: 10_000 }],
          },
        ],
      },
    ]);
  });

  it('answers 404 for a lot that is not the caller’s, a bill of another copropriété, or another user', async () => {
    const o = await makeFinanceOwner(t.database.db);
    const p = await makeFinanceOwner(t.database.db);
    expect((await details(o, o.bills.q2.id, [p.lotA.id], o.owner.headers)).statusCode).toBe(404);
    expect((await details(o, p.bills.q2.id, [o.lotA.id], o.owner.headers)).statusCode).toBe(404);
    expect((await details(o, o.bills.q2.id, [o.lotA.id], p.owner.headers)).statusCode).toBe(404);
  });

  it('rejects an empty lot list with the validation error', async () => {
    const o = await makeFinanceOwner(t.database.db);
    const res = await details(o, o.bills.q2.id, [], o.owner.headers);
    expect(res.statusCode).toBe(400);
    expect(json(res).code).toBe('VALIDATION_ERROR');
  });
});

describe('GET /finances/coproprietaires/:id/payment-transactions', () => {
  const page = (id: string, headers: Record<string, string>, q: string) =>
    t.app.inject({ method: 'GET', url: url(financeEndpoints.paymentTransactions, { id }, q), headers });

  it('pages by 30 (the default) with a page_state cursor until null, newest first, no row twice', async () => {
    const o = await makeFinanceOwner(t.database.db);
    await makePaymentTransactions(t.database.db, o.rec.id, 65);
    const seen: string[] = [];
    let state: string | null = null;
    const sizes: number[] = [];
    do {
      const q: string = state ? `?page_state=${encodeURIComponent(state)}` : '';
      const res = await page(o.rec.id, o.owner.headers, q);
      expect(res.statusCode).toBe(200);
      const body = json(res).data;
      sizes.push(body.data.length);
      seen.push(...body.data.map((x: { id: string }) => x.id));
      state = body.pageState;
    } while (state);
    expect(sizes).toEqual([30, 30, 5]);
    expect(new Set(seen).size).toBe(65);
  });

  it('presents a transaction as SPEC §3 says', async () => {
    const o = await makeFinanceOwner(t.database.db);
    await makePaymentTransactions(t.database.db, o.rec.id, 2);
    const res = await page(o.rec.id, o.owner.headers, '?page_size=1');
    const body = json(res).data;
    expect(body.data).toEqual([
      {
        id: expect.any(String),
        amount: 10_000,
        fee: 100,
        net: 9_900,
        currency: 'eur',
        date: '2026-11-01T10:00:00.000Z',
        payment_method: 'card',
        transfer_destination: { name: 'Syndicat des copropriétaires' },
        description: 'Paiement 1',
      },
    ]);
    expect(body.pageState).toEqual(expect.any(String));
    const next = json(
      await page(o.rec.id, o.owner.headers, `?page_size=1&page_state=${body.pageState}`),
    ).data;
    expect(next.data[0]).toMatchObject({ description: 'Paiement 2', payment_method: 'check' });
    expect(next.pageState).toBeNull();
  });

  it('answers an empty page when there is none', async () => {
    const o = await makeFinanceOwner(t.database.db);
    const body = json(await page(o.rec.id, o.owner.headers, '')).data;
    expect(body).toEqual({ data: [], pageState: null });
  });

  it('rejects a forged page_state and an out-of-range page_size', async () => {
    const o = await makeFinanceOwner(t.database.db);
    const bad = await page(o.rec.id, o.owner.headers, '?page_state=bm9wZQ');
    expect(bad.statusCode).toBe(400);
    expect(json(bad).code).toBe('VALIDATION_ERROR');
    expect((await page(o.rec.id, o.owner.headers, '?page_size=0')).statusCode).toBe(400);
  });

  it('answers 404 to another user', async () => {
    const o = await makeFinanceOwner(t.database.db);
    await makePaymentTransactions(t.database.db, o.rec.id, 1);
    const other = await makeSignedInUser(t.database.db);
    const res = await page(o.rec.id, other.headers, '');
    expect(res.statusCode).toBe(404);
  });
});
