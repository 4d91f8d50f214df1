import { type APIRequestContext, expect, type Page } from '@playwright/test';

/**
 * Signing in, for every spec: a demo account (the seed's, password `DEMO_PASSWORD`) or a tenant's
 * co-owner (tenant.fixture.ts, whose owners come with a session token). The SPA keeps its session
 * in localStorage under `TOKEN`.
 */

export const DEMO_PASSWORD = 'Tilleuls2024';

/** A co-owner record as `GET /api/coproprietaires/all` lists it. */
export interface Rec {
  id: string;
  coproprietes: { id: string; name: string; syndic_id: string }[];
}

export interface Session {
  token: string;
  records: Rec[];
}

async function records(request: APIRequestContext, token: string): Promise<Rec[]> {
  const all = await request.get('/api/coproprietaires/all', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(all.ok()).toBe(true);
  return (await all.json()).data as Rec[];
}

/**
 * One API sign-in per demo account for all the tests a worker runs (sign-in is rate-limited per
 * e-mail and address): the token and the account's records. A spec that signs out or revokes
 * its session asks for a `fresh` one, which is not shared.
 */
const sessions = new Map<string, Promise<Session>>();
export function demoSession(
  request: APIRequestContext,
  email: string,
  opts: { fresh?: boolean } = {},
): Promise<Session> {
  const known = opts.fresh ? undefined : sessions.get(email);
  if (known) return known;
  const made = (async () => {
    const res = await request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
    expect(res.ok(), `sign-in of ${email}: ${res.status()}`).toBe(true);
    const token = (await res.json()).data.token as string;
    return { token, records: await records(request, token) };
  })();
  if (!opts.fresh) {
    sessions.set(email, made);
    made.catch(() => sessions.delete(email));
  }
  return made;
}

/** The record whose building's name contains `building`. */
export function recordOf(recs: Rec[], building: string): Rec {
  const r = recs.find((x) => x.coproprietes[0].name.includes(building));
  if (!r) throw new Error(`no record in ${building}`);
  return r;
}

/** Puts a session token where the SPA reads it (the page is left on /login, signed in). */
export async function useToken(page: Page, token: string) {
  await page.goto('/login');
  await page.evaluate((t) => localStorage.setItem('TOKEN', t), token);
}

/** A session token put where the SPA reads it before each page load of the test (a tenant's owner). */
export async function keepToken(page: Page, token: string) {
  await page.addInitScript((t) => localStorage.setItem('TOKEN', t), token);
}

/**
 * A demo user signed in in the browser; answers their records. Pass `building` to have the
 * record there instead (`signIn(page, email, 'Tilleuls')`).
 */
export async function signIn(page: Page, email: string): Promise<Rec[]>;
export async function signIn(page: Page, email: string, building: string): Promise<Rec>;
export async function signIn(page: Page, email: string, building?: string): Promise<Rec[] | Rec> {
  const s = await demoSession(page.request, email);
  await useToken(page, s.token);
  return building ? recordOf(s.records, building) : s.records;
}

/** Signs in through the login form, as a person does, and waits to leave /login. */
export async function signInByForm(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}
