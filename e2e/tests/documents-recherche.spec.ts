import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { expect, type Page, test } from './a11y.fixture';
import { tokenFrom } from './identity.helpers';

/** Documents found: 'procès' finds last year's minutes, a year filter, two documents as one ZIP. */

const SHOTS = 'test-results/documents-recherche';
// A loopback address of its own: the login is rate-limited per e-mail and address.
const token = tokenFrom('127.0.0.9', 'claire.martin@example.fr');

async function open(page: Page) {
  const t = await token;
  const all = await page.request.get('/api/coproprietaires/all', {
    headers: { authorization: `Bearer ${t}` },
  });
  const recs = (await all.json()).data as { id: string; coproprietes: { name: string }[] }[];
  const tilleuls = recs.find((r) => r.coproprietes[0].name.includes('Tilleuls'));
  if (!tilleuls) throw new Error('no Tilleuls record');
  await page.goto('/login');
  await page.evaluate((v) => localStorage.setItem('TOKEN', v), t);
  await page.goto(`/${tilleuls.id}/document/recherche`);
  await expect(page.getByRole('heading', { name: 'Rechercher un document', level: 1 })).toBeVisible();
}

const lastYear = new Date().getFullYear() - 1;

for (const size of [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`${size.name}: 'procès' finds last year's PV, filtered by year, two documents zipped`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await open(page);
    const hits = page.getByTestId('search-hit');
    await expect(hits.first()).toBeVisible();

    await page.getByRole('searchbox', { name: 'Rechercher' }).fill('procès');
    await expect(page.getByRole('status')).toHaveText(/^\d+ documents?$/);
    // Last year's minutes, once: the co-owner's copy and the building's are the same file.
    const pv = hits.filter({ hasText: new RegExp(`^Procès-verbal de l'assemblée générale .*/${lastYear}`) });
    await expect(pv).toHaveCount(1);
    // A search result card holds no paragraph inside its button (phrasing content only).
    expect(await page.locator('[data-testid="search-hit"] button p').count()).toBe(0);
    // The word found is marked, in the name and in the words of the PDF around it.
    await expect(pv.first().locator('mark').first()).toHaveText('Procès');
    await page.screenshot({ path: `${SHOTS}/proces-${size.name}.png`, fullPage: true });

    await page.getByRole('textbox', { name: 'Année' }).click();
    await page.getByRole('option', { name: String(lastYear) }).click();
    // Only that year's documents, once the filtered answer is shown.
    await expect(hits.filter({ hasNotText: `/${lastYear}` })).toHaveCount(0);
    await expect(pv).toHaveCount(1);
    const shown = await hits.count();

    // What is shown, as one archive, with its progress.
    await page.getByRole('checkbox', { name: 'Tout sélectionner' }).check();
    const button = page.getByRole('button', { name: `Télécharger la sélection (${shown})` });
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    const file = await download.path();
    const names: string[] = JSON.parse(
      execFileSync('python3', [
        '-c',
        'import json,sys,zipfile; z=zipfile.ZipFile(sys.argv[1]); z.testzip(); print(json.dumps(sorted(z.namelist())))',
        file,
      ]).toString(),
    );
    expect(names).toHaveLength(shown);
    expect(names).toContainEqual(
      expect.stringMatching(
        new RegExp(`^Procès-verbal de l'assemblée générale ordinaire du \\d\\d-\\d\\d-${lastYear}\\.pdf$`),
      ),
    );
    expect(readFileSync(file).subarray(0, 2).toString()).toBe('PK');
    await page.screenshot({ path: `${SHOTS}/zip-${size.name}.png`, fullPage: true });

    // A document found opens in the preview.
    await pv.first().getByRole('button').first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
  });
}

test('a search narrows the selection to what is shown: the count and the archive hold only those', async ({
  page,
}) => {
  await open(page);
  const hits = page.getByTestId('search-hit');
  await expect(hits.first()).toBeVisible();
  await page.getByRole('checkbox', { name: 'Tout sélectionner' }).check();
  const all = await hits.count();
  await expect(page.getByRole('button', { name: `Télécharger la sélection (${all})` })).toBeEnabled();
  await page.getByRole('searchbox', { name: 'Rechercher' }).fill('procès');
  await expect(page.getByRole('status')).toHaveText(/^\d+ documents?$/);
  await expect.poll(() => hits.count()).toBeLessThan(all);
  const shown = await hits.count();
  const button = page.getByRole('button', { name: `Télécharger la sélection (${shown})` });
  await expect(button).toBeEnabled();
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const names: string[] = JSON.parse(
    execFileSync('python3', [
      '-c',
      'import json,sys,zipfile; z=zipfile.ZipFile(sys.argv[1]); print(json.dumps(z.namelist()))',
      await download.path(),
    ]).toString(),
  );
  expect(names).toHaveLength(shown);
  // Clearing the search shows the others again, not selected (at least as many as before: a
  // spec beside this one may publish a document to the demo building meanwhile).
  await page.getByRole('searchbox', { name: 'Rechercher' }).fill('');
  await expect.poll(() => hits.count()).toBeGreaterThanOrEqual(all);
  await expect(page.getByRole('button', { name: `Télécharger la sélection (${shown})` })).toBeVisible();
});

test('the archive refuses a document of another co-owner (404)', async ({ page }) => {
  const t = await token;
  const paul = await tokenFrom('127.0.0.9', 'paul.durand@example.fr');
  const recs = async (tok: string) =>
    (
      await (
        await page.request.get('/api/coproprietaires/all', { headers: { authorization: `Bearer ${tok}` } })
      ).json()
    ).data as { id: string; coproprietes: { name: string }[] }[];
  const claire = (await recs(t)).find((r) => r.coproprietes[0].name.includes('Tilleuls'))!;
  const paulRec = (await recs(paul)).find((r) => r.coproprietes[0].name.includes('Tilleuls'))!;
  const own = await page.request.get(`/api/documents/${paulRec.id}/search?q=appel`, {
    headers: { authorization: `Bearer ${paul}` },
  });
  const paulDoc = (await own.json()).data.results[0].document.id as string;
  const res = await page.request.post(`/api/documents/${claire.id}/zip`, {
    headers: { authorization: `Bearer ${t}` },
    data: { ids: [paulDoc] },
  });
  expect(res.status()).toBe(404);
});
