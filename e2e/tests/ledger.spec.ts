import { checkA11y, expect, type Page, test } from './tenant.fixture';

/**
 * The syndic's money from the console: a volunteer syndic (herself a co-owner) generates the
 * first quarter's appels from the voted budget after a preview, imports the bank statement in
 * which the three co-owners paid (two with their reference, matched at once; one with a wrong
 * one, matched by hand), and the co-owner matched by hand sees the transfer on his statement.
 * axe runs on each page and dialog, at desktop and tablet sizes.
 */

const DESKTOP = { width: 1280, height: 800 };
const TABLET = { width: 820, height: 1180 };

test.use({
  tenantSpec: {
    owners: [
      { key: 'anne', first_name: 'Anne', last_name: 'Petit', lots: ['Appartement A12'] },
      { key: 'paul', first_name: 'Paul', last_name: 'Durand', lots: ['Appartement B21'] },
      { key: 'marc', first_name: 'Marc', last_name: 'Leroy', lots: ['Appartement C31'] },
    ],
    benevole: 'anne',
    // 12 000 € a year, 3 000 € a quarter.
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

test('a volunteer syndic calls the first quarter, imports the bank statement and matches a transfer by hand', async ({
  page,
  browser,
  tenant,
}) => {
  test.setTimeout(180_000);
  const { anne, paul, marc } = tenant.owners;
  const coproId = tenant.copropriete.id;
  await page.setViewportSize(DESKTOP);
  await signIn(page, anne.email, tenant.password);

  await page.goto(`/gestion/immeubles/${coproId}/budget`);
  await expect(page.getByRole('heading', { name: 'Budget prévisionnel' })).toBeVisible();
  await expect(page.getByRole('cell', { name: '12 000,00 €' })).toBeVisible();
  await checkA11y(page, 'budget');
  await page.getByRole('button', { name: "Voir l'aperçu" }).click();
  const preview = page.getByTestId('appels-preview');
  await expect(preview).toContainText('Appel de fonds – 1er trimestre 2026');
  await expect(preview.getByRole('row')).toHaveCount(4);
  // What each co-owner is called (their lots' tantièmes, largest remainder), as their bank will pay it.
  const called = async (name: string) =>
    ((await preview.getByRole('row', { name }).getByRole('cell').nth(1).textContent()) ?? '').replace(
      /[\s\u202f\u00a0€]/g,
      '',
    );
  const due = {
    anne: await called('Mme Anne Petit'),
    paul: await called('M. Paul Durand'),
    marc: await called('M. Marc Leroy'),
  };
  await checkA11y(page, 'appels preview');
  await page.getByRole('button', { name: 'Émettre les appels (3 000,00 €)' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Appels émis' })).toHaveText(
    'Appels émis\u202f: 3 copropriétaires, 3 000,00 €.',
  );
  await expect(page.getByRole('cell', { name: 'Budget courant · 1er trimestre' })).toBeVisible();

  await page.getByRole('link', { name: 'Banque' }).click();
  await expect(page.getByRole('heading', { name: 'Importer un relevé' })).toBeVisible();
  await page.getByLabel('Format').selectOption('csv');
  await page.getByLabel('Nom de la banque (pour retrouver ces colonnes)').fill('Banque Populaire');
  await page.getByLabel('Colonne de la date').fill('Date');
  await page.getByLabel('Colonne du libellé').fill('Libellé');
  await page.getByLabel('Colonne du montant (signé)').fill('Montant');
  await page.getByLabel("Colonne du donneur d'ordre").fill('Donneur');
  const csv = [
    'Date;Libellé;Montant;Donneur',
    `05/01/2026;VIR SEPA ${anne.reference} T1;${due.anne};MME ANNE PETIT`,
    `06/01/2026;VIR ${paul.reference} CHARGES;${due.paul};M PAUL DURAND`,
    `08/01/2026;VIR APPEL LOT C31 REF 000000000;${due.marc};M OU MME LEROY`,
  ].join('\n');
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'releve.csv', mimeType: 'text/csv', buffer: Buffer.from(`${csv}\n`) });
  await checkA11y(page, 'bank import');
  await page.getByRole('button', { name: 'Importer le relevé' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Relevé importé' })).toHaveText(
    'Relevé importé\u202f: 2 rapprochés, 1 à identifier.',
  );
  await expect(page.getByText('1 à identifier').first()).toBeVisible();

  await page.setViewportSize(TABLET);
  await page.getByRole('button', { name: /^Rapprocher \d/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Copropriétaire').selectOption({ label: 'M. Marc Leroy' });
  await checkA11y(page, 'match dialog');
  await dialog.getByRole('button', { name: 'Rapprocher', exact: true }).click();
  await expect(page.getByText('Aucun virement en attente.')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Rapproché' }).first()).toBeVisible();
  await checkA11y(page, 'bank reconciled');

  // The journal holds the appel and the three transfers, numbered without a gap.
  await page.getByRole('link', { name: 'Journal' }).click();
  await expect(page.getByText('Virement reçu de M OU MME LEROY')).toBeVisible();
  await checkA11y(page, 'journal');

  // Marc's own statement shows the transfer matched by hand settling his appel.
  const marcPage = await (
    await browser.newContext({ locale: 'fr-FR', timezoneId: 'Europe/Paris' })
  ).newPage();
  await signIn(marcPage, marc.email, tenant.password);
  await marcPage.goto(`/${marc.coproprietaire_id}/facture-v2`);
  await expect(marcPage.getByRole('heading', { name: 'Situation de compte' })).toBeVisible();
  await marcPage.getByText('Voir les lignes soldées').click();
  const table = marcPage.getByTestId('statement-table');
  await expect(table.getByText('Appel de fonds – 1er trimestre 2026')).toBeVisible();
  await expect(table.getByText('Virement reçu')).toBeVisible();
  await checkA11y(marcPage, 'statement');
});
