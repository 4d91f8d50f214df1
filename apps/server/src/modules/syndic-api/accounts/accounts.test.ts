import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  coproprietaires,
  ledgerLines,
  paymentRequests,
  paymentTransactions,
} from '../../../db/schema/index.js';
import { makeSignedInUser } from '../../../test/factories.js';
import { makeSyndicWithKey } from '../../../test/factories.syndic.js';
import { createTestApp, json, type TestApp } from '../../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type H = Record<string, string>;
const call = async (method: 'GET' | 'PUT' | 'POST', url: string, headers: H, payload?: unknown) => {
  const res = await t.app.inject({
    method,
    url: `/api/syndic/v1${url}`,
    headers,
    ...(payload ? { payload: payload as object } : {}),
  });
  return { status: res.statusCode, body: json(res) };
};

async function building(headers: H) {
  const ok = async (p: ReturnType<typeof call>) => {
    const r = await p;
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data;
  };
  await ok(
    call('PUT', '/coproprietes/IMM', headers, {
      name: 'Le Clos des Vignes',
      address: { full_address: '8 avenue Jean Jaurès 69007 Lyon' },
    }),
  );
  await ok(
    call('POST', '/lots/bulk', headers, {
      items: [
        { external_id: 'L1', copropriete: 'IMM', number: '1', name: 'Appartement B12' },
        { external_id: 'L2', copropriete: 'IMM', number: '2', name: 'Parking P03' },
        // Another owner's flat: the key's tantièmes add up to its total.
        { external_id: 'L3', copropriete: 'IMM', number: '3', name: 'Appartement B14' },
      ],
    }),
  );
  await ok(
    call('PUT', '/repartitions/R1', headers, {
      copropriete: 'IMM',
      code: '001',
      name: 'Charges générales',
      total_tantieme: 1000,
      tantiemes: [
        { lot: 'L1', tantieme: 120 },
        { lot: 'L2', tantieme: 8 },
        { lot: 'L3', tantieme: 872 },
      ],
    }),
  );
  const owner = await ok(
    call('PUT', '/coproprietaires/C1', headers, {
      copropriete: 'IMM',
      civility: 'mr',
      first_name: 'Karim',
      last_name: 'Benali',
      lots: ['L1', 'L2'],
    }),
  );
  await ok(
    call('PUT', '/charges/CH1', headers, {
      copropriete: 'IMM',
      repartition: 'R1',
      code: '601',
      name: 'Eau froide',
    }),
  );
  await ok(
    call('PUT', '/financial-years/FY2026', headers, {
      copropriete: 'IMM',
      year: 2026,
      couple: '2026',
      start_date: '2026-01-01',
      end_date: '2026-12-31',
      budgets: [{ charge: 'CH1', voted_cents: 1_200_000 }],
    }),
  );
  await ok(
    call('PUT', '/bills/B1', headers, {
      copropriete: 'IMM',
      financial_year: 'FY2026',
      name: 'Appel de fonds 1er trimestre 2026',
      date: '2026-01-01',
      bill_type: 'fonctionnement',
      total_cents: 41_250,
      lines: [
        { lot: 'L2', repartition: 'R1', charge: 'CH1', amount_cents: 1_250 },
        { lot: 'L1', repartition: 'R1', charge: 'CH1', amount_cents: 40_000 },
      ],
    }),
  );
  return owner;
}

const ledger = [
  {
    external_id: 'E1',
    coproprietaire: 'C1',
    date: '2026-01-01',
    name: 'Appel de fonds 1er trimestre 2026',
    amount_type: 'debit',
    amount_cents: 41_250,
    remaining_cents: 21_250,
    bill: 'B1',
    bill_type: 'fonctionnement',
  },
  {
    external_id: 'E2',
    coproprietaire: 'C1',
    date: '2026-01-15',
    name: 'Règlement par chèque n° 4521',
    amount_type: 'credit',
    amount_cents: 20_000,
    remaining_cents: 0,
    payment_method: 'cheque',
  },
  {
    external_id: 'E3',
    coproprietaire: 'C1',
    date: '2026-02-01',
    name: 'Virement reçu',
    amount_type: 'credit',
    amount_cents: 5_000,
    payment_method: 'transfer',
  },
];

