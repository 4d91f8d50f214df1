import { buildPath, financeEndpoints, PREVIEW_TOKEN_HEADER } from '@tantieme/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCoproprietaire, makeSignedInUser } from '../../test/factories.js';
import {
  makeFinanceOwner,
  makePaymentTransactions,
  makePreviewToken,
  recordCopro,
} from '../../test/factories.finances.js';
import { createTestApp, json, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const url = (e: { path: string }, params: Record<string, string>, query = '') =>
  `/api${buildPath(e.path, params)}${query}`;

type Owner = Awaited<ReturnType<typeof makeFinanceOwner>>;
const ownerParams = (o: Owner) => ({ coproId: o.coproId, id: o.rec.id });

describe('GET …/ledger (Situation de compte)', () => {
  it('returns the open lines by date with the balance, in cents', async () => {
    const o = await makeFinanceOwner(t.database.db);
    const res = await t.app.inject({
      method: 'GET',
      url: url(financeEndpoints.ledger, ownerParams(o)),
      headers: o.owner.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { data } = json(res);
    expect(data.solde).toBe(33_000);
    const names = data.lines.map((l: { name: { fr: string } }) => l.name.fr);
    // Same day: the two calls in either order, the later payment last.
    expect(names.slice(0, 2).sort()).toEqual([
      'Appel de fonds – 2e trimestre 2026',
      'Fonds de travaux (loi ALUR) – 2e trimestre 2026',
    ]);
    expect(names[2]).toBe('Règlement par chèque n° 1234567');
    const q2 = data.lines.find((l: { id: string }) => l.id === o.open.q2.id);
    expect(q2).toEqual({
      id: o.open.q2.id,
      name: { fr: 'Appel de fonds – 2e trimestre 2026' },
      date: '2026-04-01',
      amount: 30_000,
      remaining: 30_000,
      amount_type: 'debit',
      bill_type: 'fonctionnement',
      bill_id: o.bills.q2.id,
    });
    expect(data.lots).toEqual([
      { id: o.lotA.id, name: 'A12', type_name: 'Appartement' },
      { id: o.lotB.id, name: 'C03', type_name: 'Cave' },
    ]);
    expect(data.lines[2]).toMatchObject({ amount_type: 'credit', remaining: 2_000, bill_id: null });
  });

  it('answers 404 to another user, for a record of another copropriété in the path, and 401 without a session', async () => {
    const o = await makeFinanceOwner(t.database.db);
    const other = await makeSignedInUser(t.database.db);
    const res = await t.app.inject({
      method: 'GET',
      url: url(financeEndpoints.ledger, ownerParams(o)),
      headers: other.headers,
    });
    expect(res.statusCode).toBe(404);
    expect(json(res)).toMatchObject({ success: false, code: 'NOT_FOUND' });
    const elsewhere = await makeCoproprietaire(t.database.db, { user_id: o.owner.user.id });
    const mixed = await t.app.inject({
      method: 'GET',
      url: url(financeEndpoints.ledger, { coproId: elsewhere.copropriete_id, id: o.rec.id }),
      headers: o.owner.headers,
    });
    expect(mixed.statusCode).toBe(404);
    const anon = await t.app.inject({ method: 'GET', url: url(financeEndpoints.ledger, ownerParams(o)) });
    expect(anon.statusCode).toBe(401);
  });

  it("lets a syndic preview token read that record's statement, and no other", async () => {
    const o = await makeFinanceOwner(t.database.db);
    const p = await makeFinanceOwner(t.database.db);
    const { copropriete } = await recordCopro(t.database.db, o.rec.id);
    const token = await makePreviewToken(t.database.db, copropriete.syndic_id, o.rec.id);
    const ok = await t.app.inject({
      method: 'GET',
      url: url(financeEndpoints.ledger, ownerParams(o)),
      headers: { [PREVIEW_TOKEN_HEADER]: token },
    });
    expect(ok.statusCode).toBe(200);
    expect(json(ok).data.solde).toBe(33_000);
    const ko = await t.app.inject({
      method: 'GET',
      url: url(financeEndpoints.ledger, ownerParams(p)),
      headers: { [PREVIEW_TOKEN_HEADER]: token },
    });
    expect(ko.statusCode).toBe(404);
  });
});

describe('GET /finances/coproprietaires/:id/account', () => {
  it("gives the record's copropriété to its user and to a preview token of that record", async () => {
    const o = await makeFinanceOwner(t.database.db);
    const { copropriete } = await recordCopro(t.database.db, o.rec.id);
    const token = await makePreviewToken(t.database.db, copropriete.syndic_id, o.rec.id);
    const path = url(financeEndpoints.account, { id: o.rec.id });
    const viaPreview = await t.app.inject({
      method: 'GET',
      url: path,
      headers: { [PREVIEW_TOKEN_HEADER]: token },
    });
    expect(json(viaPreview).data).toEqual({ coproprietaire_id: o.rec.id, copropriete_id: o.coproId });
    const viaUser = await t.app.inject({ method: 'GET', url: path, headers: o.owner.headers });
    expect(json(viaUser).data).toEqual({ coproprietaire_id: o.rec.id, copropriete_id: o.coproId });
  });

  it('answers 404 to another user and to a preview token of another record', async () => {
    const o = await makeFinanceOwner(t.database.db);
    const p = await makeFinanceOwner(t.database.db);
    const other = await makeSignedInUser(t.database.db);
    const path = url(financeEndpoints.account, { id: o.rec.id });
    expect((await t.app.inject({ method: 'GET', url: path, headers: other.headers })).statusCode).toBe(404);
    const { copropriete } = await recordCopro(t.database.db, p.rec.id);
    const token = await makePreviewToken(t.database.db, copropriete.syndic_id, p.rec.id);
    const res = await t.app.inject({ method: 'GET', url: path, headers: { [PREVIEW_TOKEN_HEADER]: token } });
    expect(res.statusCode).toBe(404);
  });
});

describe('GET …/ledger/settled (Voir les lignes soldées)', () => {
  it('returns only the settled lines', async () => {
    const o = await makeFinanceOwner(t.database.db);
    const res = await t.app.inject({
      method: 'GET',
      url: url(financeEndpoints.ledgerSettled, ownerParams(o)),
      headers: o.owner.headers,
    });
    expect(res.statusCode).toBe(200);
    const lines = json(res).data;
    expect(lines.map((l: { name: { fr: string }; remaining: number }) => [l.name.fr, l.remaining])).toEqual([
      ['Appel de fonds – 1er trimestre 2026', 0],
      ['Règlement par virement', 0],
    ]);
  });

  it('answers 404 to another user', async () => {
    const o = await makeFinanceOwner(t.database.db);
    const other = await makeSignedInUser(t.database.db);
    const res = await t.app.inject({
      method: 'GET',
      url: url(financeEndpoints.ledgerSettled, ownerParams(o)),
      headers: other.headers,
    });
    expect(res.statusCode).toBe(404);
  });
});

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
