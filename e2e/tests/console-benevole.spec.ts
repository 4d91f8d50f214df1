import { checkA11y, expect, test } from './tenant.fixture';
import { loginByEmail } from './identity.helpers';

/**
 * The syndic's administrateur, on a building's co-owners page: names a co-owner with an account
 * its volunteer syndic (loi 1965 art. 17-2) and sees who it is now, records another co-owner's
 * request for the post with its date of receipt (art. 42-1), withdraws both, and turns a record
 * into an indivision held by a couple. The tenant is the spec's own (it writes); axe runs at each step.
 */

test.use({
  tenantSpec: {
    owners: [
      { key: 'helene', first_name: 'Hélène', last_name: 'Moreau' },
      { key: 'paul', first_name: 'Paul', last_name: 'Girard', lots: ['Appartement B21'] },
    ],
    console: true,
  },
});

test('the administrateur names the volunteer syndic and records a request for the post', async ({
  page,
  tenant,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await loginByEmail(page, tenant.console!.email, tenant.password);
  await expect(page).toHaveURL(/\/gestion$/);
  await page.goto(`/gestion/immeubles/${tenant.copropriete.id}/coproprietaires`);
  const line = page.getByTestId('benevole-line');
  await expect(line).toHaveText('Aucun syndic bénévole nommé pour cet immeuble.');
  const helene = page.getByTestId('owner-row').filter({ hasText: 'Hélène' });
  const paul = page.getByTestId('owner-row').filter({ hasText: 'Paul' });
  await expect(helene).toBeVisible();
  await checkA11y(page, 'co-owners page, administrateur');

  // Named, after the confirmation.
  await helene.getByRole('button', { name: /^Nommer syndic bénévole/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText("syndic bénévole de l'immeuble\u202f?");
  await checkA11y(page, 'name the volunteer syndic dialog');
  await dialog.getByRole('button', { name: 'Nommer syndic bénévole' }).click();
  await expect(line).toContainText('Syndic bénévole\u202f: Hélène Moreau');
  await expect(helene.getByTestId('owner-benevole')).toHaveText('Syndic bénévole');
  await expect(helene.getByRole('button', { name: /^Nommer syndic bénévole/ })).toHaveCount(0);

  // Paul's letter asking for the post, received on 3 November 2026.
  await paul.getByRole('button', { name: /^Demande d'envoi postal reçue…/ }).click();
  const postal = page.getByRole('dialog');
  await expect(postal).toContainText('art. 42-1');
  await postal.getByLabel('Date de réception').fill('2026-11-03');
  await checkA11y(page, 'request for the post dialog');
  await postal.getByRole('button', { name: 'Enregistrer la demande' }).click();
  await expect(paul.getByTestId('postal-state')).toHaveText('Courrier postal demandé le 03/11/2026');
  await checkA11y(page, 'co-owners page with a volunteer syndic and a request for the post');

  // Both withdrawn.
  await paul.getByRole('button', { name: /^Retirer la demande/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Retirer la demande' }).click();
  await expect(paul.getByTestId('postal-state')).toHaveCount(0);
  await expect(paul.getByRole('button', { name: /^Demande d'envoi postal reçue…/ })).toBeVisible();
  await line.getByRole('button', { name: /^Retirer/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Retirer' }).click();
  await expect(line).toHaveText('Aucun syndic bénévole nommé pour cet immeuble.');
  await expect(helene.getByTestId('owner-benevole')).toHaveCount(0);

  // Paul's record becomes an indivision held by a couple, through the same owners service.
  await paul.getByRole('button', { name: /^Modifier/ }).click();
  const edit = page.getByRole('dialog', { name: /^Modifier/ });
  await expect(edit.getByLabel('Nom', { exact: true })).toHaveValue('Girard');
  await edit.getByLabel('Civilité').selectOption('mr_and_mrs');
  await edit.getByLabel('Société, SCI ou indivision').fill('Indivision Girard');
  await checkA11y(page, 'edit a co-owner dialog');
  await edit.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText(/^Copropriétaire modifié\u202f: /)).toBeVisible();
  await expect(page.getByTestId('owner-row').filter({ hasText: 'Indivision Girard' })).toBeVisible();
});
