import {
  checkA11y,
  expect,
  type Locator,
  newTenant,
  type Page,
  type Tenant,
  tabTo,
  test,
} from './tenant.fixture';

/**
 * Onboarding and settings on a tenant of their own: Paul (before onboarding, consent given with
 * the settings switch, lots B21 and C05), Claire (onboarded, consent given at onboarding) and
 * Lucie (onboarded, no consent recorded).
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
      { key: 'claire', first_name: 'Claire', last_name: 'Martin', consent: 'onboarding' },
      { key: 'lucie', first_name: 'Lucie', last_name: 'Moreau', consent: 'none' },
    ],
  });
});

async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Mot de passe').fill(t.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

type Record = { id: string; init_settings_done: boolean; coproprietes: { id: string; name: string }[] };

async function records(page: Page): Promise<Record[]> {
  return page.evaluate(async () => {
    const res = await fetch('/api/coproprietaires/all', {
      headers: { authorization: `Bearer ${localStorage.getItem('TOKEN')}` },
    });
    return (await res.json()).data;
  });
}

async function apiGet(page: Page, path: string) {
  return page.evaluate(async (p) => {
    const res = await fetch(`/api${p}`, {
      headers: { authorization: `Bearer ${localStorage.getItem('TOKEN')}` },
    });
    return (await res.json()).data;
  }, path);
}

/** Mantine switches hide their input: a user clicks the label. */
const flip = (page: Page, label: string | RegExp) =>
  page.locator('label').filter({ hasText: label }).first().click();

const SETTINGS_PUT = (url: URL) =>
  /^\/api\/coproprietaires\/[^/]+\/coproprietaires\/[^/]+\/settings$/.test(url.pathname);

/** The card titled 'Lot {name}'; demo lot names read 'Appartement B21', 'Cave C05'… */
const lotCard = (page: Page, name: string) =>
  page.getByRole('region', { name: new RegExp(`^Lot .*${name}$`) });

async function noHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe.configure({ mode: 'serial' });

test('paul goes through onboarding: contact, rent, copy from the previous block, fill later, choices', async ({
  page,
}) => {
  await signIn(page, t.owners.paul.email);
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

  // Default choices (SPEC §9): electronic convocation on, fund calls by e-mail on with an e-mail.
  const convocation = page.getByRole('switch', { name: /Recevoir les convocations/ });
  await expect(convocation).toBeChecked();
  await expect(fundCalls).toBeEnabled();
  await expect(fundCalls).toBeChecked();
  await flip(page, /Recevoir les convocations/);
  await expect(convocation).not.toBeChecked();
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
  expect(settings).toMatchObject({
    'allow-convocation-electronic': '0',
    'receive-appel-de-fond-via-email': '1',
  });
  expect((await records(page))[0].init_settings_done).toBe(true);

  // Onboarding done: the settings page opens without a detour and shows the choices.
  await page.goto(`/${paul.id}/settings`);
  await expect(page).toHaveURL(/settings$/);
  await expect(page.getByRole('switch', { name: /Recevoir les convocations/ })).not.toBeChecked();
  // Fund calls by e-mail show there once, as the payments × e-mail cell of the preferences.
  await expect(page.getByRole('switch', { name: 'Recevoir les appels de fonds par e-mail' })).toHaveCount(0);
  await expect(
    page.getByRole('checkbox', { name: 'E-mail pour paiements et appels de fonds' }),
  ).toBeChecked();
  // Paul had consented with the switch; 'Valider mes choix' with it off withdrew the consent, dated.
  await expect(page.getByTestId('consent-status')).toContainText(
    /^Consentement retiré le \d{2}\/\d{2}\/\d{4}\u202f: vos convocations vous parviennent par lettre recommandée postale\.$/,
  );
});

