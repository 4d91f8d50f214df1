import { expect, newTenant, type Tenant, tabTo, test } from './tenant.fixture';
import { apiGet, flip, lotCard, records } from './onboarding.helpers';
import { signInByForm } from './sign-in';

/**
 * Onboarding on a tenant of its own: Paul (before onboarding, consent given with the settings
 * switch under the former text, lots B21 and C05) goes through the steps, asking for the post,
 * then again with the keyboard alone.
 */
let t: Tenant;
test.beforeAll(async () => {
  t = await newTenant({
    owners: [
      {
        key: 'paul',
        first_name: 'Paul',
        last_name: 'Durand',
        lots: ['Appartement B21', 'Cave C05'],
        onboarded: false,
        consent: 'settings',
      },
    ],
  });
});

test.describe.configure({ mode: 'serial' });

test('paul goes through onboarding: contact, rent, copy from the previous block, fill later, choices', async ({
  page,
}) => {
  await signInByForm(page, t.owners.paul.email, t.password);
  const [paul] = await records(page);
  expect(paul.init_settings_done).toBe(false);

  // Opening a page of the record (a link from an e-mail) sends him to the first onboarding step,
  // keeping that page for the end.
  await page.goto(`/${paul.id}/document/fonctionnement`);
  await expect(page).toHaveURL(new RegExp(`/${paul.id}/init-profiles\\?redirect=`));
  await expect(page.getByRole('heading', { name: 'Mes coordonnées et informations' })).toBeVisible();

  // Contact: a bad e-mail is reported and blocks 'Suivant'.
  const contactEmail = page.getByLabel('Courriel de contact');
  await contactEmail.fill(t.owners.paul.email.replace(/@.*/, '@'));
  await expect(page.getByText('Le courriel est invalide')).toBeVisible();
  await page.getByRole('button', { name: 'Suivant' }).click();
  await expect(page).toHaveURL(/init-profiles\?redirect=/);
  // ...unless the contact is left for later: then the step goes through, without an e-mail.
  const contact = page.getByRole('region', { name: 'Mes coordonnées' });
  await contact.getByLabel('Renseigner plus tard').check();
  await expect(contactEmail).toBeDisabled();
  await page.getByRole('button', { name: 'Suivant' }).click();
  await expect(page).toHaveURL(/init-settings\?redirect=/);
  await expect(page.getByRole('heading', { name: 'Mes choix' })).toBeVisible();
  const fundCalls = page.getByRole('switch', { name: 'Recevoir les appels de fonds par e-mail' });
  await expect(fundCalls).toBeDisabled();
  await expect(fundCalls).not.toBeChecked();
  await expect(
    page.getByText("Veuillez renseigner votre courriel de contact sur l'écran précédent."),
  ).toBeVisible();

  // Back to the first step to give the contact after all.
  await page.getByRole('link', { name: 'Précédent' }).click();
  await expect(page).toHaveURL(/init-profiles\?redirect=/);
  await page.getByLabel('Courriel de contact').fill(t.owners.paul.email);
  await page.getByLabel('Téléphone de contact').fill('06 98 76 54 32');

  // Lot B21 is rented: tenant fields appear; a bad tenant phone is reported on blur.
  const b21 = lotCard(page, 'B21');
  await expect(b21.getByLabel('Nom du locataire')).toHaveCount(0);
  await b21.getByLabel('Mon bien est loué / utilisé par un tiers').check();
  await b21.getByLabel("Nom de l'agence").fill('Immo Lyon Gestion');
  await b21.getByLabel("Téléphone de l'agence").fill('04 78 95 12 40');
  await b21.getByLabel('Nom du locataire').fill('Yann Le Goff');
  await b21.getByLabel('Téléphone du locataire').fill('12');
  await b21.getByLabel('Courriel du locataire').focus();
  await expect(b21.getByText('Wrong phone syntax')).toBeVisible();
  await page.getByRole('button', { name: 'Suivant' }).click();
  await expect(page).toHaveURL(/init-profiles\?redirect=/);
  await expect(page.getByText('Veuillez corriger les champs signalés avant de continuer.')).toBeVisible();
  await b21.getByLabel('Téléphone du locataire').fill('06 88 12 40 57');
  await b21.getByLabel('Nom de la personne de confiance').fill('Marc Durand');

  // Lot C05 copies B21, then is left for later.
  const c05 = lotCard(page, 'C05');
  await expect(b21.getByRole('button', { name: 'Recopier du bloc précédent' })).toHaveCount(0);
  await c05.getByRole('button', { name: 'Recopier du bloc précédent' }).click();
  await expect(c05.getByLabel("Nom de l'agence")).toHaveValue('Immo Lyon Gestion');
  await expect(c05.getByLabel('Mon bien est loué / utilisé par un tiers')).toBeChecked();
  await expect(c05.getByLabel('Nom du locataire')).toHaveValue('Yann Le Goff');
  await c05.getByLabel('Renseigner plus tard').check();
  await expect(c05.getByLabel("Nom de l'agence")).toBeDisabled();

  await page.getByRole('button', { name: 'Suivant' }).click();
  await expect(page).toHaveURL(/init-settings\?redirect=/);

  // Default choices: convocations electronic (loi 1965 art. 42-1), fund calls by e-mail with an e-mail.
  const post = page.getByRole('switch', { name: 'Recevoir mes convocations par courrier postal' });
  await expect(post).not.toBeChecked();
  await expect(fundCalls).toBeEnabled();
  await expect(fundCalls).toBeChecked();
  // The request for the post is recorded at once, once confirmed.
  await flip(page, 'Recevoir mes convocations par courrier postal');
  await page.getByRole('dialog').getByRole('button', { name: 'Confirmer ma demande' }).click();
  await expect(post).toBeChecked();
  await expect(page.getByTestId('postal-request')).toContainText(
    /Demande enregistrée le \d{1,2}(er)? \p{L}+ \d{4}\./u,
  );
  await page.getByRole('button', { name: 'Valider mes choix' }).click();
  // Done: he lands on the page he had opened, not on the home page.
  await expect(page).toHaveURL(new RegExp(`/${paul.id}/document/fonctionnement$`));

  // What was stored.
  const info = await apiGet(page, `/coproprietaires/${paul.id}/user-supplement-info`);
  expect(info.contact).toMatchObject({ phone: '+33698765432', email: t.owners.paul.email });
  const byName = Object.fromEntries(
    info.lots.map((l: { name: string; info: unknown }) => [l.name.split(' ').at(-1), l.info]),
  );
  expect(byName.B21).toMatchObject({
    use_type: 'rent',
    agency_name: 'Immo Lyon Gestion',
    agency_phone: '+33478951240',
    locataire_name: 'Yann Le Goff',
    locataire_phone: '+33688124057',
    trusted_person: 'Marc Durand',
    ignore: false,
  });
  expect(byName.C05).toMatchObject({ ignore: true });
  const settings = await apiGet(page, `/coproprietaires/${paul.id}/settings`);
  expect(settings).toMatchObject({ 'receive-appel-de-fond-via-email': '1' });
  const postal = await apiGet(page, `/coproprietaires/${paul.id}/demande-voie-postale`);
  expect(postal.active).toMatchObject({ made_by: 'settings', withdrawn_at: null });
  expect((await records(page))[0].init_settings_done).toBe(true);

  // Onboarding done: the settings page opens without a detour and shows the choices.
  await page.goto(`/${paul.id}/settings`);
  await expect(page).toHaveURL(/settings$/);
  await expect(
    page.getByRole('switch', { name: 'Recevoir mes convocations par courrier postal' }),
  ).toBeChecked();
  // Fund calls by e-mail show there once, as the payments × e-mail cell of the preferences.
  await expect(page.getByRole('switch', { name: 'Recevoir les appels de fonds par e-mail' })).toHaveCount(0);
  await expect(
    page.getByRole('checkbox', { name: 'E-mail pour paiements et appels de fonds' }),
  ).toBeChecked();
});

