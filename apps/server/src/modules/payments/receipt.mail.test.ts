import { buildPath, notificationPreferenceEndpoints as prefs } from '@tantieme/contract';
import { and, eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../db/schema/index.js';
import { deliverPending } from '../../outbox/worker.js';
import { makePayingOwner, transactionsOf } from '../../test/factories.payments.js';
import { createTestApp, json, type TestApp } from '../../test/harness.js';
import { pdfText } from '../../test/pdf-text.js';

/**
 * The receipt of a payment leaves by e-mail as a PDF attachment, to the co-owner who paid, whatever
 * their notification settings (decision 150): recorded in the outbox by the local default (and shown
 * by /dev/outbox), sent multipart over SMTP to a local SMTP server.
 */
let t: TestApp;
let smtp: SMTPServer;
const received: { to: string; data: string }[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, cb) {
      let data = '';
      stream.on('data', (c) => {
        data += c.toString();
      });
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), data });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  const port = (smtp.server.address() as { port: number }).port;
  t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((r) => smtp.close(() => r()));
});

type Owner = Awaited<ReturnType<typeof makePayingOwner>>;

/** Pays both open lines by card in the sandbox checkout. */
async function payByCard(o: Owner) {
  const res = await t.app.inject({
    method: 'POST',
    url: `${o.path}/generate-session-payment-request-by-stripe`,
    headers: o.headers,
    payload: {
      debits: [
        { id: o.q3.id, amount: 41_250 },
        { id: o.q4.id, amount: 39_875 },
      ],
      credits: [],
      pay_amount: 81_125,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const pay = await t.app.inject({
    method: 'POST',
    url: `${json(res).data.url}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  expect(pay.statusCode, pay.body).toBe(303);
  const [tx] = await transactionsOf(t.app.db, o.owner.id);
  return tx;
}

const mailsTo = (email: string) =>
  t.app.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.channel, 'email'), eq(outbox.recipient, email)));

describe('the receipt e-mail', () => {
  it('goes to the payer with the PDF attached, once, and /dev/outbox shows the attachment', async () => {
    const o = await makePayingOwner(t.app.db);
    const tx = await payByCard(o);
    const reference = `REC-${tx.id.slice(0, 8).toUpperCase()}`;
    const mails = await mailsTo(o.user.email as string);
    // The receipt e-mail stands for the notification's e-mail: the payer is not e-mailed twice.
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.subject).toBe('Reçu de votre paiement de 811,25\u202f€');
    expect(mail.body).toContain(reference);
    expect(mail.body).toContain('carte bancaire');
    expect(mail.meta).toMatchObject({
      kind: 'payment-receipt',
      payment_id: tx.id,
      attachments: [{ filename: `Reçu ${reference}.pdf`, content_type: 'application/pdf' }],
    });

    const list = json(await t.app.inject({ url: '/dev/outbox', headers: { accept: 'application/json' } }))
      .data as { id: string; attachments: { filename: string; url: string }[] }[];
    const shown = list.find((m) => m.id === mail.id);
    expect(shown?.attachments).toEqual([
      {
        filename: `Reçu ${reference}.pdf`,
        content_type: 'application/pdf',
        url: `/dev/outbox/${mail.id}/attachments/0`,
      },
    ]);
    const html = (await t.app.inject({ url: '/dev/outbox' })).body;
    expect(html).toContain(`href="/dev/outbox/${mail.id}/attachments/0"`);
    const pdf = await t.app.inject({ url: `/dev/outbox/${mail.id}/attachments/0` });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Reçu de paiement');
    expect(text).toContain('811,25 €');
    expect(text).toContain('Carte bancaire');
    expect((await t.app.inject({ url: `/dev/outbox/${mail.id}/attachments/1` })).statusCode).toBe(404);
  });

  it('is sent even when the payer turned payments × e-mail off (their own act, not news)', async () => {
    const o = await makePayingOwner(t.app.db);
    const off = await t.app.inject({
      method: 'PUT',
      url: `/api${buildPath(prefs.put.path, { coproprieteId: o.copro.id, coproprietaireId: o.owner.id })}`,
      headers: o.headers,
      payload: { changes: [{ kind: 'paiements', channel: 'email', enabled: false }] },
    });
    expect(off.statusCode, off.body).toBe(200);
    const tx = await payByCard(o);
    const mails = await mailsTo(o.user.email as string);
    expect(mails.map((m) => (m.meta as { kind?: string }).kind)).toEqual(['payment-receipt']);
    expect((mails[0].meta as { payment_id: string }).payment_id).toBe(tx.id);
  });

  it('leaves over SMTP as multipart/mixed with the PDF part', async () => {
    const o = await makePayingOwner(t.app.db);
    const tx = await payByCard(o);
    const reference = `REC-${tx.id.slice(0, 8).toUpperCase()}`;
    await deliverPending(t.database.db, t.app.platform.mail, t.app.platform.sms, undefined, {
      storage: t.app.platform.storage,
    });
    const mail = received.find((m) => m.to === o.user.email);
    expect(mail).toBeDefined();
    const raw = mail!.data;
    expect(raw).toMatch(/Content-Type: multipart\/mixed; boundary=/);
    expect(raw).toMatch(/Content-Type: text\/plain; charset=utf-8/);
    expect(raw).toMatch(/Content-Type: application\/pdf;\s+name=/);
    expect(raw).toContain(`filename*0*=utf-8''Re%C3%A7u%20${reference}.pdf`);
    // The attached file is the receipt itself.
    const part = raw.split(/Content-Type: application\/pdf/)[1];
    const b64 = part
      .split(/\r?\n\r?\n/)[1]
      .split(/\r?\n--/)[0]
      .replace(/\s+/g, '');
    const pdf = Buffer.from(b64, 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfText(pdf)).toContain(reference);
    const [row] = await mailsTo(o.user.email as string);
    expect(row.status).toBe('sent');
  });
});