test('paul goes through the onboarding steps again with the keyboard alone', async ({ page }) => {
  await signIn(page, t.owners.paul.email);
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

  // Space flips a switch (and back: paul's choices stay as the previous test left them).
  const convocation = page.getByRole('switch', { name: /Recevoir les convocations/ });
  await expect(convocation).not.toBeChecked();
  await tabTo(page, convocation);
  await page.keyboard.press('Space');
  await expect(convocation).toBeChecked();
  await page.keyboard.press('Space');
  await expect(convocation).not.toBeChecked();
  await tabTo(page, page.getByRole('button', { name: 'Valider mes choix' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/${paul.id}/home$`));
  const settings = await apiGet(page, `/coproprietaires/${paul.id}/settings`);
  expect(settings).toMatchObject({ 'allow-convocation-electronic': '0' });
});

/** A co-owner of the tenant signed in with the session the tenant gave (as the SPA keeps it). */
async function signedIn(page: Page, who: 'claire' | 'lucie') {
  await page.addInitScript((token) => localStorage.setItem('TOKEN', token), t.owners[who].token);
  await page.goto('/');
  const [rec] = await records(page);
  expect(rec.init_settings_done).toBe(true);
  return rec;
}

test('claire changes her settings; a refused change is rolled back', async ({ page }) => {
  const rec = await signedIn(page, 'claire');
  await page.goto(`/${rec.id}/settings`);
  await expect(page.getByRole('heading', { name: 'Configuration' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Autorisation' })).toBeVisible();
  // Claire consented to electronic notification when she validated her choices: its date shows.
  await expect(page.getByTestId('consent-status')).toContainText(
    /^Consentement à la notification électronique donné le \d{2}\/\d{2}\/\d{4} à \d{2}:\d{2}, en validant vos choix à la première connexion\./,
  );
  await expect(
    page.getByText(
      'Quel que soit mon choix, je peux toujours communiquer avec les membres du syndic et les membres du conseil syndical.',
    ),
  ).toBeVisible();

  const chat = page.getByRole('switch', {
    name: "Autoriser les autres copropriétaires à m'envoyer des messages",
  });
  const notif = page.getByRole('switch', { name: 'Recevoir les notifications' });
  const chatBefore = await chat.isChecked();
  await flip(page, "Autoriser les autres copropriétaires à m'envoyer des messages");
  await expect(page.getByText('Vos choix ont été enregistrés.').first()).toBeVisible();
  await flip(page, 'Recevoir les notifications');
  await expect(notif).not.toBeChecked();
  await expect(page.getByText('Vos choix ont été enregistrés.').first()).toBeVisible();

  await page.reload();
  await expect(chat).toBeChecked({ checked: !chatBefore });
  await expect(notif).not.toBeChecked();

  // The server refuses: the switch goes back to where it was.
  await page.route(SETTINGS_PUT, (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ success: false, code: 'INTERNAL', message: 'Une erreur est survenue.' }),
    }),
  );
  const refused = page.waitForResponse((r) => r.request().method() === 'PUT' && r.status() === 500);
  await flip(page, 'Recevoir les notifications');
  await refused;
  await expect(notif).not.toBeChecked();
  await page.unroute(SETTINGS_PUT);
  await flip(page, 'Recevoir les notifications');
  await expect(notif).toBeChecked();
  await expect(page.getByText('Vos choix ont été enregistrés.').first()).toBeVisible();
});

test('the switch on by default is no consent: lucie gives it with the button', async ({ page }) => {
  const rec = await signedIn(page, 'lucie');
  await page.goto(`/${rec.id}/settings`);
  const status = page.getByTestId('consent-status');
  await expect(status).toContainText(
    'Aucun consentement enregistré\u202f: vos convocations vous parviennent par lettre recommandée postale.',
  );
  await status.getByRole('button', { name: 'Donner mon consentement' }).click();
  await expect(status).toContainText(
    /^Consentement à la notification électronique donné le \d{2}\/\d{2}\/\d{4} à \d{2}:\d{2}, depuis cette page\./,
  );
  await expect(status.getByRole('button')).toHaveCount(0);
  await checkA11y(page, 'settings with a consent given');
});

test('the welcome form: address autocomplete, Enter suppressed, saved contact', async ({ page }) => {
  const rec = await signedIn(page, 'claire');
  // The Base Adresse Nationale is answered here so the test does not depend on the internet.
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
              full_address: '12 Rue des Tilleuls 69003 Lyon',
              number: '12',
              street: 'Rue des Tilleuls',
              city: 'Lyon',
              country: 'FR',
              zip_code: '69003',
              latitude: 45.7578,
              longitude: 4.8512,
            },
          ],
        }),
      }),
  );
  await page.goto(`/${rec.id}/settings`);
  await page.getByRole('button', { name: 'Modifier mes coordonnées' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bienvenue' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Mon courriel')).toHaveValue(t.owners.claire.email);
  const address = dialog.getByLabel('Mon adresse postale');
  let saves = 0;
  page.on('request', (r) => {
    if (r.method() === 'PUT' && r.url().includes('update-user-supplement-info')) saves++;
  });
  await address.fill('12 rue des til');
  await expect(page.getByRole('option', { name: '12 Rue des Tilleuls 69003 Lyon' })).toBeVisible();
  // Enter in the address field never submits the form.
  await address.press('Enter');
  await page.waitForTimeout(500);
  expect(saves).toBe(0);
  await expect(dialog).toBeVisible();
  await page.getByRole('option', { name: '12 Rue des Tilleuls 69003 Lyon' }).click();
  await expect(address).toHaveValue('12 Rue des Tilleuls 69003 Lyon');
  await dialog.getByLabel('Mobile de la personne de confiance').fill('06 45 78 12 30');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Vos coordonnées ont été enregistrées.')).toBeVisible();
  await expect(page.getByText('12 Rue des Tilleuls 69003 Lyon')).toBeVisible();
  const info = await apiGet(page, `/coproprietaires/${rec.id}/user-supplement-info`);
  expect(info.contact.address).toMatchObject({ zip_code: '69003', latitude: 45.7578 });
});

test('the address input falls back to plain text when the search is unreachable', async ({ page }) => {
  const rec = await signedIn(page, 'claire');
  await page.route(
    (url) => url.pathname === '/api/address/search',
    (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, code: 'SERVICE_UNAVAILABLE', message: 'indisponible' }),
      }),
  );
  await page.goto(`/${rec.id}/settings`);
  await page.getByRole('button', { name: 'Modifier mes coordonnées' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bienvenue' });
  const address = dialog.getByLabel('Mon adresse postale');
  await address.fill('3 place Bellecour 69002 Lyon');
  await expect(
    dialog.getByText("La recherche d'adresse est indisponible\u202f: saisissez l'adresse complète."),
  ).toBeVisible();
  await expect(address).toHaveValue('3 place Bellecour 69002 Lyon');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('3 place Bellecour 69002 Lyon')).toBeVisible();
});

test('onboarding and settings fit a phone screen', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'fr-FR' });
  const page = await context.newPage();
  const rec = await signedIn(page, 'claire');
  for (const step of ['init-profiles', 'init-settings', 'settings']) {
    await page.goto(`/${rec.id}/${step}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('button').first()).toBeVisible();
    await noHorizontalScroll(page);
    await checkA11y(page, `${step} on a phone`);
  }
  // The step's button, reached with Tab, stops above the bottom bar rather than under it.
  await page.goto(`/${rec.id}/init-profiles`);
  const next = page.getByRole('button', { name: 'Suivant' });
  await next.focus();
  expect(await uncovered(next), "'Suivant' is not under the bottom bar").toBe(true);
  await context.close();
});

/** Whether the element's centre is the element itself (nothing fixed or sticky lies over it). */
async function uncovered(target: Locator): Promise<boolean> {
  return target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !!hit && (hit === el || el.contains(hit) || hit.contains(el));
  });
}
