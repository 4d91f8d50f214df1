import { type APIRequestContext, checkA11y, expect, type Page, test } from './a11y.fixture';

/**
 * The register of the demo's closed assembly, checked by claire's own browser: the chain recomputed
 * with WebCrypto, the server's Ed25519 signature verified, every resolution recounted with the
 * contract's tally; then a tampered register and a truncated one, each named.
 */

interface Rec {
  id: string;
  coproprietes: { id: string; name: string }[];
}

let cached: { token: string; tilleuls: Rec } | null = null;
async function session(request: APIRequestContext) {
  if (cached) return cached;
  const res = await request.post('/api/auth/login', {
    data: { email: 'claire.martin@example.fr', password: 'Tilleuls2024' },
  });
  expect(res.ok()).toBe(true);
  const token = (await res.json()).data.token as string;
  const all = await request.get('/api/coproprietaires/all', {
    headers: { authorization: `Bearer ${token}` },
  });
  const tilleuls = ((await all.json()).data as Rec[]).find((r) =>
    r.coproprietes[0].name.includes('Les Tilleuls'),
  );
  if (!tilleuls) throw new Error('claire has no record in Les Tilleuls');
  cached = { token, tilleuls };
  return cached;
}

/** Signs in and opens the closed assembly's 'Registre' tab. */
async function openRegister(page: Page) {
  const s = await session(page.request);
  await page.goto('/login');
  await page.evaluate((t) => localStorage.setItem('TOKEN', t), s.token);
  await page.goto(`/${s.tilleuls.id}/assemblee`);
  await page.getByRole('link', { name: 'Assemblée générale ordinaire annuelle' }).click();
  await page.getByRole('tab', { name: 'Registre' }).click();
  await expect(page.getByRole('heading', { name: 'Vérifier le registre', level: 2 })).toBeVisible();
}

const status = (page: Page) => page.getByRole('status').filter({ hasText: 'Registre' });
/**
 * The verdict, once the browser has fetched the register, recomputed every digest and recounted:
 * the button shows its loader meanwhile. On a loaded CI machine the server may be sealing a PDF
 * for another spec, so the register can take more than the default 10 s to arrive.
 */
const VERDICT = { timeout: 30_000 };
const isRegister = (url: URL) => url.pathname.endsWith('/register');

test.describe.configure({ mode: 'serial' });

test("claire's browser checks the closed assembly's register and recounts its resolutions", async ({
  page,
}) => {
  await openRegister(page);
  await page.getByRole('button', { name: 'Vérifier le registre' }).click();
  await expect(status(page)).toContainText(
    /Registre intègre\u202f: \d+ enregistrements, signature du serveur valide\./,
    VERDICT,
  );
  await expect(
    page.getByRole('heading', { name: 'Résultats recalculés par votre navigateur' }),
  ).toBeVisible();
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows.filter({ hasText: /adoptée|rejetée|sans vote/ }).first()).toBeVisible();
  await expect(
    page.getByText(/Clé publique du serveur \(Ed25519\), empreinte SHA-256\u202f: [0-9a-f]{64}/),
  ).toBeVisible();
  await checkA11y(page);
  // The export is the file the offline verifier reads.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exporter le registre (JSON)' }).click();
  expect((await download).suggestedFilename()).toMatch(/^registre-.*\.json$/);
});

test('on a phone the result is in view, said once in French, and the signed head is copyable', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize({ width: 390, height: 844 });
  await openRegister(page);
  await page.getByRole('button', { name: 'Vérifier le registre' }).click();
  await expect(status(page)).toContainText('Registre intègre', VERDICT);
  const table = page.getByRole('table');
  const adopted = table
    .getByRole('row')
    .filter({ hasText: /adoptée/ })
    .first();
  const result = adopted.getByRole('cell').nth(1);
  await result.scrollIntoViewIfNeeded();
  const box = await result.boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(390);
  await expect(result).toContainText(
    /^adoptée(?: \(art\. [\d-]+\))?\d[\d\u00a0]* voix pour, [\d\u00a0]+ contre, [\d\u00a0]+ en abstention, sur \d{1,3}(\u00a0\d{3})* voix$/,
  );
  await expect(table).not.toContainText('voix sur');
  // The article is in the resolution's cell; the result names only a passerelle that decided.
  await expect(table.getByRole('cell').filter({ hasText: /^(adoptée|rejetée) \(art\. 24\)/ })).toHaveCount(0);
  await expect(page.getByText('npm run')).toHaveCount(0);
  await expect(
    page.getByRole('heading', { name: /Comment vérifier ce registre sans nous faire confiance/ }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Copier la tête signée' }).click();
  await expect(page.getByRole('button', { name: 'Tête signée copiée' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^TH1\.[A-Za-z0-9_-]{300,}$/);
  await checkA11y(page);
});

test('a register whose record was changed fails, naming the record', async ({ page }) => {
  await page.route(isRegister, async (route) => {
    const res = await route.fetch();
    const body = await res.json();
    // The second record's time moved back, as an operator backdating an entry would.
    body.data.records[1].payload.created_at = '2000-01-01T00:00:00.000Z';
    await route.fulfill({ response: res, json: body });
  });
  await openRegister(page);
  await page.getByRole('button', { name: 'Vérifier le registre' }).click();
  await expect(status(page)).toContainText('Registre non conforme', VERDICT);
  await expect(status(page)).toContainText(
    "L'enregistrement n° 2 est rompu\u202f: son contenu ne correspond plus à son empreinte.",
  );
});

test('a truncated register contradicts the signed head claire holds', async ({ page }) => {
  const s = await session(page.request);
  // The head claire holds: signed by the server over the whole register, as her notification carries it.
  const ags = await page.request.get(
    `/api/assemblee/coproprietes/${s.tilleuls.coproprietes[0].id}/coproprietaire/${s.tilleuls.id}/get-list-ag-available`,
    { headers: { authorization: `Bearer ${s.token}` } },
  );
  const past = ((await ags.json()).data as { id: string; name: string }[]).find(
    (a) => a.name === 'Assemblée générale ordinaire annuelle',
  );
  const reg = await page.request.get(
    `/api/assemblee/${past?.id}/coproprietes/${s.tilleuls.coproprietes[0].id}/coproprietaire/${s.tilleuls.id}/register`,
    { headers: { authorization: `Bearer ${s.token}` } },
  );
  const head = (await reg.json()).data.head;
  const token = `TH1.${Buffer.from(JSON.stringify(head)).toString('base64url')}`;
  // The server then serves the register without its last record.
  await page.route(isRegister, async (route) => {
    const res = await route.fetch();
    const body = await res.json();
    body.data.records.pop();
    body.data.heads = [];
    body.data.head = { ...body.data.head, count: body.data.records.length };
    await route.fulfill({ response: res, json: body });
  });
  await openRegister(page);
  await page.getByLabel('Tête signée que vous détenez (facultatif)').fill(`Message reçu : ${token}`);
  await page.getByRole('button', { name: 'Vérifier le registre' }).click();
  await expect(status(page)).toContainText('Registre non conforme', VERDICT);
  await expect(status(page)).toContainText(
    `La tête signée que vous détenez couvre ${head.count} enregistrements\u202f; le registre n'en a plus que ${head.count - 1}`,
  );
});
