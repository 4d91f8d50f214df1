import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  coproprietaireSettings,
  coproprietaires,
  notifications,
  outbox,
  paymentAllocations,
} from '../../db/schema/index.js';
import { makeSignedInUser } from '../../test/factories.js';
import { ledgerOf, makePayingOwner, requestsOf, transactionsOf } from '../../test/factories.payments.js';
import { createTestApp, json, type TestApp } from '../../test/harness.js';
import { pdfText } from '../../test/pdf-text.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Owner = Awaited<ReturnType<typeof makePayingOwner>>;
const allLines = (o: Owner) => ({
  debits: [
    { id: o.q3.id, amount: 41_250 },
    { id: o.q4.id, amount: 39_875 },
  ],
  credits: [],
  pay_amount: 81_125,
});

async function startSession(o: Owner) {
  const res = await t.app.inject({
    method: 'POST',
    url: `${o.path}/generate-session-payment-request-by-stripe`,
    headers: o.headers,
    payload: allLines(o),
  });
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data as { sessionId: string; url: string };
}

const form = (url: string, body = '') =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: body,
  });
const SEPA_FORM = 'holder=Paul+Durand&iban=FR76+3000+6000+0112+3456+7890+189&accept=on';

/** A SEPA debit submitted in the sandbox checkout: processing. */
async function sepaProcessing(o: Owner) {
  const s = await startSession(o);
  const res = await form(`${s.url}/sepa`, SEPA_FORM);
  expect(res.statusCode, res.body).toBe(303);
  expect(res.headers.location).toBe(
    `/${o.owner.id}/facture-v2?session_id=${s.sessionId}&stripe_payment_success=1`,
  );
  return s;
}

const ledger = async (o: Owner) =>
  json(
    await t.app.inject({
      url: `/api/finances/coproprietes/${o.copro.id}/coproprietaires/${o.owner.id}/ledger`,
      headers: o.headers,
    }),
  ).data as { solde: number; lines: { id: string; collecting?: boolean; collect_on?: string }[] };

const notificationsOf = (o: Owner) =>
  t.app.db.select().from(notifications).where(eq(notifications.coproprietaire_id, o.owner.id));

