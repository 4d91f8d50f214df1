import type { Browser, Page } from '@playwright/test';
import { checkA11y, expect, type Tenant, test } from './tenant.fixture';
import { loginByEmail } from './identity.helpers';

/**
 * The meeting desk on a tablet (820×1180): the syndic's administrateur enters a paper form received
 * by post, opens the meeting, signs in the co-owners (present, visio), records a blank proxy with
 * who designated its mandataire, and enters a resolution's votes: the live tally moves on this
 * tablet and on a second one following the desk. axe runs on every page and each tab.
 */

const TABLET = { width: 820, height: 1180 };
const PHONE = { width: 390, height: 844 };
const AG_NAME = 'Assemblée générale ordinaire 2026';

test.use({
  tenantSpec: {
    console: true,
    owners: [
      { key: 'claire', first_name: 'Claire', last_name: 'Martin', lots: ['Appartement A12'] },
      { key: 'paul', first_name: 'Paul', last_name: 'Durand', lots: ['Appartement B21'] },
      { key: 'marc', first_name: 'Marc', last_name: 'Lefort', lots: ['Appartement C31'] },
      { key: 'lea', first_name: 'Léa', last_name: 'Robin', lots: ['Appartement D41'] },
    ],
  },
});

const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`desk-${name}.png`), fullPage: true });

