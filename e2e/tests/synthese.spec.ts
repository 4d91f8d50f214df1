import { expect, test } from './a11y.fixture';
import { demoSession, type Rec, recordOf, signIn } from './sign-in';

/**
 * 'Ma synthèse' (SPEC §2.4) on the demo data: what it shows, to whom, and in the syndic's
 * preview.
 */

test.describe('as claire', () => {
  let tilleuls: Rec;
  let closFleuri: Rec;

  test.beforeEach(async ({ page }) => {
    const recs = await signIn(page, 'claire.martin@example.fr');
    tilleuls = recordOf(recs, 'Les Tilleuls');
    closFleuri = recordOf(recs, 'Clos Fleuri');
  });

  test('Les Tilleuls: syndic, gestionnaire, verification shortcut, lots and year tabs', async ({ page }) => {
    await page.goto(`/${tilleuls.id}/home`);
    await expect(page.getByRole('heading', { name: 'Ma synthèse', level: 1 })).toBeVisible();

    const syndic = page.getByRole('region', { name: 'Mon Syndic' });
    await expect(syndic.getByTestId('syndic-name')).toHaveText('Cabinet Lefèvre Immobilier');
    await expect(syndic.getByText('69002 Lyon')).toBeVisible();
    await expect(syndic.getByRole('img', { name: /Logo de Cabinet Lefèvre/ })).toBeVisible();

    const admins = page.getByRole('region', { name: 'Gestionnaire copropriété' });
    await expect(admins.getByText('Sophie Garnier')).toBeVisible();
    await expect(admins.getByRole('link', { name: /^Mobile\s: / }).first()).toHaveAttribute('href', /^tel:/);

    // Claire is on the council and the syndic has submitted the accounts.
    const verif = page.getByRole('region', { name: 'Vérification des comptes' });
    await expect(verif.getByRole('link', { name: 'Vérifier les comptes' })).toHaveAttribute(
      'href',
      `/${tilleuls.id}/verification`,
    );

    const lots = page.getByTestId('lot-card');
    await expect(lots).toHaveText([/Appartement A12/, /Cave C03/, /Parking P02/]);

    // Three financial years: Global plus one tab each, newest first.
    const tabs = page.getByRole('tablist', { name: 'Exercices' }).getByRole('tab');
    await expect(tabs).toHaveText(['Global', '2026', '2025', '2024']);
    await expect(page.getByRole('heading', { name: 'Dépenses' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Fond Alur & Fond de roulement' })).toBeVisible();
    await expect(page.getByTestId('alur-card')).toContainText(/\d[\d\s\u00a0]*,\d{2}\s€/);
    await expect(page.getByText(/^\d+\s% du budget consommé$/).first()).toBeVisible();
    // French typography: thousands grouped, narrow no-break space before '€'.
    await expect(page.getByText(/^\d+ \/ 10\s000 tantièmes$/).first()).toBeVisible();
    expect(await page.getByTestId('alur-card').textContent()).toMatch(/\d,\d{2}\u202f€/);
    await expect(
      page.getByText(`© ${new Date().getFullYear()} Tantième. Tous droits réservés.`),
    ).toBeVisible();
    await expect(page.getByRole('img', { name: /^Répartition de mes charges\s: / }).first()).toBeVisible();

    await page.getByRole('tab', { name: '2025' }).click();
    await expect(page.getByRole('heading', { name: 'Situation financière – 2025' })).toBeVisible();
    await expect(page.getByTestId('repartition-card').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Dépenses' })).toHaveCount(0);
  });

  test("opening a lot shows its tabs and 'Retour' goes back", async ({ page }) => {
    await page.goto(`/${tilleuls.id}/home`);
    await page.getByRole('button', { name: /^Appartement A12/ }).click();
    await expect(page.getByRole('heading', { name: 'Appartement A12' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Informations' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('row', { name: /Numéro de lot/ })).toContainText('3');
    await page.getByRole('tab', { name: 'Tantièmes' }).click();
    const rows = page.getByRole('table', { name: 'Tantièmes' }).getByRole('row');
    await expect(rows.filter({ hasText: 'Charges générales' })).toContainText('10 000');
    await expect(page.getByRole('tablist', { name: 'Exercices' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Retour' }).click();
    await expect(page.getByRole('heading', { name: 'Mes lots' })).toBeVisible();
    await expect(page.getByRole('tablist', { name: 'Exercices' })).toBeVisible();
  });

  test('the transactions modal lists the account lines, or says there are none', async ({ page }) => {
    await page.goto(`/${tilleuls.id}/home`);
    await page.getByRole('button', { name: 'Voir les transactions' }).click();
    const dialog = page.getByRole('dialog', { name: 'Transactions' });
    await expect(dialog.getByTestId('transaction').first()).toBeVisible();
    await expect(dialog.getByRole('columnheader', { name: 'Solde' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Fermer' }).click();
    await expect(dialog).toHaveCount(0);

    // On the context, not the page: once the offline worker controls the page (it registers a few
    // seconds after the load, sooner than this line on a loaded machine) the read goes through it,
    // which a page's route does not see.
    await page
      .context()
      .route('**/transactions', (route) =>
        route.fulfill({ json: { success: true, data: { transactions: [], years: [] } } }),
      );
    await page.reload();
    await page.getByRole('button', { name: 'Voir les transactions' }).click();
    await expect(page.getByRole('dialog').getByText("Il n'y a pas de transaction")).toBeVisible();
  });

  test('budget and Alur failures show zero', async ({ page }) => {
    await page.route(/budget-(fonctionnement|alur-avance)$/, (route) =>
      route.fulfill({ status: 500, json: { success: false, code: 'INTERNAL', message: 'boom' } }),
    );
    await page.goto(`/${tilleuls.id}/home`);
    await expect(page.getByTestId('depenses-card')).toContainText('Budget voté0,00\u202f€');
    await expect(page.getByTestId('depenses-card')).toContainText('0\u202f% du budget consommé');
    await expect(page.getByTestId('alur-card')).toContainText('Fond Alur0,00\u202f€');
  });

  test('Le Clos Fleuri has one financial year: only Global', async ({ page }) => {
    await page.goto(`/${closFleuri.id}/home`);
    await expect(page.getByTestId('syndic-name')).toBeVisible();
    await expect(page.getByRole('tablist', { name: 'Exercices' }).getByRole('tab')).toHaveText(['Global']);
    await expect(page.getByRole('heading', { name: 'Dépenses' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Vérification des comptes' })).toHaveCount(0);
  });
});

test('an ordinary co-owner gets no verification shortcut', async ({ page }) => {
  const recs = await signIn(page, 'paul.durand@example.fr');
  const rec = recordOf(recs, 'Les Tilleuls');
  await page.goto(`/${rec.id}/home`);
  await expect(page.getByRole('heading', { name: 'Mes lots' })).toBeVisible();
  await expect(page.getByTestId('lot-card').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Vérification des comptes' })).toHaveCount(0);
});

test('the syndic preview shows the dashboard read-only, and only for its record', async ({
  page,
  request,
}) => {
  // Claire's record ids, to build the preview URLs the syndic would send.
  const recs = (await demoSession(request, 'claire.martin@example.fr')).records;
  const tilleuls = recordOf(recs, 'Les Tilleuls');
  const clos = recordOf(recs, 'Clos Fleuri');

  await page.goto(`/syndic-preview/${tilleuls.id}/home?spt=PREVIEW-DEMO-CLAIRE`);
  await expect(page.getByText('Aperçu syndic – lecture seule')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ma synthèse', level: 1 })).toBeVisible();
  await expect(page.getByTestId('syndic-name')).toHaveText('Cabinet Lefèvre Immobilier');
  await expect(page.getByTestId('lot-card')).toHaveCount(3);
  await expect(page.getByRole('tablist', { name: 'Exercices' }).getByRole('tab')).toHaveCount(4);
  await expect(page.getByRole('region', { name: 'Vérification des comptes' })).toHaveCount(0);
  // Opening a lot keeps the preview token in the URL.
  await page.getByRole('button', { name: /^Cave C03/ }).click();
  await expect(page).toHaveURL(/spt=PREVIEW-DEMO-CLAIRE/);
  await expect(page.getByRole('button', { name: 'Retour' })).toBeVisible();

  // The same token on another record of the same person: nothing is shown.
  const other = await request.get(`/api/coproprietaires/${clos.id}/preview-info`, {
    headers: { 'x-preview-token': 'PREVIEW-DEMO-CLAIRE' },
  });
  expect(other.status()).toBe(404);
  await page.goto(`/syndic-preview/${clos.id}/home?spt=PREVIEW-DEMO-CLAIRE`);
  await expect(page.getByRole('alert', { name: 'Impossible de charger ces informations.' })).toBeVisible();
});

test('the syndic preview is readable on a phone, its menu behind a burger', async ({ page, request }) => {
  const tilleuls = recordOf((await demoSession(request, 'claire.martin@example.fr')).records, 'Les Tilleuls');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/syndic-preview/${tilleuls.id}/home?spt=PREVIEW-DEMO-CLAIRE`);
  await expect(page.getByRole('heading', { name: 'Ma synthèse', level: 1 })).toBeInViewport();
  await expect(page.getByRole('link', { name: 'Factures et Devis' })).not.toBeInViewport();
  await page.getByRole('button', { name: 'Navigation principale' }).click();
  await expect(page.getByRole('link', { name: 'Factures et Devis' })).toBeInViewport();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
