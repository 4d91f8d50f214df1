import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './sign-in';

export { DEMO_PASSWORD };

export const freshEmail = () => `e2e.${randomBytes(4).toString('hex')}@example.fr`;
/** A French mobile nobody has: 07 + 8 random digits. */
export const freshMobile = () => `07${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
export const e164 = (national: string) => `+33${national.replace(/\s/g, '').slice(1)}`;

/** The newest code sent to a recipient, read from the dev outbox (waits for it). */
export async function outboxCode(request: APIRequestContext, recipient: string, after?: string) {
  let code: string | null = null;
  await expect
    .poll(
      async () => {
        const res = await request.get('/dev/outbox', { headers: { accept: 'application/json' } });
        const rows = (await res.json()).data as { recipient: string; code: string | null; id: string }[];
        const row = rows.find((r) => r.recipient === recipient && r.code && r.id !== after);
        code = row?.code ?? null;
        return code;
      },
      { timeout: 10_000 },
    )
    .not.toBeNull();
  return code as unknown as string;
}

/** Types a 6-digit code in the CodeInput. */
export async function typeCode(page: Page, code: string, label = 'Code de vérification') {
  await page.getByLabel(`${label}, chiffre 1`).click();
  await page.keyboard.type(code);
}

/** A new account with e-mail only (no phone), made through the API. */
export async function registerByApi(request: APIRequestContext, password = 'Nouveau123') {
  const email = freshEmail();
  await request.post('/api/accounts/send-verify-email-code', { data: { email } });
  const code = await outboxCode(request, email);
  const v = await request.post('/api/accounts/verify-email-code', { data: { email, code } });
  const id = (await v.json()).data.id;
  const r = await request.post('/api/accounts/register', {
    data: { id, email, password, first_name: 'Test', last_name: 'E2E' },
  });
  expect(r.status()).toBe(200);
  return { email, password, token: (await r.json()).data.token as string };
}

export async function loginByEmail(page: Page, email: string, password: string, path = '/login') {
  await page.goto(path);
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

/** Fails when the page is wider than the viewport (phone layout). */
export async function expectNoHorizontalScroll(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(width);
}

/**
 * POST /api/auth/login sent from a loopback address of the caller's own (another device, another
 * network): sign-in is rate-limited per e-mail and address, and earlier specs use up 127.0.0.1's.
 */
export function loginFrom(
  localAddress: string,
  email: string,
  password: string,
): Promise<{ status: number; code?: string; token?: string; raw: string }> {
  const body = JSON.stringify({ email, password });
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: Number(process.env.E2E_PORT),
        localAddress,
        path: '/api/auth/login',
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        let raw = '';
        res.on('data', (c) => {
          raw += c;
        });
        res.on('end', () => {
          const json = JSON.parse(raw);
          resolve({ status: res.statusCode ?? 0, code: json.code, token: json.data?.token, raw });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** A session token signed in from a loopback address of its own (see `loginFrom`). */
export async function tokenFrom(
  localAddress: string,
  email: string,
  password = DEMO_PASSWORD,
): Promise<string> {
  const r = await loginFrom(localAddress, email, password);
  if (r.status !== 200 || !r.token) throw new Error(`login ${r.status}: ${r.raw}`);
  return r.token;
}
