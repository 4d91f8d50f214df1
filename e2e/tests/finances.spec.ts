import { expect, type Page, type APIRequestContext, test } from './a11y.fixture';
import { formatCents } from '@tantieme/contract';
import { demoSession, signInByForm } from './sign-in';

const apiToken = async (request: APIRequestContext, email: string) =>
  (await demoSession(request, email)).token;

/** Claire's Les Tilleuls record, and what the API says her account holds. */
async function tilleuls(request: APIRequestContext, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const all = (await (await request.get('/api/coproprietaires/all', { headers })).json()).data as {
    id: string;
    coproprietes: { id: string; name: string }[];
  }[];
  const rec = all.find((r) => r.coproprietes[0].name.includes('Tilleuls'));
  if (!rec) throw new Error('no Les Tilleuls record for this user');
  const base = `/api/finances/coproprietes/${rec.coproprietes[0].id}/coproprietaires/${rec.id}`;
  const ledger = (await (await request.get(`${base}/ledger`, { headers })).json()).data;
  const settled = (await (await request.get(`${base}/ledger/settled`, { headers })).json()).data;
  return { id: rec.id, coproId: rec.coproprietes[0].id, base, ledger, settled };
}

const signIn = (page: Page, email: string) => signInByForm(page, email);

test.describe('Situation de compte as claire', () => {
  test('statement, totals, show-all switch and bill details with charts', async ({ page, request }) => {
    const token = await apiToken(request, 'claire.martin@example.fr');
    const acc = await tilleuls(request, token);
    // Demo data: the last two quarters are unpaid (a call and a fonds de travaux call each).
    expect(acc.ledger.solde).toBeGreaterThan(0);
    expect(acc.ledger.lines.length).toBe(4);

    await signIn(page, 'claire.martin@example.fr');
    await page.goto(`/${acc.id}/facture-v2`);
    await expect(page.getByRole('heading', { name: 'Situation de compte' })).toBeVisible();
    const balance = page.getByTestId('balance');
    await expect(balance).toContainText('Solde débiteur de');
    await expect(balance).toHaveAttribute('data-balance-color', 'yellow');
    await expect(page.getByTestId('balance-amount')).toHaveText(formatCents(acc.ledger.solde));

    const table = page.getByTestId('statement-table');
    await expect(table.locator('tbody tr')).toHaveCount(4);
    await expect(table.getByText('Appel de fonds – 4e trimestre 2026')).toBeVisible();
    const totals = page.getByTestId('statement-totals');
    await expect(totals).toContainText('Totaux');
    await expect(totals.locator('th').last()).toHaveText(formatCents(acc.ledger.solde));

    // 'Voir les lignes soldées': the settled lines join, sorted by date; the balance stays.
    await page.getByText('Voir les lignes soldées').click();
    await expect(table.locator('tbody tr')).toHaveCount(4 + acc.settled.length);
    await expect(table.locator('tbody tr').first()).toContainText('01/01/2025');
    await expect(table.getByText('Règlement par virement').first()).toBeVisible();
    await expect(totals.locator('th').last()).toHaveText(formatCents(acc.ledger.solde));
    const dates = await table.locator('tbody tr td:first-child').allTextContents();
    const iso = dates.map((d) => d.split('/').reverse().join('-'));
    expect(iso).toEqual([...iso].sort());

    // Bill details: breakdown per lot, repartition and charge, drawn as doughnuts.
    await table.getByRole('button', { name: 'Appel de fonds – 3e trimestre 2026' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText("Détails de l'appel\u202f: Appel de fonds – 3e trimestre 2026");
    await expect(dialog.getByText('Répartition par lot')).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Lot Appartement A12' })).toBeVisible();
    await expect(dialog.getByText('Charges générales').first()).toBeVisible();
    // The charts load lazily (chart.js is its own chunk): wait for them to be drawn.
    await expect.poll(() => dialog.locator('canvas').count()).toBeGreaterThanOrEqual(4);
    await expect(
      dialog.getByRole('img', { name: /^Répartition par lot\s: Lot Appartement A12/ }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Fermer' }).click();
    await expect(dialog).toBeHidden();
  });

  test('older view: tabs, paged transactions with Montre plus ..., transaction details', async ({
    page,
    request,
  }) => {
    const token = await apiToken(request, 'claire.martin@example.fr');
    const acc = await tilleuls(request, token);
    // Pages of 2 instead of 30, so that the demo's few transactions span several pages of the real server.
    await page.route('**/api/finances/coproprietaires/*/payment-transactions*', (route) => {
      const url = new URL(route.request().url());
      expect(url.searchParams.get('page_size')).toBe('30');
      url.searchParams.set('page_size', '2');
      return route.continue({ url: url.toString() });
    });
    await signIn(page, 'claire.martin@example.fr');
    await page.goto(`/${acc.id}/facture`);
    await expect(page.getByRole('tab', { name: 'Réglées', exact: true })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Non réglées' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('bills-unpaid').locator('tbody tr')).toHaveCount(4);

    await page.getByRole('tab', { name: 'Réglées', exact: true }).click();
    const paid = page.getByTestId('bills-paid');
    await expect(paid.getByText('Appel de fonds – 1er trimestre 2025')).toBeVisible();
    await paid.getByRole('button', { name: 'Détails\u202f: Appel de fonds – 1er trimestre 2025' }).click();
    await expect(page.getByRole('dialog')).toContainText('Répartition par lot');
    await page.getByRole('button', { name: 'Fermer' }).click();

    await page.getByRole('tab', { name: 'Transactions' }).click();
    const rows = page.getByTestId('transactions').locator('tbody tr');
    await expect(rows).toHaveCount(2);
    await page.getByRole('button', { name: 'Montre plus ...' }).click();
    await expect(rows).toHaveCount(4);
    await expect(page.getByRole('button', { name: 'Montre plus ...' })).toBeHidden();
    await expect(rows.first()).toContainText('Réussi');
    await expect(page.getByTestId('transactions')).toContainText('Chèque');
    await expect(page.getByTestId('transactions')).toContainText('CB');
    await expect(page.getByTestId('transactions')).toContainText('En espèces');

    await rows
      .first()
      .getByRole('button', { name: /^Détails/ })
      .click();
    const details = page.getByTestId('transaction-details');
    await expect(page.getByRole('dialog')).toContainText('Détails de la transaction');
    await expect(details).toContainText('Ravalement de façade');
    await expect(details).toContainText('Chèque');
    await expect(details).toContainText('Réussi');
  });

  test('phone: cards instead of the table', async ({ page, request }) => {
    const token = await apiToken(request, 'claire.martin@example.fr');
    const acc = await tilleuls(request, token);
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'claire.martin@example.fr');
    await page.goto(`/${acc.id}/facture-v2`);
    const cards = page.getByTestId('statement-cards');
    await expect(cards.locator('article')).toHaveCount(4);
    await expect(page.getByTestId('statement-table')).toBeHidden();
    await expect(page.getByTestId('statement-totals-card')).toContainText(formatCents(acc.ledger.solde));
    await page.screenshot({ path: test.info().outputPath('statement-phone.png'), fullPage: true });
    await page.goto(`/${acc.id}/facture`);
    await page.getByRole('tab', { name: 'Transactions' }).click();
    await expect(page.getByTestId('transactions-cards').getByRole('button')).toHaveCount(4);
    await page.screenshot({ path: test.info().outputPath('transactions-phone.png'), fullPage: true });
  });
});

test('paul: his own transactions only (his SEPA payment), and claire’s account answers 404 to him', async ({
  page,
  request,
}) => {
  const claire = await tilleuls(request, await apiToken(request, 'claire.martin@example.fr'));
  const paulToken = await apiToken(request, 'paul.durand@example.fr');
  const res = await request.get(`${claire.base}/ledger`, {
    headers: { authorization: `Bearer ${paulToken}` },
  });
  expect(res.status()).toBe(404);
  const paul = await tilleuls(request, paulToken);
  await signIn(page, 'paul.durand@example.fr');
  await page.goto(`/${paul.id}/facture`);
  const own = await request.get(`/api/finances/coproprietaires/${paul.id}/payment-transactions`, {
    headers: { authorization: `Bearer ${paulToken}` },
  });
  expect((await own.json()).data.data.length).toBeGreaterThan(0);
  await page.getByRole('tab', { name: 'Transactions' }).click();
  await expect(page.getByRole('tabpanel')).toContainText('€');
  await expect(page.getByText("Il n'y a pas de transaction")).toHaveCount(0);
});
