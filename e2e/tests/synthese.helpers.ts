import { type APIRequestContext, expect, type Page } from './a11y.fixture';

/** What the 'Ma synthèse' specs share: one API sign-in per demo account, and a record by building. */

const PASSWORD = 'Tilleuls2024';

export interface Rec {
  id: string;
  coproprietes: { id: string; name: string }[];
}

/**
 * One API sign-in per e-mail for all the specs a worker runs: the token and the records are
 * cached, and each test puts the token where the SPA reads it.
 */
const sessions = new Map<string, { token: string; records: Rec[] }>();
export async function session(request: APIRequestContext, email: string) {
  const known = sessions.get(email);
  if (known) return known;
  // One sign-in per account keeps well within the login rate limit.
  const res = await request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  expect(res.ok()).toBe(true);
  const token = (await res.json()).data.token as string;
  const all = await request.get('/api/coproprietaires/all', {
    headers: { authorization: `Bearer ${token}` },
  });
  const s = { token, records: (await all.json()).data as Rec[] };
  sessions.set(email, s);
  return s;
}

export async function signIn(page: Page, email: string): Promise<Rec[]> {
  const s = await session(page.request, email);
  await page.goto('/login');
  await page.evaluate((t) => localStorage.setItem('TOKEN', t), s.token);
  return s.records;
}

export const recordOf = (recs: Rec[], copro: string) => {
  const r = recs.find((x) => x.coproprietes[0].name.includes(copro));
  if (!r) throw new Error(`no record in ${copro}`);
  return r;
};
