import { checkA11y, expect, newTenant, type Tenant, test } from './tenant.fixture';
import { apiGet, flip, noHorizontalScroll, SETTINGS_PUT, signedIn, uncovered } from './onboarding.helpers';

/**
 * Settings and the welcome form on a tenant of their own: Claire (onboarded, consent given at
 * onboarding under the former text) and Lucie (onboarded, nothing recorded), both notified
 * electronically; the onboarding steps on a phone.
 */
let t: Tenant;
test.beforeAll(async () => {
  t = await newTenant({
    owners: [
      { key: 'claire', first_name: 'Claire', last_name: 'Martin', consent: 'onboarding' },
      { key: 'lucie', first_name: 'Lucie', last_name: 'Moreau', consent: 'none' },
    ],
  });
});

test.describe.configure({ mode: 'serial' });

test('claire changes her settings; a refused change is rolled back', async ({ page }) => {
  const rec = await signedIn(page, t.owners.claire);
  await page.goto(`/${rec.id}/settings`);
  await expect(page.getByRole('heading', { name: 'Configuration' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Autorisation' })).toBeVisible();
  // Electronic is the rule (loi 1965 art. 42-1): no request for the post.
  await expect(
    page.getByRole('switch', { name: 'Recevoir mes convocations par courrier postal' }),
  ).not.toBeChecked();
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
  // Each switch is saved by its own call: both answered before the page is read again.
  const saved = () =>
    page.waitForResponse((r) => r.request().method() === 'PUT' && SETTINGS_PUT(new URL(r.url())));
  let answered = saved();
  await flip(page, "Autoriser les autres copropriétaires à m'envoyer des messages");
  expect((await answered).status()).toBe(200);
  await expect(page.getByText('Vos choix ont été enregistrés.').first()).toBeVisible();
  answered = saved();
  await flip(page, 'Recevoir les notifications');
  await expect(notif).not.toBeChecked();
  expect((await answered).status()).toBe(200);
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

test('lucie asks for the post, sees its date, then withdraws it', async ({ page }) => {
  const rec = await signedIn(page, t.owners.lucie);
  await page.goto(`/${rec.id}/settings`);
  const card = page.getByTestId('postal-request');
  await expect(card).toContainText(
    'Vos convocations aux assemblées générales, les notifications et les mises en demeure de votre syndic vous parviennent par lettre recommandée électronique. Vous pouvez demander à tout moment à les recevoir par courrier postal',
  );
  const post = page.getByRole('switch', { name: 'Recevoir mes convocations par courrier postal' });
  await expect(post).not.toBeChecked();
  const today = new Intl.DateTimeFormat('fr-FR', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/Paris',
  })
    .format(new Date())
    .replace(/^1 /, '1er ');

  // Cancelled, nothing is recorded.
  await flip(page, 'Recevoir mes convocations par courrier postal');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText("Votre demande prend effet dès aujourd'hui");
  await dialog.getByRole('button', { name: 'Annuler' }).click();
  await expect(post).not.toBeChecked();

  await flip(page, 'Recevoir mes convocations par courrier postal');
  await checkA11y(page, 'settings, the request for the post to confirm');
  const made = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && r.url().endsWith('/demande-voie-postale'),
  );
  await dialog.getByRole('button', { name: 'Confirmer ma demande' }).click();
  expect((await made).status()).toBe(200);
  await expect(post).toBeChecked();
  await expect(card).toContainText(
    `Demande enregistrée le ${today}. Elles vous parviennent par lettre recommandée avec demande d'avis de réception`,
  );
  const state = await apiGet(page, `/coproprietaires/${rec.id}/demande-voie-postale`);
  expect(state.active).toMatchObject({ made_by: 'settings', withdrawn_at: null });

  // Kept after a reload.
  await page.reload();
  await expect(post).toBeChecked();
  await expect(card).toContainText(`Demande enregistrée le ${today}`);
  await checkA11y(page, 'settings with a request for the post');

  await flip(page, 'Recevoir mes convocations par courrier postal');
  await expect(dialog).toContainText('de nouveau par lettre recommandée électronique');
  await dialog.getByRole('button', { name: 'Retirer ma demande' }).click();
  await expect(post).not.toBeChecked();
  await expect(card).toContainText(`Demande de courrier postal retirée le ${today}.`);
  const after = await apiGet(page, `/coproprietaires/${rec.id}/demande-voie-postale`);
  expect(after.active).toBeNull();
  expect(after.history).toHaveLength(1);
});

test('the welcome form: address autocomplete, Enter suppressed, saved contact', async ({ page }) => {
  const rec = await signedIn(page, t.owners.claire);
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
  const rec = await signedIn(page, t.owners.claire);
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
  const rec = await signedIn(page, t.owners.claire);
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