test('paul goes through the onboarding steps again with the keyboard alone', async ({ page }) => {
  await signInByForm(page, t.owners.paul.email, t.password);
  const [paul] = await records(page);
  await page.goto(`/${paul.id}/init-profiles`);
  await expect(
    page.getByRole('heading', { name: 'Mes coordonnées et informations', level: 1 }),
  ).toBeVisible();
  const email = page.getByLabel('Courriel de contact');
  await expect(email).toHaveValue(t.owners.paul.email);

  // A bad e-mail and Enter: the step stays, the focus is on the field in error.
  await tabTo(page, email);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(t.owners.paul.email.replace(/@.*/, '@'));
  await tabTo(page, page.getByRole('button', { name: 'Suivant' }));
  await page.keyboard.press('Enter');
  await expect(email).toBeFocused();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('alert').filter({ hasText: 'Le courriel est invalide' })).toBeVisible();
  await expect(page).toHaveURL(/init-profiles$/);

  // Corrected, Enter from the field itself submits the step.
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(t.owners.paul.email);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/init-settings$/);

  // Space on the post switch asks to confirm the withdrawal; Escape keeps the request.
  const post = page.getByRole('switch', { name: 'Recevoir mes convocations par courrier postal' });
  await expect(post).toBeChecked();
  await tabTo(page, post);
  await page.keyboard.press('Space');
  await expect(page.getByRole('dialog')).toContainText('Retirer ma demande de courrier postal');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(post).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: 'Valider mes choix' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/${paul.id}/home$`));
  const postal = await apiGet(page, `/coproprietaires/${paul.id}/demande-voie-postale`);
  expect(postal.active).toMatchObject({ made_by: 'settings' });
});
