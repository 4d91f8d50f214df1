import ExcelJS from 'exceljs';
import { checkA11y, expect, type Page, test } from './tenant.fixture';
import { loginByEmail } from './identity.helpers';

/**
 * A volunteer syndic brings their building's spreadsheet into the console: the file is checked
 * and previewed with its errors by row and column (nothing written), corrected, confirmed, and a
 * co-owner it brought is invited. The tenant is the spec's own (it writes). axe runs on every
 * page (a11y fixture) and at each step, at desktop and tablet sizes.
 */

const DESKTOP = { width: 1280, height: 800 };
const TABLET = { width: 820, height: 1180 };
const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

/** The spreadsheet as a volunteer syndic keeps it: a title, one row per lot, a total. */
async function workbook(civilityOfLot102: string) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Copropriété');
  ws.addRow(['Résidence — liste des lots']);
  ws.addRow(['N° de lot', 'Type', 'Étage', 'Civilité', 'Nom', 'Prénom', 'E-mail', 'Tantièmes ascenseur']);
  ws.addRow([
    101,
    'Appartement',
    '1',
    'Mme',
    'Fontaine',
    'Léa',
    `lea.fontaine.${Date.now()}@example.fr`,
    300,
  ]);
  ws.addRow([102, 'Appartement', '2', civilityOfLot102, 'Roux', 'Marc', null, 450]);
  ws.addRow([103, 'Cave', 'Sous-sol', 'Mme', 'Fontaine', 'Léa', null, 250]);
  ws.addRow(['Total', null, null, null, null, null, null, 1000]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

test.use({
  tenantSpec: { owners: [{ key: 'helene', first_name: 'Hélène', last_name: 'Moreau' }], benevole: 'helene' },
});

test('a volunteer syndic imports an XLSX file with its preview, confirms, and invites a co-owner', async ({
  page,
  tenant,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  await loginByEmail(page, tenant.owners.helene!.email, tenant.password);
  await expect(page.getByTestId('space-gestion')).toBeVisible();
  await page.goto(`/gestion/immeubles/${tenant.copropriete.id}/lots`);
  await page.getByRole('link', { name: 'Importer un fichier (Excel ou CSV)' }).click();
  await expect(page.getByRole('heading', { name: 'Importer les lots et les copropriétaires' })).toBeVisible();

  // A file with an error: named by its row and column, nothing can be written.
  const input = page.locator('input[type="file"]');
  await input.setInputFiles({ name: 'lots.xlsx', mimeType: XLSX, buffer: await workbook('Maître') });
  await page.getByRole('button', { name: 'Vérifier le fichier' }).click();
  const errors = page.getByTestId('import-errors');
  await expect(errors).toContainText('1 erreur à corriger');
  await expect(errors).toContainText('Ligne 4, colonne « Civilité »\u202f: Civilité « Maître » non reconnue');
  await expect(page.locator('[data-error="true"]')).toHaveCount(1);
  await expect(page.getByRole('button', { name: /^Importer 3 lots/ })).toBeDisabled();
  await checkA11y(page, 'import preview with an error, desktop');
  await shot(page, 'import-errors-desktop');

  // The corrected file: previewed, then written on confirmation.
  await input.setInputFiles({ name: 'lots-corrige.xlsx', mimeType: XLSX, buffer: await workbook('M.') });
  await page.getByRole('button', { name: 'Vérifier le fichier' }).click();
  await expect(page.getByText('Aucune erreur\u202f: le fichier peut être importé.')).toBeVisible();
  const summary = page.getByTestId('import-summary');
  await expect(summary).toContainText('3 lots créés');
  await expect(summary).toContainText('2 copropriétaires créés');
  await expect(summary).toContainText('Clé « Ascenseur » (nouvelle)\u202f: total 1\u202f000 tantièmes');
  await expect(page.getByTestId('import-rows').getByRole('row')).toHaveCount(5);
  await page.setViewportSize(TABLET);
  await checkA11y(page, 'import preview, tablet');
  await shot(page, 'import-preview-tablet');
  await page.setViewportSize(DESKTOP);
  await shot(page, 'import-preview-desktop');
  await page.getByRole('button', { name: 'Importer 3 lots et 2 copropriétaires' }).click();
  await expect(page.getByText('Import terminé')).toBeVisible();
  await checkA11y(page, 'import done');

  // The co-owners it brought, invited one by one.
  await page.getByRole('link', { name: 'Inviter les copropriétaires' }).click();
  await expect(page).toHaveURL(/\/coproprietaires$/);
  const row = page.getByTestId('owner-row').filter({ hasText: 'Fontaine' });
  await expect(row.getByTestId('owner-state')).toHaveText('À inviter');
  await row.getByRole('button', { name: /^Inviter/ }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('Envoyer une invitation à');
  await confirm.getByRole('button', { name: 'Inviter' }).click();
  await expect(row.getByTestId('owner-state')).toHaveText('Invité');
  // Lot 102's co-owner has no e-mail: theirs waits for one.
  await expect(page.getByTestId('owner-row').filter({ hasText: 'Roux' })).toBeVisible();
});