describe('SEPA direct debit in the sandbox checkout', () => {
  it('offers the card and a SEPA debit with its mandate text', async () => {
    const o = await makePayingOwner(t.app.db);
    const s = await startSession(o);
    const page = (await t.app.inject({ url: s.url })).body;
    expect(page).toContain('>Payer</button>');
    expect(page).toContain('Prélèvement SEPA');
    expect(page).toContain('name="iban"');
    expect(page).toContain('vous autorisez');
    expect(page).toContain('>Valider le prélèvement SEPA</button>');
  });

  it('refuses an invalid IBAN or a mandate not accepted, and sends nothing', async () => {
    const o = await makePayingOwner(t.app.db);
    const s = await startSession(o);
    const bad = await form(`${s.url}/sepa`, 'holder=Paul&iban=FR76+3000+6000+0112+3456+7890+188&accept=on');
    expect(bad.statusCode).toBe(400);
    expect(json(bad).code).toBe('IBAN_INVALID');
    const unsigned = await form(`${s.url}/sepa`, 'holder=Paul&iban=FR76+3000+6000+0112+3456+7890+189');
    expect(unsigned.statusCode).toBe(400);
    expect((await requestsOf(t.app.db, o.owner.id))[0].status).toBe('open');
  });

  it('processing: the lines are shown en cours de prélèvement, not payable twice, nothing settled yet', async () => {
    const o = await makePayingOwner(t.app.db);
    await sepaProcessing(o);
    const [req] = await requestsOf(t.app.db, o.owner.id);
    expect(req).toMatchObject({ status: 'processing', payment_method: 'sepa_debit' });
    expect(await transactionsOf(t.app.db, o.owner.id)).toHaveLength(0);

    const view = await ledger(o);
    expect(view.solde).toBe(81_125);
    const q3 = view.lines.find((l) => l.id === o.q3.id);
    expect(q3?.collecting).toBe(true);
    expect(q3?.collect_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const data = json(await t.app.inject({ url: `${o.path}/data-for-payment`, headers: o.headers })).data;
    expect(data.debits).toEqual([]);
    // Listed apart, so the checkout says why 'Payez maintenant' has nothing to offer.
    expect(data.collecting.map((d: { id: string }) => d.id).sort()).toEqual([o.q3.id, o.q4.id].sort());
    expect(data.collecting[0]).toMatchObject({ type: 'debit', collect_on: null });
    const twice = await t.app.inject({
      method: 'POST',
      url: `${o.path}/generate-session-payment-request-by-stripe`,
      headers: o.headers,
      payload: allLines(o),
    });
    expect(twice.statusCode).toBe(409);
    expect(json(twice).code).toBe('DEBIT_IN_PROGRESS');
    expect(json(twice).message).toBe(
      'Un prélèvement SEPA est en cours sur ces lignes\u202f: elles seront réglées par ce prélèvement.',
    );
  });

  it('success days later settles the lines, records a SEPA payment and sends the receipt notice', async () => {
    const o = await makePayingOwner(t.app.db);
    // A contact e-mail and payments by e-mail chosen (decision 135); the payer's receipt e-mail,
    // with its PDF, stands for the notification's e-mail (decision 150).
    await t.app.db
      .update(coproprietaires)
      .set({ user_supplement_info: { contact: { email: o.user.email } } as never })
      .where(eq(coproprietaires.id, o.owner.id));
    await t.app.db
      .insert(coproprietaireSettings)
      .values({ coproprietaire_id: o.owner.id, key: 'receive-appel-de-fond-via-email', value: '1' });
    const s = await sepaProcessing(o);
    const page = await t.app.inject({ url: s.url });
    expect(page.body).toContain('Prélèvement SEPA en cours');
    const done = await form(`${s.url}/settle/succeeded`);
    expect(done.statusCode).toBe(303);

    const [tx] = await transactionsOf(t.app.db, o.owner.id);
    expect(tx).toMatchObject({
      amount_cents: 81_125,
      fee_cents: 35,
      net_cents: 81_090,
      payment_method: 'sepa_debit',
    });
    const lines = await ledgerOf(t.app.db, o.owner.id);
    expect(lines.find((l) => l.id === o.q3.id)?.remaining_cents).toBe(0);
    expect(lines.find((l) => l.payment_transaction_id === tx.id)?.name).toBe('Prélèvement SEPA');
    expect((await requestsOf(t.app.db, o.owner.id))[0].status).toBe('paid');
    expect((await ledger(o)).lines).toEqual([]);

    const [n] = await notificationsOf(o);
    expect(n).toMatchObject({ type: 'PAIEMENT', title: 'Paiement de 811,25\u202f€ reçu' });
    expect(n.body).toContain('Votre paiement par prélèvement SEPA est enregistré');
    const mails = await t.app.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.channel, 'email'), eq(outbox.recipient, o.user.email as string)));
    expect(
      mails.some(
        (m) =>
          m.subject === 'Reçu de votre paiement de 811,25\u202f€' &&
          m.body.includes(`recu=${tx.id}`) &&
          (m.meta as { attachments?: unknown[] }).attachments?.length === 1,
      ),
    ).toBe(true);

    // A late failure after success is impossible for SEPA; were one to come, money never goes back.
    expect((await form(`${s.url}/settle/failed`)).statusCode).toBe(409);
  });

  it('a debit rejected days later reopens the lines, settles nothing and tells the co-owner', async () => {
    const o = await makePayingOwner(t.app.db);
    const s = await sepaProcessing(o);
    const res = await form(`${s.url}/settle/failed`);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toContain('stripe_payment_success=0');

    expect((await requestsOf(t.app.db, o.owner.id))[0].status).toBe('failed');
    expect(await transactionsOf(t.app.db, o.owner.id)).toHaveLength(0);
    const allocations = await t.app.db.select().from(paymentAllocations);
    const lineIds = new Set([o.q3.id, o.q4.id]);
    expect(allocations.filter((a) => lineIds.has(a.ledger_line_id))).toEqual([]);
    const view = await ledger(o);
    expect(view.solde).toBe(81_125);
    expect(view.lines.find((l) => l.id === o.q3.id)?.collecting).toBeUndefined();
    const data = json(await t.app.inject({ url: `${o.path}/data-for-payment`, headers: o.headers })).data;
    expect(data.collecting).toEqual([]);
    expect(data.debits.map((d: { id: string }) => d.id).sort()).toEqual([o.q3.id, o.q4.id].sort());

    const [n] = await notificationsOf(o);
    expect(n).toMatchObject({ type: 'PAIEMENT', title: 'Prélèvement SEPA rejeté' });
    expect(n.body).toContain('811,25\u202f€');
    expect(n.body).toContain('de nouveau à régler');
  });
});

