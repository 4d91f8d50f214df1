import { expect, test } from './a11y.fixture';
import { demoSession, recordOf, useToken } from './sign-in';

/**
 * The carnet d'entretien for every co-owner (décret n° 2019-502, art. 1, 3°): paul, an ordinary
 * co-owner of Les Tilleuls, opens it read-only from the documents and reads the DTG's works and
 * every contract's end date; the council's working view stays closed to him.
 */

test("paul opens the carnet d'entretien from the documents, read-only, with the DTG works", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const { token, records } = await demoSession(page.request, 'paul.durand@example.fr');
  const record = recordOf(records, 'Tilleuls').id;
  await useToken(page, token);
  await page.goto(`/${record}/document/fonctionnement`);
  const nav = page.getByRole('navigation', { name: /./ }).first();
  await nav.getByRole('link', { name: "Carnet d'entretien", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/${record}/document/carnet-entretien$`));
  await expect(
    page.getByRole('heading', { level: 1, name: "Carnet d'entretien de l'immeuble" }),
  ).toBeVisible();
  await expect(page.getByText('Consultation en lecture seule.', { exact: false })).toBeVisible();

  await expect(page.getByTestId('carnet-building')).toContainText('Les Tilleuls');
  await expect(page.getByTestId('carnet-insurance')).toContainText('MRI 2019 08 4471');
  await expect(page.getByTestId('carnet-maintenance')).toContainText('Rhône Automatismes');
  // Every demo contract has its end date: none is left « à renseigner ».
  await expect(page.getByText('Date de fin à renseigner')).toHaveCount(0);
  const dtg = page.getByTestId('carnet-dtg');
  await expect(dtg.getByRole('heading', { name: 'Travaux du diagnostic technique global' })).toBeVisible();
  await expect(dtg.getByRole('columnheader', { name: 'Année prévue' })).toBeVisible();
  await expect(dtg).toContainText('Ravalement de la façade sur rue');
  await expect(dtg).toContainText('Voté');
  await expect(dtg).toContainText(/Total estimé des travaux restant à réaliser\s:\s[\d\s]+,\d{2}\s€/);
  // Read-only: no form, no button to change anything.
  await expect(page.getByTestId('carnet-public').getByRole('button')).toHaveCount(0);
  await expect(page.getByTestId('carnet-public').getByRole('textbox')).toHaveCount(0);

  // The council's working view (IS_SYNDICAT) stays closed to him.
  const council = await page.request.get(`/api/coproprietaires/${record}/carnet-entretien`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(council.status()).toBe(404);

  // Phone size: the page fits the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(dtg).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath('carnet-public-phone.png'), fullPage: true });
});
