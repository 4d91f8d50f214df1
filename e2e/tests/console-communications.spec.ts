import { checkA11y, expect, type Page, test } from './tenant.fixture';

/**
 * A building's communications in the console: the gestionnaire of a fresh tenant writes a notice
 * to the whole building, previews it and sends it; a co-owner reads it in her space; the console
 * then shows « Lu par 1 sur 3 » and names her among those who have read it. axe runs on the
 * page, the preview and the open notice, at 1280 and 820 pixels wide.
 */

const DESKTOP = { width: 1280, height: 800 };
const TABLET = { width: 820, height: 1180 };
const SUBJECT = "Coupure d'eau froide jeudi matin";

test.use({
  tenantSpec: {
    console: true,
    owners: [
      { key: 'claire', first_name: 'Claire', last_name: 'Martin', lots: ['Appartement A12'] },
      { key: 'paul', first_name: 'Paul', last_name: 'Durand', lots: ['Appartement B21'] },
      { key: 'lea', first_name: 'Léa', last_name: 'Fontaine', lots: ['Appartement C31'] },
    ],
  },
});

const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`) });
const signInAs = (page: Page, token: string) => page.evaluate((t) => localStorage.setItem('TOKEN', t), token);

test('a gestionnaire sends a notice to the building; a co-owner reads it; the console names her', async ({
  page,
  tenant,
}) => {
  test.setTimeout(120_000);
  const staff = tenant.gestionnaire;
  if (!staff) throw new Error('the tenant has no console account');
  const url = `/gestion/immeubles/${tenant.copropriete.id}/communications`;
  await page.setViewportSize(DESKTOP);
  await page.goto('/login');
  await signInAs(page, staff.token);
  await page.goto(`/gestion/immeubles/${tenant.copropriete.id}/lots`);
  // The building's page links to its communications.
  await page
    .getByRole('navigation', { name: "Rubriques de l'immeuble" })
    .getByRole('link', { name: 'Communications' })
    .click();
  await expect(page).toHaveURL(new RegExp(`${url}$`));
  await expect(page.getByText("Aucun avis n'a encore été envoyé dans cet immeuble.")).toBeVisible();

  await page.getByRole('button', { name: 'Écrire un avis' }).click();
  await page.getByLabel('Objet').fill(SUBJECT);
  await page
    .getByLabel('Texte')
    .fill("L'eau froide sera coupée jeudi de 8 h 30 à 12 h.\n\nMerci de votre compréhension.");
  await expect(page.getByRole('radio', { name: "Tout l'immeuble" })).toBeChecked();
  await checkA11y(page);
  await page.getByRole('button', { name: 'Aperçu avant envoi' }).click();
  const preview = page.getByTestId('notice-preview');
  await expect(preview.getByText("L'eau froide sera coupée jeudi de 8 h 30 à 12 h.")).toBeVisible();
  await expect(preview.getByText("Tout l'immeuble · 3 destinataires")).toBeVisible();
  await checkA11y(page);
  await shot(page, 'preview-1280');
  await preview.getByRole('button', { name: 'Envoyer aux 3 destinataires' }).click();
  const detail = page.getByTestId('notice-detail');
  await expect(detail.getByText('Lu par 0 sur 3')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('notice-row')).toHaveCount(1);

  // Claire reads it in her space: its first showing is her read receipt.
  const claire = tenant.owners.claire;
  await signInAs(page, claire.token);
  const receipt = page.waitForResponse((r) => /\/api\/communication\/read\//.test(r.url()) && r.ok());
  await page.goto(`/${claire.coproprietaire_id}/messages-communication`);
  const letters = page.getByRole('region', { name: 'Communication' });
  await expect(letters.getByText(SUBJECT)).toBeVisible();
  await receipt;
  await shot(page, 'coowner-1280');

  await signInAs(page, staff.token);
  await page.goto(url);
  const row = page.getByTestId('notice-row');
  await expect(row.getByText('Lu par 1 sur 3')).toBeVisible();
  await checkA11y(page);
  await shot(page, 'list-1280');
  await row.getByRole('button', { name: `Voir qui a lu «\u202f${SUBJECT}\u202f»` }).click();
  await expect(detail.getByTestId('notice-readers')).toContainText('Martin');
  await expect(detail.getByTestId('notice-unread')).toContainText('Durand');
  await expect(detail.getByTestId('notice-unread')).toContainText('Fontaine');
  await checkA11y(page);
  await shot(page, 'detail-1280');

  await page.setViewportSize(TABLET);
  await checkA11y(page);
  await shot(page, 'detail-820');
  await page.keyboard.press('Escape');
  await checkA11y(page);
  await shot(page, 'list-820');
});
