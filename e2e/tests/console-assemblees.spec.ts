import { checkA11y, expect, type Page, test } from './tenant.fixture';
import { loginByEmail } from './identity.helpers';

/**
 * A volunteer syndic prepares an assembly in the console: the agenda from the catalogue (the
 * article proposed, another one asked for a reason), then each co-owner's convocation previewed
 * with its channel (loi art. 42-1) and its letter carrying how to keep the post. axe runs on each
 * page (the fixture) and on the letter's dialog, at desktop and tablet sizes.
 */

const DESKTOP = { width: 1280, height: 800 };
const TABLET = { width: 820, height: 1180 };
const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

/** A datetime-local value `days` from now at 18:30. */
function meetingIn(days: number) {
  const d = new Date(Date.now() + days * 86_400_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T18:30`;
}

test.use({
  tenantSpec: {
    owners: [
      { key: 'helene', first_name: 'Hélène', last_name: 'Moreau', lots: ['Appartement A1'], onboarded: true },
      { key: 'paul', first_name: 'Paul', last_name: 'Durand', lots: ['Appartement A2'] },
      { key: 'claire', first_name: 'Claire', last_name: 'Martin', lots: ['Appartement B1'] },
    ],
    benevole: 'helene',
  },
});

for (const [size, viewport] of [
  ['desktop', DESKTOP],
  ['tablet', TABLET],
] as const)
  test(`a volunteer syndic prepares an assembly and sees each convocation (${size})`, async ({
    page,
    tenant,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await loginByEmail(page, tenant.owners.helene.email, tenant.password);
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto(`/gestion/immeubles/${tenant.copropriete.id}/assemblees`);
    await expect(page.getByRole('heading', { level: 2, name: 'Assemblées générales' })).toBeVisible();
    await expect(page.getByText('Aucune assemblée pour le moment.')).toBeVisible();
    await page.getByRole('link', { name: 'Préparer une assemblée' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Préparer une assemblée' })).toBeVisible();

    await page.getByLabel("Nom de l'assemblée").fill('Assemblée générale ordinaire 2027');
    await page.getByLabel('Date et heure de la réunion').fill(meetingIn(40));
    // A new agenda opens with the bureau's resolutions (décret art. 15); the question follows them.
    const decision = page.getByRole('textbox', { name: 'Décision' }).last();
    await decision.click();
    await page.getByRole('option', { name: "Travaux d'économie d'énergie" }).click();
    await expect(page.getByText(/Proposé\u202f: Article 25/)).toBeVisible();
    await expect(page.getByLabel('Intitulé').last()).toHaveValue(/Travaux d'économie d'énergie/);
    await page
      .getByLabel('Texte de la résolution')
      .last()
      .fill('Isolation des combles, devis Isolpro : 18 400 € TTC.');
    // Another majority than the catalogue's asks for the reason, which is kept.
    await page.getByRole('textbox', { name: 'Majorité' }).last().click();
    await page.getByRole('option', { name: 'Article 24' }).click();
    await expect(page.getByLabel('Raison du choix')).toBeVisible();
    await page.getByLabel('Raison du choix').fill('Clause du règlement de copropriété');
    await shot(page, `prepare-${size}`);
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page).toHaveURL(/\/assemblees\/[0-9a-f-]{36}$/);

    const table = page.getByTestId('convocation-preview');
    await expect(table.getByRole('row')).toHaveCount(4);
    await expect(table.getByText('Lettre recommandée électronique').first()).toBeVisible();
    await expect(table.getByText('Respecté').first()).toBeVisible();
    await shot(page, `preview-${size}`);
    await page.getByRole('button', { name: 'Voir la lettre de M. Paul Durand' }).click();
    await expect(page.getByTestId('convocation-letter')).toContainText('art. 42-1');
    await expect(page.getByTestId('convocation-letter')).toContainText('par voie postale');
    await checkA11y(page, 'la lettre de convocation');
    await shot(page, `letter-${size}`);
    await page.keyboard.press('Escape');

    await page.getByRole('link', { name: 'Retour aux assemblées' }).click();
    await expect(page.getByRole('link', { name: 'Ouvrir Assemblée générale ordinaire 2027' })).toBeVisible();
    await expect(page.getByText('En préparation')).toBeVisible();
    await shot(page, `list-${size}`);
  });
