import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  coproprietaires,
  syndicWebhookDeliveries,
  syndicWebhookEndpoints,
} from '../../../db/schema/index.js';
import { makeSignedInUser, makeSyndic } from '../../../test/factories.js';
import { makeSyndicWithKey } from '../../../test/factories.syndic.js';
import { json, type TestApp } from '../../../test/harness.js';

/**
 * The lettrage tests' world: one building whose co-owner owes two quarters and holds a 50 € credit,
 * pushed by the back office, the co-owner signed in, and card payments through the sandbox.
 */
export function lettrageFixture(app: () => TestApp) {
  type H = Record<string, string>;
  const api = async (
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    url: string,
    headers: H,
    payload?: unknown,
  ) => {
    const res = await app().app.inject({
      method,
      url: `/api/syndic/v1${url}`,
      headers,
      ...(payload ? { payload: payload as object } : {}),
    });
    return { status: res.statusCode, body: json(res) };
  };

  /** The back office's portfolio: one building, one co-owner owing two quarters, a credit of 50 €. */
  const portfolio = (remaining: { q3: number; q4: number; credit: number }) => ({
    coproprietes: [
      {
        external_id: 'IMM',
        name: 'Le Clos des Vignes',
        address: { full_address: '8 avenue Jean Jaurès 69007 Lyon' },
      },
    ],
    lots: [{ external_id: 'L1', copropriete: 'IMM', number: '1', name: 'Appartement B12' }],
    coproprietaires: [
      {
        external_id: 'C1',
        copropriete: 'IMM',
        civility: 'mr',
        first_name: 'Karim',
        last_name: 'Benali',
        lots: ['L1'],
      },
    ],
    ledger_lines: [
      {
        external_id: 'E-Q3',
        coproprietaire: 'C1',
        date: '2026-07-01',
        name: 'Appel de fonds T3 2026',
        amount_type: 'debit',
        amount_cents: 41_250,
        remaining_cents: remaining.q3,
        bill_type: 'fonctionnement',
      },
      {
        external_id: 'E-Q4',
        coproprietaire: 'C1',
        date: '2026-10-01',
        name: 'Appel de fonds T4 2026',
        amount_type: 'debit',
        amount_cents: 39_875,
        remaining_cents: remaining.q4,
        bill_type: 'fonctionnement',
      },
      {
        external_id: 'E-VIR',
        coproprietaire: 'C1',
        date: '2026-09-15',
        name: 'Virement reçu',
        amount_type: 'credit',
        amount_cents: 5_000,
        remaining_cents: remaining.credit,
        payment_method: 'transfer',
      },
    ],
  });
  const OLD = { q3: 41_250, q4: 39_875, credit: 5_000 };

  async function setUp() {
    const syndic = await makeSyndic(app().database.db, {
      card_payments_active: true,
      stripe_account_id: 'acct_test_ready',
    });
    const { headers } = await makeSyndicWithKey(app().database.db, ['read', 'write', 'webhooks'], syndic);
    await app()
      .database.db.insert(syndicWebhookEndpoints)
      .values({
        syndic_id: syndic.id,
        url: 'https://erp.example.com/hooks',
        events: ['*'],
        secret_encrypted: 'unused-in-this-test',
      });
    const imported = await api('POST', '/import', headers, portfolio(OLD));
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    const owner = (await api('GET', '/coproprietaires/C1', headers)).body.data;
    const [rec] = await app()
      .database.db.select()
      .from(coproprietaires)
      .where(eq(coproprietaires.id, owner.id));
    const user = await makeSignedInUser(app().database.db);
    await app()
      .database.db.update(coproprietaires)
      .set({ user_id: user.user.id })
      .where(eq(coproprietaires.id, rec.id));
    const path = `/api/finances/coproprietes/${rec.copropriete_id}/coproprietaires/${rec.id}`;
    return { syndic, headers, rec, user, path };
  }

  /** What the co-owner sees: the payable lines and the statement's balance. */
  async function coOwnerView(c: {
    rec: { id: string; copropriete_id: string };
    user: { headers: Record<string, string> };
    path: string;
  }) {
    const payable = json(
      await app().app.inject({ url: `${c.path}/data-for-payment`, headers: c.user.headers }),
    ).data;
    const ledger = json(
      await app().app.inject({
        url: `/api/finances/coproprietes/${c.rec.copropriete_id}/coproprietaires/${c.rec.id}/ledger`,
        headers: c.user.headers,
      }),
    ).data;
    const items = (l: { id: string; amount: number }[]) => l.map((x) => [x.id, x.amount]);
    return { debits: items(payable.debits), credits: items(payable.credits), solde: ledger.solde as number };
  }

  /** Pays the given open lines by card through the sandbox checkout (the real webhook path). */
  async function payByCard(
    c: {
      rec: { id: string; copropriete_id: string };
      user: { headers: Record<string, string> };
      path: string;
    },
    debits: { id: string; amount: number }[],
    credits: { id: string; amount: number }[],
  ) {
    const pay = debits.reduce((s, d) => s + d.amount, 0) - credits.reduce((s, d) => s + d.amount, 0);
    const res = await app().app.inject({
      method: 'POST',
      url: `${c.path}/generate-session-payment-request-by-stripe`,
      headers: c.user.headers,
      payload: { debits, credits, pay_amount: pay },
    });
    expect(res.statusCode, res.body).toBe(200);
    const session = json(res).data as { url: string; sessionId: string };
    const done = await app().app.inject({
      method: 'POST',
      url: `${session.url}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(done.statusCode).toBe(303);
    return session;
  }

  const deliveries = async (syndicId: string, type: string) =>
    (
      await app()
        .database.db.select()
        .from(syndicWebhookDeliveries)
        .where(eq(syndicWebhookDeliveries.syndic_id, syndicId))
    )
      .filter((d) => d.event_type === type)
      .map((d) => JSON.parse(d.body));

  return { api, portfolio, OLD, setUp, coOwnerView, payByCard, deliveries };
}

export type LettrageCtx = Awaited<ReturnType<ReturnType<typeof lettrageFixture>['setUp']>>;
