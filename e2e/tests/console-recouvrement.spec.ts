import { keepToken } from './sign-in';
import { checkA11y, expect, type Page, test } from './tenant.fixture';

/**
 * Recovery from the console: a volunteer syndic sends a debtor a reminder, then the mise en
 * demeure by registered e-mail (art. 42-1); the console shows each step and that the letter is not
 * presented yet (art. 19-2 runs from the next day); the co-owner reads both in his notifications,
 * the mise en demeure naming each sum it claims by nature. axe at desktop and tablet sizes.
 */

const DESKTOP = { width: 1280, height: 800 };
const TABLET = { width: 820, height: 1180 };

test.use({
  tenantSpec: {
    owners: [
      { key: 'anne', first_name: 'Anne', last_name: 'Petit', lots: ['Appartement A12'] },
      { key: 'paul', first_name: 'Paul', last_name: 'Durand', lots: ['Appartement B21'], owing: true },
    ],
    benevole: 'anne',
    budget_cents: 1_200_000,
  },
});

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

test('a reminder then a mise en demeure, each seen by the co-owner', async ({ page, browser, tenant }) => {
  test.setTimeout(120_000);
  const { anne, paul } = tenant.owners;
  await page.setViewportSize(DESKTOP);
  await signIn(page, anne.email, tenant.password);
  await page.goto(`/gestion/immeubles/${tenant.copropriete.id}/impayes`);
  const row = page.getByTestId('debiteur').filter({ hasText: 'Paul Durand' });
  await expect(row).toBeVisible();
  await checkA11y(page, 'debtors');

  await row.getByRole('button', { name: 'Envoyer une relance' }).click();
  await expect(row).toContainText('Relance n°\u00a01');
  await expect(row).toContainText('application');

  await row.getByRole('button', { name: 'Mettre en demeure' }).click();
  await expect(row).toContainText('lettre recommandée électronique');
  await expect(row).toContainText('pas encore présentée');
  // The acceleration of art. 19-2 is not offered before thirty days from the presentation.
  await expect(row.getByRole('button', { name: "Appliquer l'art. 19-2" })).toHaveCount(0);
  // The letter as sent, as a PDF to post or keep.
  const answer = page.waitForResponse((r) => r.url().includes('/impayes/lettre'));
  await row.getByRole('button', { name: /^Lettre \(PDF\)/ }).click();
  const { data } = await (await answer).json();
  expect(data.name).toMatch(/^Mise en demeure – .*Durand.*\.pdf$/);
  const pdf = await page.request.get(data.url);
  expect(pdf.ok()).toBe(true);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await page.setViewportSize(TABLET);
  await checkA11y(page, 'debtors after the steps');

  const paulPage = await (
    await browser.newContext({ locale: 'fr-FR', timezoneId: 'Europe/Paris' })
  ).newPage();
  await keepToken(paulPage, paul.token);
  await paulPage.goto(`/${paul.coproprietaire_id}/notifications`);
  const items = paulPage.getByTestId('notifications-item');
  await expect(items.filter({ hasText: 'Relance n°\u00a01' })).toBeVisible();
  const med = items.filter({ hasText: 'Mise en demeure de payer' });
  await expect(med).toBeVisible();
  await med.first().click();
  const detail = paulPage.getByRole('dialog', { name: 'Détails des notifications' });
  await expect(detail).toContainText('Sommes dues à ce jour');
  await expect(detail).toContainText("Provisions du budget prévisionnel de l'exercice en cours (art. 14-1)");
  await expect(detail).toContainText('demander à les recevoir par voie postale');
  await checkA11y(paulPage, 'mise en demeure read by the co-owner');
});
