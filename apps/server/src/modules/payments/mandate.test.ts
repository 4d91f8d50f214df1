import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, outbox, sepaMandates } from '../../db/schema/index.js';
import { makeSignedInUser } from '../../test/factories.js';
import {
  ledgerOf,
  makeLedgerLine,
  makePayingOwner,
  requestsOf,
  transactionsOf,
} from '../../test/factories.payments.js';
import { createTestApp, json, type TestApp } from '../../test/harness.js';
import { runMandateRound } from './mandate.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Owner = Awaited<ReturnType<typeof makePayingOwner>>;
const IBAN = 'FR76 3000 6000 0112 3456 7890 189';
const url = (o: Owner) => `${o.path}/sepa-mandate`;
const sign = (
  o: Owner,
  body: object = { account_holder: 'Paul Durand', iban: IBAN, accept: true },
  headers = o.headers,
) => t.app.inject({ method: 'POST', url: url(o), headers, payload: body });
const read = async (o: Owner) => json(await t.app.inject({ url: url(o), headers: o.headers })).data;

/** A new appel de fonds arriving after the mandate was signed (as the syndic API writes it). */
const newBill = (o: Owner, name = 'Appel de fonds T1 2027', amount = 42_000) =>
  makeLedgerLine(t.app.db, { ...o.base, name, date: '2027-01-01', amount_cents: amount });

