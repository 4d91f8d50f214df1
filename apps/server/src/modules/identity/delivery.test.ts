import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '../../app.js';
import { deliverPending } from '../../outbox/worker.js';
import { call, freshEmail } from '../../test/factories.identity.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

/** E-mail codes go out over SMTP (nodemailer) when SMTP_URL is set: a local SMTP server receives them. */
let t: TestApp;
let server: SMTPServer;
const received: { to: string; data: string }[] = [];

beforeAll(async () => {
  server = new SMTPServer({
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
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as { port: number }).port;
  t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((r) => server.close(() => r()));
});

describe('code delivery', () => {
  it('sends the register e-mail code through SMTP', async () => {
    expect(t.app.platform.mail.kind).toBe('smtp');
    const email = freshEmail();
    const res = await call(t, {
      method: 'POST',
      url: '/api/accounts/send-verify-email-code',
      payload: { email, full_name: 'Léa Garnier' },
    });
    expect(res.status).toBe(200);
    const n = await deliverPending(t.database.db, t.app.platform.mail, t.app.platform.sms);
    expect(n).toBeGreaterThan(0);
    const mail = received.find((m) => m.to === email);
    expect(mail).toBeDefined();
    expect(mail!.data).toMatch(/Subject: .*Tant/);
    expect(mail!.data).toMatch(/\d{6}/);
  });

  it('hands SMS codes to the SMS adapter', async () => {
    const sms: { to: string; text: string }[] = [];
    const t2 = await createTestApp({
      platform: { sms: { kind: 'http', send: async (to, text) => void sms.push({ to, text }) } },
    });
    try {
      const { makeUser } = await import('../../test/factories.js');
      const { captcha } = await import('../../test/factories.identity.js');
      const u = await makeUser(t2.database.db);
      const res = await call(t2, {
        method: 'POST',
        url: '/api/auth/phone/send-code',
        payload: { phone: u.phone, captcha: await captcha(t2) },
      });
      expect(res.status).toBe(200);
      await deliverPending(t2.database.db, t2.app.platform.mail, t2.app.platform.sms);
      expect(sms).toHaveLength(1);
      expect(sms[0].to).toBe(u.phone);
      expect(sms[0].text).toMatch(/Tantième : votre code est \d{6}\./);
    } finally {
      await t2.close();
    }
  });
});

describe('logs', () => {
  it('mask identifiers and codes in identity paths and every query string', () => {
    expect(redactUrl('/api/accounts/a@b.fr/check-account-exists')).toBe(
      '/api/accounts/[redacted]/check-account-exists',
    );
    expect(redactUrl('/api/accounts/123456/check-forgot-password?email=a@b.fr')).toBe(
      '/api/accounts/[redacted]/check-forgot-password?[redacted]',
    );
    expect(redactUrl('/api/extranets/get-info-token-invitation/INVIT2026A')).toBe(
      '/api/extranets/get-info-token-invitation/[redacted]',
    );
    expect(redactUrl('/api/health')).toBe('/api/health');
  });
});
