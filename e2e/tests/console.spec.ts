import { randomBytes } from 'node:crypto';
import { checkA11y, expect, type Page, test } from './a11y.fixture';
import { loginByEmail } from './identity.helpers';
import { DEMO_PASSWORD } from './sign-in';

/**
 * The syndic's console (/gestion): a staff administrator of the demo syndic signs in, lands on
 * the portfolio, creates a building with its keys and lots (the tantièmes checked live) and
 * invites a co-owner; a volunteer syndic switches between their co-owner space and the console.
 * axe runs on every page visited (a11y fixture) and on each dialog, at desktop and tablet sizes.
 */

/** The demo's console accounts (apps/server/seed/console.ts). */
const ADMIN = 'm.lefevre@lefevre-immobilier.fr';
const VOLUNTEER = 'helene.moreau@example.fr';

const DESKTOP = { width: 1280, height: 800 };
const TABLET = { width: 820, height: 1180 };

const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`) });

/** The Base Adresse Nationale is answered here: the test does not depend on the internet. */
async function answerAddressSearch(page: Page) {
  await page.route(
    (url) => url.pathname === '/api/address/search',
    (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          success: true,
          data: [
            {
              full_address: '8 Rue du Parc 69006 Lyon',
              number: '8',
              street: 'Rue du Parc',
              city: 'Lyon',
              country: 'FR',
              zip_code: '69006',
              latitude: 45.7597,
              longitude: 4.8422,
            },
          ],
        }),
      }),
  );
}

test.describe.configure({ mode: 'serial' });

test('a staff administrator lands on the console, creates a building with keys and lots, invites a co-owner', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  await answerAddressSearch(page);
  await loginByEmail(page, ADMIN, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/gestion$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible();
  await expect(page.getByTestId('portfolio-building').first()).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Navigation de la gestion' });
  for (const entry of ['Accueil', 'Immeubles', 'Copropriétaires', 'Signalements', 'Messagerie', 'Équipe'])
    await expect(nav.getByRole('link', { name: entry })).toBeVisible();
  await shot(page, 'home-desktop');

  // The search across buildings, co-owners and lots.
  await page.getByLabel('Rechercher un immeuble, un copropriétaire ou un lot').fill('Tilleuls');
  await expect(page.getByTestId('search-hit').first()).toBeVisible();

  // A building from nothing.
  const name = `Résidence du Parc ${randomBytes(3).toString('hex')}`;
  await page.getByRole('link', { name: 'Créer un immeuble' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Créer un immeuble' })).toBeVisible();
  await page.getByRole('button', { name: "Créer l'immeuble" }).click();
  await expect(page.getByText('Ce champ est requis.')).toBeVisible();
  await expect(page.getByText("Choisissez l'adresse dans la liste.")).toBeVisible();
  await page.getByLabel("Nom de l'immeuble").fill(name);
  await page.getByRole('textbox', { name: 'Adresse' }).fill('8 rue du pa');
  await page.getByRole('option', { name: '8 Rue du Parc 69006 Lyon' }).click();
  await shot(page, 'building-new-desktop');
  await page.getByRole('button', { name: "Créer l'immeuble" }).click();
  await expect(page).toHaveURL(/\/gestion\/immeubles\/[0-9a-f-]{36}\/lots$/);
  await expect(page.getByTestId('building-name')).toHaveText(name);

  // Its key (the first one is offered: charges générales, 10 000) and three lots.
  const keyForm = page.getByTestId('key-form');
  await expect(keyForm.getByLabel('Nom de la clé')).toHaveValue('Charges générales');
  await keyForm.getByRole('button', { name: 'Ajouter une clé' }).click();
  const lotForm = page.getByTestId('lot-form');
  for (const [number, type, floor, label] of [
    ['1', 'Appartement', '1', 'Appartement T3'],
    ['2', 'Appartement', '2', 'Appartement T2'],
    ['3', 'Cave', 'Sous-sol', 'Cave'],
  ]) {
    await lotForm.getByLabel('Numéro').fill(number);
    await lotForm.getByLabel('Type').selectOption(type);
    await lotForm.getByLabel('Étage').fill(floor);
    await lotForm.getByLabel('Désignation').fill(label);
    await lotForm.getByRole('button', { name: 'Ajouter un lot' }).click();
    await expect(page.getByTestId('lot-row')).toHaveCount(Number(number));
  }
  const cell = (lot: string) => page.getByLabel(`Tantièmes du lot ${lot}, clé Charges générales`);
  const balance = page.getByTestId('key-balance-CG');
  await cell('1').fill('4200');
  await cell('2').fill('3288');
  await cell('3').fill('2500');
  // The total is checked as it is typed, the difference named.
  await expect(balance).toContainText('Il manque 12 tantièmes sur 10\u00a0000');
  await expect(page.getByRole('button', { name: 'Enregistrer les lots et les clés' })).toBeDisabled();
  await shot(page, 'lots-unbalanced-desktop');
  await cell('2').fill('3300');
  await expect(balance).toContainText('Total juste');
  await page.getByRole('button', { name: 'Enregistrer les lots et les clés' }).click();
  await expect(page.getByText('Enregistré')).toBeVisible();

  // A co-owner of lot 1, then the invitation, confirmed first.
  await page
    .getByRole('navigation', { name: "Rubriques de l'immeuble" })
    .getByRole('link', { name: 'Copropriétaires' })
    .click();
  await expect(page).toHaveURL(/\/coproprietaires$/);
  await expect(page.getByText('Aucun copropriétaire dans cet immeuble.')).toBeVisible();
  await page.getByRole('button', { name: 'Ajouter un copropriétaire' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nouveau copropriétaire' });
  await dialog.getByLabel('Prénom').fill('Lucie');
  await dialog.getByLabel('Nom', { exact: true }).fill('Bernard');
  const email = `lucie.${randomBytes(3).toString('hex')}@example.fr`;
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByRole('textbox', { name: 'Lots détenus' }).click();
  await page.getByRole('option', { name: /^1 · Appartement T3/ }).click();
  await dialog.getByLabel('Prénom').click();
  await checkA11y(page, 'new co-owner dialog');
  await dialog.getByRole('button', { name: 'Ajouter', exact: true }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId('owner-row').filter({ hasText: 'Lucie Bernard' });
  await expect(row.getByTestId('owner-state')).toHaveText('À inviter');
  await row.getByRole('button', { name: /^Inviter/ }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText(`Envoyer une invitation à Lucie Bernard (${email})`);
  await checkA11y(page, 'invitation confirmation');
  await confirm.getByRole('button', { name: 'Inviter' }).click();
  await expect(row.getByTestId('owner-state')).toHaveText('Invité');
  await expect(row.getByRole('button', { name: /^Renvoyer/ })).toBeVisible();
  await shot(page, 'owners-desktop');

  // The same screens at a tablet's size.
  await page.setViewportSize(TABLET);
  await checkA11y(page, 'co-owners, tablet');
  await shot(page, 'owners-tablet');
  await page
    .getByRole('navigation', { name: "Rubriques de l'immeuble" })
    .getByRole('link', { name: 'Lots et clés' })
    .click();
  await expect(page.getByTestId('lot-row')).toHaveCount(3);
  await checkA11y(page, 'lots and keys, tablet');
  await shot(page, 'lots-tablet');
  await nav.getByRole('link', { name: 'Accueil' }).click();
  await expect(page.getByTestId('portfolio-building').filter({ hasText: name })).toBeVisible();
  await checkA11y(page, 'home, tablet');
  await shot(page, 'home-tablet');
});

test('the administrator runs the team: add a member, disable (sessions closed), re-enable', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await loginByEmail(page, ADMIN, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/gestion$/);
  await page
    .getByRole('navigation', { name: 'Navigation de la gestion' })
    .getByRole('link', { name: 'Équipe' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Équipe' })).toBeVisible();
  await page.getByRole('button', { name: 'Ajouter un collaborateur' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ajouter un collaborateur' });
  const email = `assistant.${randomBytes(3).toString('hex')}@lefevre-immobilier.fr`;
  await dialog.getByLabel('Prénom').fill('Nina');
  await dialog.getByLabel(/^Nom/).fill('Morel');
  await dialog.getByLabel('E-mail').fill(email);
  await checkA11y(page, 'new staff member dialog');
  await dialog.getByRole('button', { name: 'Ajouter', exact: true }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId('staff-row').filter({ hasText: email });
  await expect(row.getByTestId('staff-status')).toHaveText('Invité');
  await row.getByRole('button', { name: /^Désactiver/ }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('Ses sessions seront fermées');
  await confirm.getByRole('button', { name: 'Désactiver' }).click();
  await expect(row.getByTestId('staff-status')).toHaveText('Désactivé');
  await row.getByRole('button', { name: /^Réactiver/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Réactiver' }).click();
  await expect(row.getByTestId('staff-status')).not.toHaveText('Désactivé');
  await shot(page, 'team-desktop');
  await page.setViewportSize(TABLET);
  await checkA11y(page, 'team, tablet');
  await shot(page, 'team-tablet');
});

test('a volunteer syndic switches between their co-owner space and the console', async ({ page }) => {
  await page.setViewportSize(TABLET);
  await loginByEmail(page, VOLUNTEER, DEMO_PASSWORD);
  // A volunteer syndic lands as a co-owner; the switch is in the header.
  await expect(page).toHaveURL(/\/[0-9a-f-]{36}\/home$/);
  const toConsole = page.getByTestId('space-gestion');
  await expect(toConsole).toBeVisible();
  await shot(page, 'volunteer-owner-tablet');
  await toConsole.click();
  await expect(page).toHaveURL(/\/gestion$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible();
  await expect(page.getByTestId('space-gestion')).toHaveAttribute('aria-current', 'true');
  // Their one building; no team to run.
  await expect(page.getByTestId('portfolio-building')).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Équipe' })).toHaveCount(0);
  await shot(page, 'volunteer-console-tablet');
  await page.setViewportSize(DESKTOP);
  await checkA11y(page, 'volunteer console, desktop');
  await page.getByTestId('space-owner').click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('coproprietaire-card').first()).toBeVisible();
});