describe('accounts', () => {
  it('pushes years, budgets, bills and ledger lines; the balance agrees with the statement', async () => {
    const { headers } = await makeSyndicWithKey(t.database.db);
    const owner = await building(headers);
    const year = (await call('GET', '/financial-years/FY2026', headers)).body.data;
    expect(year.budgets).toEqual([{ charge: 'CH1', voted_cents: 1_200_000 }]);
    const bill = (await call('GET', '/bills/B1', headers)).body.data;
    expect(bill.lines.map((l: { lot: string }) => l.lot)).toEqual(['L1', 'L2']);

    const pushed = (await call('POST', '/ledger-lines/bulk', headers, { items: ledger })).body.data;
    expect(pushed.counts).toEqual({ created: 3, updated: 0, unchanged: 0, error: 0 });

    // A card payment the product recorded meanwhile.
    const [rec] = await t.database.db.select().from(coproprietaires).where(eq(coproprietaires.id, owner.id));
    const [request] = await t.database.db
      .insert(paymentRequests)
      .values({
        coproprietaire_id: rec.id,
        debits: [],
        credits: [],
        pay_amount_cents: 3_000,
        provider: 'sandbox',
        status: 'paid',
      })
      .returning();
    const [card] = await t.database.db
      .insert(paymentTransactions)
      .values({
        coproprietaire_id: rec.id,
        payment_request_id: request.id,
        amount_cents: 3_000,
        net_cents: 2_930,
        date: new Date(),
      })
      .returning();
    const [cardLine] = await t.database.db
      .insert(ledgerLines)
      .values({
        coproprietaire_id: rec.id,
        copropriete_id: rec.copropriete_id,
        payment_transaction_id: card.id,
        name: 'Paiement par carte',
        date: '2026-02-10',
        amount_cents: 3_000,
        remaining_cents: 3_000,
        amount_type: 'credit',
      })
      .returning();

    const balance = (await call('GET', '/coproprietaires/C1/balance', headers)).body.data;
    // 212,50 € still owed on the call, minus 50 € and 30 € of credits available.
    expect(balance).toEqual({
      coproprietaire: 'C1',
      balance_cents: 21_250 - 5_000 - 3_000,
      open_lines: 3,
      product_lines: 1,
    });

    const user = await makeSignedInUser(t.database.db);
    await t.database.db
      .update(coproprietaires)
      .set({ user_id: user.user.id })
      .where(eq(coproprietaires.id, rec.id));
    const statement = await t.app.inject({
      method: 'GET',
      url: `/api/finances/coproprietes/${rec.copropriete_id}/coproprietaires/${rec.id}/ledger`,
      headers: user.headers,
    });
    expect(json(statement).data.solde).toBe(balance.balance_cents);

    // The same push again changes nothing, and never touches the card payment line.
    const again = (await call('POST', '/ledger-lines/bulk', headers, { items: ledger })).body.data;
    expect(again.counts).toEqual({ created: 0, updated: 0, unchanged: 3, error: 0 });
    const changed = (
      await call('POST', '/ledger-lines/bulk', headers, {
        items: [{ ...ledger[0], remaining_cents: 0 }],
      })
    ).body.data;
    expect(changed.counts.updated).toBe(1);
    const [stillCard] = await t.database.db.select().from(ledgerLines).where(eq(ledgerLines.id, cardLine.id));
    expect(stillCard).toEqual(cardLine);
    const methods = await t.database.db
      .select({ m: paymentTransactions.payment_method })
      .from(paymentTransactions)
      .where(eq(paymentTransactions.coproprietaire_id, rec.id));
    expect(methods.map((m) => m.m).sort()).toEqual(['card', 'cheque', 'transfer']);
  });

  it('names the field of an inconsistent push and writes nothing of that item', async () => {
    const { headers } = await makeSyndicWithKey(t.database.db);
    await building(headers);
    const bill = await call('PUT', '/bills/B2', headers, {
      copropriete: 'IMM',
      name: 'Appel travaux',
      date: '2026-04-01',
      bill_type: 'travaux',
      total_cents: 10_000,
      lines: [{ lot: 'L1', repartition: 'R1', amount_cents: 9_000 }],
    });
    expect(bill.status).toBe(400);
    expect(bill.body.errors).toEqual({ lines: 'La somme des lignes (9000) diffère du total (10000).' });
    const res = (
      await call('POST', '/ledger-lines/bulk', headers, {
        items: [
          { ...ledger[0], external_id: 'X1', coproprietaire: 'NOPE' },
          { ...ledger[1], external_id: 'X2', amount_type: 'debit' },
          { ...ledger[2], external_id: 'X3', remaining_cents: 6_000 },
          { ...ledger[2], external_id: 'X4', date: '01/02/2026' },
        ],
      })
    ).body.data;
    expect(res.results.map((r: { errors: object }) => Object.keys(r.errors))).toEqual([
      ['coproprietaire'],
      ['payment_method'],
      ['remaining_cents'],
      ['date'],
    ]);
    const year = await call('PUT', '/financial-years/FY2026-bis', headers, {
      copropriete: 'IMM',
      year: 2026,
      couple: '2026',
      start_date: '2026-01-01',
      end_date: '2026-12-31',
    });
    expect(year.body.errors).toHaveProperty('year');
  });
});
