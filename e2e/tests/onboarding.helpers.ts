import { keepToken } from './sign-in';
import { expect, type Locator, type Page, type TenantOwner } from './tenant.fixture';

/**
 * What the onboarding and settings specs share: a tenant's co-owner signed in, the API reads
 * they check, the switches.
 */

type Record = { id: string; init_settings_done: boolean; coproprietes: { id: string; name: string }[] };

export async function records(page: Page): Promise<Record[]> {
  return page.evaluate(async () => {
    const res = await fetch('/api/coproprietaires/all', {
      headers: { authorization: `Bearer ${localStorage.getItem('TOKEN')}` },
    });
    return (await res.json()).data;
  });
}

export async function apiGet(page: Page, path: string) {
  return page.evaluate(async (p) => {
    const res = await fetch(`/api${p}`, {
      headers: { authorization: `Bearer ${localStorage.getItem('TOKEN')}` },
    });
    return (await res.json()).data;
  }, path);
}

/** Mantine switches hide their input: a user clicks the label. */
export const flip = (page: Page, label: string | RegExp) =>
  page.locator('label').filter({ hasText: label }).first().click();

export const SETTINGS_PUT = (url: URL) =>
  /^\/api\/coproprietaires\/[^/]+\/coproprietaires\/[^/]+\/settings$/.test(url.pathname);

/** The card titled 'Lot {name}'; demo lot names read 'Appartement B21', 'Cave C05'… */
export const lotCard = (page: Page, name: string) =>
  page.getByRole('region', { name: new RegExp(`^Lot .*${name}$`) });

export async function noHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** A co-owner of the tenant signed in with the session the tenant gave (as the SPA keeps it). */
export async function signedIn(page: Page, owner: TenantOwner) {
  await keepToken(page, owner.token);
  await page.goto('/');
  const [rec] = await records(page);
  expect(rec.init_settings_done).toBe(true);
  return rec;
}

/** Whether the element's centre is the element itself (nothing fixed or sticky lies over it). */
export async function uncovered(target: Locator): Promise<boolean> {
  return target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !!hit && (hit === el || el.contains(hit) || hit.contains(el));
  });
}