describe('the receipt of a payment', () => {
  const receiptUrl = (o: Owner, paymentId: string) => `${o.path}/payments/${paymentId}/receipt`;

  it('is a PDF with the amount, the lines settled, the method, the date, the reference, building and co-owner', async () => {
    const o = await makePayingOwner(t.app.db);
    const s = await sepaProcessing(o);
    await form(`${s.url}/settle/succeeded`);
    const [tx] = await transactionsOf(t.app.db, o.owner.id);
    const res = await t.app.inject({ url: receiptUrl(o, tx.id), headers: o.headers });
    expect(res.statusCode, res.body).toBe(200);
    const r = json(res).data as { url: string; name: string };
    expect(r.name).toBe(`Reçu REC-${tx.id.slice(0, 8).toUpperCase()}.pdf`);
    const pdf = await t.app.inject({ url: r.url });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Reçu de paiement');
    expect(text).toContain(`REC-${tx.id.slice(0, 8).toUpperCase()}`);
    expect(text).toContain('811,25 €');
    expect(text).toContain('Prélèvement SEPA');
    expect(text).toContain('Appel de fonds T3 2026');
    expect(text).toContain('412,50 €');
    expect(text).toContain('Appel de fonds T4 2026');
    expect(text).toContain('398,75 €');
    expect(text).toContain(o.copro.name);
    expect(text).toContain(o.owner.display_name);
  });

  it('says carte bancaire for a card payment, and the statement links the payment line to it', async () => {
    const o = await makePayingOwner(t.app.db);
    const s = await startSession(o);
    await form(`${s.url}/pay`);
    const [tx] = await transactionsOf(t.app.db, o.owner.id);
    const settled = json(
      await t.app.inject({
        url: `/api/finances/coproprietes/${o.copro.id}/coproprietaires/${o.owner.id}/ledger/settled`,
        headers: o.headers,
      }),
    ).data as { payment_id?: string; payment_method?: string; name: { fr: string } }[];
    expect(settled.find((l) => l.payment_id === tx.id)).toMatchObject({
      payment_method: 'card',
      name: { fr: 'Paiement par carte bancaire' },
    });
    const r = json(await t.app.inject({ url: receiptUrl(o, tx.id), headers: o.headers })).data;
    expect(pdfText((await t.app.inject({ url: r.url })).rawPayload)).toContain('Carte bancaire');
  });

  it("is 404 for another user, for another record's payment and for a payment that does not exist", async () => {
    const o = await makePayingOwner(t.app.db);
    const other = await makePayingOwner(t.app.db);
    const s = await startSession(o);
    await form(`${s.url}/pay`);
    const [tx] = await transactionsOf(t.app.db, o.owner.id);
    const stranger = await makeSignedInUser(t.app.db);
    expect((await t.app.inject({ url: receiptUrl(o, tx.id), headers: stranger.headers })).statusCode).toBe(
      404,
    );
    // The other co-owner, on their own record, naming this payment.
    expect((await t.app.inject({ url: receiptUrl(other, tx.id), headers: other.headers })).statusCode).toBe(
      404,
    );
    const none = await t.app.inject({
      url: receiptUrl(o, '00000000-0000-4000-8000-000000000000'),
      headers: o.headers,
    });
    expect(none.statusCode).toBe(404);
    const bad = await t.app.inject({ url: receiptUrl(o, 'not-a-uuid'), headers: o.headers });
    expect(bad.statusCode).toBe(400);
  });
});
