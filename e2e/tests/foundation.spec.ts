import { expect, test } from './a11y.fixture';

test('the login page renders in French', async ({ page }) => {
  await page.goto('/login');
  await expect(page).toHaveTitle(/Tantième/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  await expect(page.getByLabel('E-mail')).toBeVisible();
});

test('a protected route without a session goes to /login, keeping the syndic alias', async ({ page }) => {
  await page.goto('/s/lefevre');
  await expect(page).toHaveURL(/\/s\/lefevre\/login$/);
  await page.goto('/user-info');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fuser-info$/);
});

test('an empty login form shows the French required-field messages', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByText('Ce champ est requis.').first()).toBeVisible();
});

test('unknown API paths answer the JSON envelope; unknown pages are served by the SPA', async ({
  request,
  page,
}) => {
  const res = await request.get('/api/nope');
  expect(res.status()).toBe(404);
  expect(await res.json()).toMatchObject({ success: false, code: 'ROUTE_NOT_FOUND' });
  const html = await request.get('/une/page/inconnue');
  expect(html.headers()['content-type']).toContain('text/html');
  // Without a session the guard sends the visitor to sign in first.
  await page.goto('/une/page/inconnue');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fune%2Fpage%2Finconnue$/);
});
