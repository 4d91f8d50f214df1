import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSignedInUser } from '../../test/factories.js';
import { call } from '../../test/factories.identity.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const generate = () =>
  call(t, {
    method: 'POST',
    url: '/api/auth-qrcode/generate-code',
    payload: { device_name: 'Chrome sur Linux', position: 'Lyon' },
  });
const sentTo = (id: string, event: string) =>
  t.realtime.sent.filter((s) => s.room === `qr:${id}` && s.event === event).map((s) => s.payload as any);

describe('QR sign-in', () => {
  it('scan → desktop sees the scanner; accept → one-time token → desktop session', async () => {
    const g = await generate();
    expect(g.status).toBe(200);
    const { id, code, qrcode_url, expiration_date } = g.body.data;
    expect(qrcode_url).toMatch(new RegExp(`/qr-login/${code}$`));
    expect(new Date(expiration_date).getTime()).toBeGreaterThan(Date.now() + 60_000);
    const phone = await makeSignedInUser(t.database.db, { first_name: 'Claire', last_name: 'Martin' });
    const scan = await call(t, {
      method: 'POST',
      url: `/api/auth-qrcode/code/${code}/scan`,
      headers: phone.headers,
    });
    expect(scan.body.data).toMatchObject({ device_name: 'Chrome sur Linux', position: 'Lyon' });
    expect(sentTo(id, 'qr-scanned')[0]).toEqual({ avatar: null, fullName: 'Claire Martin' });

    const intruder = await makeSignedInUser(t.database.db);
    const stolen = await call(t, {
      method: 'POST',
      url: `/api/auth-qrcode/code/${code}/accept`,
      headers: intruder.headers,
    });
    expect(stolen.status).toBe(404);

    const acc = await call(t, {
      method: 'POST',
      url: `/api/auth-qrcode/code/${code}/accept`,
      headers: phone.headers,
    });
    expect(acc.status).toBe(200);
    const { token } = sentTo(id, 'qr-accepted')[0];
    expect(token).toMatch(/^[\w-]{40,}$/);

    const forged = await call(t, {
      method: 'POST',
      url: '/api/auth/qrcode/login',
      payload: { id, token: `${token}x` },
    });
    expect(forged.body.code).toBe('CODE_INVALID');
    const login = await call(t, { method: 'POST', url: '/api/auth/qrcode/login', payload: { id, token } });
    expect(login.status).toBe(200);
    expect(login.body.data.user.id).toBe(phone.user.id);
    expect(login.body.data.token).not.toBe(phone.token);
    const replay = await call(t, { method: 'POST', url: '/api/auth/qrcode/login', payload: { id, token } });
    expect(replay.status).toBe(400);
  });

  it('needs a signed-in phone to scan; a deleted or expired code cannot be scanned', async () => {
    const g = await generate();
    const { id, code } = g.body.data;
    expect((await call(t, { method: 'POST', url: `/api/auth-qrcode/code/${code}/scan` })).status).toBe(401);
    const del = await call(t, { method: 'DELETE', url: `/api/auth-qrcode/${id}` });
    expect(del.status).toBe(200);
    const phone = await makeSignedInUser(t.database.db);
    const gone = await call(t, {
      method: 'POST',
      url: `/api/auth-qrcode/code/${code}/scan`,
      headers: phone.headers,
    });
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe('Ce QR code a expiré. Veuillez en générer un nouveau.');
  });

  it('reject tells the desktop and gives no token', async () => {
    const g = await generate();
    const { id, code } = g.body.data;
    const phone = await makeSignedInUser(t.database.db);
    await call(t, { method: 'POST', url: `/api/auth-qrcode/code/${code}/scan`, headers: phone.headers });
    await call(t, { method: 'POST', url: `/api/auth-qrcode/code/${code}/reject`, headers: phone.headers });
    expect(sentTo(id, 'qr-rejected')).toHaveLength(1);
    expect(sentTo(id, 'qr-accepted')).toHaveLength(0);
    const acc = await call(t, {
      method: 'POST',
      url: `/api/auth-qrcode/code/${code}/accept`,
      headers: phone.headers,
    });
    expect(acc.status).toBe(404);
  });
});
