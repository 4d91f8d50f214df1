import { financeEndpoints, PREVIEW_TOKEN_HEADER } from '@tantieme/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCoproprietaire, makeSignedInUser } from '../../test/factories.js';
import { makeFinanceOwner, makePreviewToken, recordCopro } from '../../test/factories.finances.js';
import { json } from '../../test/harness.js';
import { ownerParams, setUp, t, url } from './finances.fixture.js';

beforeAll(setUp);
afterAll(() => t.close());

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
