import { expect, type Page, test } from './a11y.fixture';
import { tokenFrom } from './identity.helpers';

/**
 * Installable, read offline: after a visit, the statement, the documents and the next assembly
 * are drawn from the service worker's cache with the network cut, under « Hors ligne — données du … ».
 */

const SHOTS = 'test-results/offline';
const token = tokenFrom('127.0.0.10', 'claire.martin@example.fr');

async function signIn(page: Page, session?: string) {
  const t = session ?? (await token);
  const all = await page.request.get('/api/coproprietaires/all', {
    headers: { authorization: `Bearer ${t}` },
  });
  const recs = (await all.json()).data as { id: string; coproprietes: { name: string }[] }[];
  const rec = recs.find((r) => r.coproprietes[0].name.includes('Tilleuls'));
  if (!rec) throw new Error('no Tilleuls record');
  await page.goto('/login');
  await page.evaluate((v) => localStorage.setItem('TOKEN', v), t);
  return rec.id;
}

test('the statement, the documents and the next assembly read offline after a visit', async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const id = await signIn(page);
  await page.goto(`/${id}/home`);
  // The worker registers a few seconds after the first screen and the load, then controls the page.
  await page.waitForFunction(() => !!navigator.serviceWorker?.controller, null, { timeout: 20_000 });

  const pages = [
    {
      path: `/${id}/facture-v2`,
      check: page.getByRole('heading', { name: 'Situation de compte', level: 1 }),
    },
    { path: `/${id}/document/fonctionnement`, check: page.getByRole('tab', { name: /^Appels de fonds/ }) },
    { path: `/${id}/assemblee`, check: page.getByRole('heading', { level: 1 }) },
  ];
  const seen: Record<string, string> = {};
  for (const p of pages) {
    await page.goto(p.path);
    await expect(p.check).toBeVisible();
    await page.waitForLoadState('networkidle');
    seen[p.path] = (await page.locator('#main').innerText()).slice(0, 4000);
  }
  // The next assembly's resolutions, from its card.
  await page.goto(`/${id}/assemblee`);
  const next = page.locator(`a[href^="/${id}/assemblee/"]`).first();
  const nextPath = (await next.getAttribute('href')) as string;
  await page.goto(nextPath);
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('heading', { level: 1, name: /Assemblée générale/ })).toBeVisible();
  await expect(page.getByText(/Hors ligne/)).toHaveCount(0);

  await context.setOffline(true);
  for (const p of [...pages.map((x) => x.path), nextPath]) {
    await page.goto(p);
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: /^Hors ligne — données du \d\d\/\d\d\/\d{4} à \d\d h \d\d$/ }),
    ).toBeVisible();
    await page.screenshot({
      path: `${SHOTS}/${p.split('/').slice(2).join('-') || 'page'}.png`,
      fullPage: true,
    });
  }
  await page.goto(pages[1].path);
  await expect(pages[1].check).toBeVisible();
  await page.goto(pages[0].path);
  await expect(pages[0].check).toBeVisible();

  // Back online, a fresh answer takes the banner away.
  await context.setOffline(false);
  await page.goto(pages[1].path);
  await expect(pages[1].check).toBeVisible();
  await expect(page.getByText(/Hors ligne/)).toHaveCount(0);
});

test('signing out forgets what was kept for offline reading', async ({ page }) => {
  // A session of its own: signing out revokes it.
  const t = await tokenFrom('127.0.0.10', 'claire.martin@example.fr');
  const id = await signIn(page, t);
  await page.goto(`/${id}/document/fonctionnement`);
  await page.waitForFunction(() => !!navigator.serviceWorker?.controller, null, { timeout: 20_000 });
  await page.reload();
  await expect(page.getByRole('tab', { name: /^Appels de fonds/ })).toBeVisible();
  await expect.poll(() => page.evaluate(() => caches.has('tantieme-data-v1'))).toBe(true);
  await page.getByRole('button', { name: "Plus d'options" }).click();
  await page.getByRole('menuitem', { name: 'Déconnexion' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(() => page.evaluate(() => caches.has('tantieme-data-v1'))).toBe(false);
});