describe('a saved SEPA mandate', () => {
  it('is signed with a checked IBAN, shown masked, with its reference, date and notice', async () => {
    const o = await makePayingOwner(t.app.db);
    expect(await read(o)).toEqual({ mandate: null, available: true, provider: 'sandbox' });
    const res = await sign(o);
    expect(res.statusCode, res.body).toBe(200);
    const m = json(res).data;
    expect(m).toMatchObject({
      account_holder: 'Paul Durand',
      iban: 'FR76 •••• 0189',
      notice_days: 5,
      upcoming: [],
    });
    expect(m.reference).toMatch(/^TANTIEME-[A-Z0-9]{6,10}$/);
    expect((await read(o)).mandate).toEqual(m);
    // Only the IBAN's ends are kept.
    const [row] = await t.app.db
      .select()
      .from(sepaMandates)
      .where(eq(sepaMandates.coproprietaire_id, o.owner.id));
    expect(JSON.stringify(row)).not.toContain('3456');
  });

  it('refuses an invalid IBAN, a mandate not accepted, and a syndic without online payments', async () => {
    const o = await makePayingOwner(t.app.db);
    const bad = await sign(o, {
      account_holder: 'Paul Durand',
      iban: 'FR76 3000 6000 0112 3456 7890 188',
      accept: true,
    });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).code).toBe('IBAN_INVALID');
    expect((await sign(o, { account_holder: 'Paul Durand', iban: IBAN, accept: false })).statusCode).toBe(
      400,
    );
    const off = await makePayingOwner(t.app.db, { cardPayments: false });
    expect(await read(off)).toEqual({ mandate: null, available: false, provider: null });
    expect(json(await sign(off)).code).toBe('SEPA_MANDATE_UNAVAILABLE');
  });

  it('is 404 for another user, reading, signing or revoking', async () => {
    const o = await makePayingOwner(t.app.db);
    await sign(o);
    const stranger = await makeSignedInUser(t.app.db);
    expect((await t.app.inject({ url: url(o), headers: stranger.headers })).statusCode).toBe(404);
    expect((await sign(o, undefined, stranger.headers)).statusCode).toBe(404);
    const del = await t.app.inject({ method: 'DELETE', url: url(o), headers: stranger.headers });
    expect(del.statusCode).toBe(404);
    expect((await read(o)).mandate).not.toBeNull();
  });

  it('pays a new appel de fonds: pre-notified 5 days before, submitted on the date, then settled with a receipt notice', async () => {
    const o = await makePayingOwner(t.app.db);
    await sign(o);
    // The lines owed before signing are not taken by the mandate; a new appel de fonds is.
    const bill = await newBill(o);
    const first = await runMandateRound(t.app, '2027-01-02');
    expect(first.announced).toBeGreaterThanOrEqual(1);
    const [req] = (await requestsOf(t.app.db, o.owner.id)).filter((r) => r.mandate_id);
    expect(req).toMatchObject({
      status: 'scheduled',
      collect_on: '2027-01-07',
      pay_amount_cents: 42_000,
      debits: [{ id: bill.id, amount: 42_000 }],
    });
    expect((await read(o)).mandate.upcoming).toEqual([{ amount: 42_000, collect_on: '2027-01-07' }]);

    const notes = await t.app.db
      .select()
      .from(notifications)
      .where(eq(notifications.coproprietaire_id, o.owner.id));
    const pre = notes.find((n) => n.title === 'Prélèvement SEPA prévu le 07/01/2027');
    expect(pre?.type).toBe('PAIEMENT');
    expect(pre?.body).toContain(
      '420,00\u202f€ seront prélevés le 07/01/2027 pour\u202f: Appel de fonds T1 2027',
    );
    expect(pre?.body).toContain('FR76 •••• 0189');
    const mails = await t.app.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.channel, 'email'), eq(outbox.recipient, o.user.email as string)));
    expect(
      mails.filter((m) => m.subject === 'Prélèvement SEPA prévu le 07/01/2027').length,
    ).toBeGreaterThanOrEqual(1);

    // Meanwhile the line is held: not payable by card, shown as a debit to come.
    const data = json(await t.app.inject({ url: `${o.path}/data-for-payment`, headers: o.headers })).data;
    expect(data.debits.map((d: { id: string }) => d.id)).not.toContain(bill.id);
    expect(data.collecting).toMatchObject([{ id: bill.id, collect_on: '2027-01-07' }]);

    // Announced once; never taken before its date.
    expect((await runMandateRound(t.app, '2027-01-06')).submitted).toBe(0);
    expect((await requestsOf(t.app.db, o.owner.id)).filter((r) => r.mandate_id)).toHaveLength(1);
    // On the date: submitted to the bank (processing); the round after, the bank pays.
    await runMandateRound(t.app, '2027-01-07');
    expect((await requestsOf(t.app.db, o.owner.id)).find((r) => r.mandate_id)?.status).toBe('processing');
    await runMandateRound(t.app, '2027-01-07');
    expect((await requestsOf(t.app.db, o.owner.id)).find((r) => r.mandate_id)?.status).toBe('paid');
    const [tx] = await transactionsOf(t.app.db, o.owner.id);
    expect(tx).toMatchObject({ amount_cents: 42_000, payment_method: 'sepa_debit' });
    expect((await ledgerOf(t.app.db, o.owner.id)).find((l) => l.id === bill.id)?.remaining_cents).toBe(0);
  });

  it('revoked from the settings: the debits announced are cancelled and the lines payable again', async () => {
    const o = await makePayingOwner(t.app.db);
    await sign(o);
    const bill = await newBill(o, 'Appel de fonds travaux ravalement', 150_000);
    await runMandateRound(t.app, '2027-02-01');
    const del = await t.app.inject({ method: 'DELETE', url: url(o), headers: o.headers });
    expect(json(del).data).toEqual({ revoked: true });
    expect(await read(o)).toEqual({ mandate: null, available: true, provider: 'sandbox' });
    expect((await requestsOf(t.app.db, o.owner.id)).find((r) => r.mandate_id)?.status).toBe('cancelled');
    const data = json(await t.app.inject({ url: `${o.path}/data-for-payment`, headers: o.headers })).data;
    expect(data.debits.map((d: { id: string }) => d.id)).toContain(bill.id);
    // Nothing is taken on the date any more.
    await runMandateRound(t.app, '2027-02-10');
    expect(await transactionsOf(t.app.db, o.owner.id)).toHaveLength(0);
    const again = await t.app.inject({ method: 'DELETE', url: url(o), headers: o.headers });
    expect(json(again).data).toEqual({ revoked: false });
  });
});