/** The assembly meeting today, put by the tenant's syndic through its API. */
async function putAssemblee(page: Page, tenant: Tenant) {
  const key = tenant.copropriete.charges_generales;
  const res = await page.request.put('/api/syndic/v1/assemblees/AG-SEANCE', {
    headers: { 'x-api-key': tenant.syndic.api_key },
    data: {
      copropriete: tenant.copropriete.external_id,
      name: AG_NAME,
      year: new Date().getUTCFullYear(),
      date: new Date(Date.now() + 10 * 60_000).toISOString(),
      general_repartition: key,
      resolutions: [
        {
          external_id: 'R1',
          number: 1,
          title: 'Élection du président de séance',
          article: 'ART-24',
          repartition: key,
        },
        {
          external_id: 'R2',
          number: 2,
          title: 'Approbation des comptes',
          article: 'ART-24',
          repartition: key,
        },
      ],
      participants: Object.values(tenant.owners).map((o) => ({ coproprietaire: o.compte })),
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function openDesk(browser: Browser, tenant: Tenant) {
  const page = await (await browser.newContext({ viewport: TABLET })).newPage();
  await loginByEmail(page, tenant.console!.email, tenant.password);
  await expect(page).toHaveURL(/\/gestion$/);
  await page.goto(`/gestion/immeubles/${tenant.copropriete.id}/lots`);
  await page.getByTestId('desk-link').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Feuille de séance' })).toBeVisible();
  return page;
}

const pick = async (page: Page, label: string, option: string) => {
  await page.getByRole('textbox', { name: label, exact: true }).click();
  // The documents name co-owners with their civility (M. Paul Durand).
  await page.getByRole('option', { name: new RegExp(`${option}$`) }).click();
};
const line = (page: Page, testId: string, name: string) => page.getByTestId(testId).filter({ hasText: name });

test('a syndic holds the meeting at the desk on a tablet: émargement, a paper form, a blank proxy, a vote with the live tally', async ({
  page,
  tenant,
  browser,
}) => {
  test.setTimeout(180_000);
  await putAssemblee(page, tenant);
  const desk = await openDesk(browser, tenant);

  // A paper form received by post six days ago: counted (three clear days before, art. 9 bis).
  await desk.getByRole('tab', { name: 'Formulaires et pouvoirs' }).click();
  await pick(desk, 'Copropriétaire', 'Paul Durand');
  const received = new Date(Date.now() - 6 * 86_400_000);
  const local = new Date(received.getTime() - received.getTimezoneOffset() * 60_000)
    .toISOString()
    .slice(0, 16);
  await desk.getByLabel('Date et heure de réception').fill(local);
  await desk
    .getByRole('radiogroup', { name: /Élection du président de séance/ })
    .getByText('Pour')
    .click();
  await checkA11y(desk);
  await desk.getByRole('button', { name: 'Enregistrer le formulaire' }).click();
  await expect(desk.getByText('Formulaire enregistré, pris en compte.')).toBeVisible();

  // The meeting opens; émargement with the search.
  await desk.getByRole('button', { name: 'Ouvrir la séance' }).click();
  await expect(desk.getByTestId('desk-status')).toHaveText('En séance');
  await desk.getByRole('tab', { name: 'Émargement' }).click();
  await desk.getByRole('searchbox', { name: 'Rechercher un copropriétaire' }).fill('clai');
  await expect(desk.getByTestId('attendance-line')).toHaveCount(1);
  await line(desk, 'attendance-line', 'Claire Martin').getByText('Présent', { exact: true }).click();
  await expect(
    line(desk, 'attendance-line', 'Claire Martin').getByRole('radio', { name: 'Présent', exact: true }),
  ).toBeChecked();
  await desk.getByRole('searchbox', { name: 'Rechercher un copropriétaire' }).fill('');
  await line(desk, 'attendance-line', 'Marc Lefort').getByText('Visio', { exact: true }).click();
  await expect(
    line(desk, 'attendance-line', 'Marc Lefort').getByRole('radio', { name: 'Visio', exact: true }),
  ).toBeChecked();
  await expect(line(desk, 'attendance-line', 'Paul Durand')).toContainText('formulaire reçu le');
  await checkA11y(desk);
  await shot(desk, 'emargement-tablet');

  // Léa's proxy came without a mandataire's name: the président du conseil syndical designates Claire.
  await desk.getByRole('tab', { name: 'Formulaires et pouvoirs' }).click();
  await pick(desk, 'Copropriétaire qui a donné le pouvoir', 'Léa Robin');
  await expect(desk.getByText('Président du conseil syndical', { exact: true })).toBeVisible();
  await desk.getByLabel('Nom de qui désigne').fill('Paul Durand');
  await pick(desk, 'Copropriétaire mandataire', 'Claire Martin');
  await desk.getByRole('button', { name: 'Enregistrer le pouvoir' }).click();
  await expect(desk.getByText('Pouvoir enregistré.')).toBeVisible();
  await shot(desk, 'pouvoirs-tablet');

  // A second tablet follows the desk.
  const other = await openDesk(browser, tenant);
  await other.getByRole('tab', { name: 'Votes' }).click();
  const otherTally = other.getByTestId('live-tally').first();
  await expect(otherTally).toBeVisible();

  // Resolution 1: everyone Pour, then Marc Contre; the tally moves live on both tablets.
  await desk.getByRole('tab', { name: 'Votes' }).click();
  await expect(desk.getByTestId('voter-line')).toHaveCount(3);
  await desk.getByRole('button', { name: 'Tous Pour' }).click();
  const tally = desk.getByTestId('live-tally').first();
  const pour = (t: typeof tally) => t.getByRole('row', { name: /^Pour/ });
  await expect(pour(tally)).toContainText('4');
  await line(desk, 'voter-line', 'Marc Lefort').getByText('Contre', { exact: true }).click();
  await expect(
    tally
      .getByRole('row', { name: /^Contre/ })
      .getByRole('cell')
      .last(),
  ).toHaveText('1');
  await expect(
    otherTally
      .getByRole('row', { name: /^Contre/ })
      .getByRole('cell')
      .last(),
  ).toHaveText('1');
  await expect(tally).toContainText('Adoptée');
  await checkA11y(desk);
  await shot(desk, 'votes-tablet');

  await desk.setViewportSize(PHONE);
  // The console's menu folds away at this width: the shot waits for the layout to settle.
  await desk.waitForTimeout(800);
  await shot(desk, 'votes-phone');
  await desk.getByRole('tab', { name: 'Émargement' }).click();
  await shot(desk, 'emargement-phone');
  await checkA11y(desk);
});
