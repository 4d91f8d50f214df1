import { expect, test } from './a11y.fixture';
import {
  e164,
  freshEmail,
  freshMobile,
  loginByEmail,
  outboxCode,
  registerByApi,
  typeCode,
} from './identity.helpers';
import { DEMO_PASSWORD } from './sign-in';

/**
 * Accounts on the demo data: registering, a forgotten password, an invitation, logging out, the
 * profile.
 */

test.describe('register', () => {
  test('input_data → e-mail code → phone with captcha → SMS code → home', async ({ page, request }) => {
    const email = freshEmail();
    const mobile = freshMobile();
    await page.goto('/register');
    await page.getByLabel('Prénom').fill('Inès');
    await page.getByRole('textbox', { name: 'Nom', exact: true }).fill('Bertrand');
    await page.getByRole('textbox', { name: 'E-mail' }).fill('ines.bertrand@gm');
    await expect(page.getByRole('option', { name: 'ines.bertrand@gmail.com' })).toBeVisible();
    await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill('Nouveau123');
    await page.getByRole('textbox', { name: 'Confirmer le mot de passe' }).fill('Autre1234');
    await page.getByRole('button', { name: 'Suivant' }).click();
    await expect(page.getByText('Confirmer le mot de passe ne correspond pas')).toBeVisible();
    await page.getByRole('textbox', { name: 'Confirmer le mot de passe' }).fill('Nouveau123');
    await page.getByRole('button', { name: 'Suivant' }).click();

    await expect(page.getByText(`Un code à 6 chiffres a été envoyé à ${email}.`)).toBeVisible();
    await expect(page.getByText(/Expiration dans : 0m 5\ds|Expiration dans : 1m 0s/)).toBeVisible();
    // A screen reader hears words, not '0m 59s'.
    await expect(page.getByRole('timer')).toContainText(/Expiration dans (1 minute|\d+ secondes)$/);
    await typeCode(page, '000000');
    await page.getByRole('button', { name: 'Vérifier' }).click();
    await expect(page.getByText('Le code est invalide')).toBeVisible();
    const code = await outboxCode(request, email);
    for (let i = 0; i < 6; i++) await page.keyboard.press('Backspace');
    await typeCode(page, code);
    await page.getByRole('button', { name: 'Vérifier' }).click();

    await expect(page.getByText('Un code de vérification vous sera envoyé par SMS.')).toBeVisible();
    await expect(page.getByTestId('captcha')).toHaveAttribute('data-status', 'ok', { timeout: 20_000 });
    await page.getByPlaceholder('Entrer un numéro de téléphone').fill('06 12 34 56 78');
    await page.getByRole('button', { name: 'Suivant' }).click();
    await expect(page.getByText('Ce numéro de téléphone existe.')).toBeVisible();
    await page.getByPlaceholder('Entrer un numéro de téléphone').fill(mobile);
    await page.getByRole('button', { name: 'Suivant' }).click();
    await expect(page.getByText(/a été envoyé par SMS/)).toBeVisible();
    const sms = await outboxCode(request, e164(mobile));
    await typeCode(page, sms);
    await page.getByRole('button', { name: 'Suivant' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Bonjour Inès Bertrand')).toBeVisible();
  });

  test('a signed-in user with an e-mail but no phone is forced to link_phone', async ({ page, request }) => {
    const { token } = await registerByApi(request);
    await page.goto('/login');
    await page.evaluate((t) => localStorage.setItem('TOKEN', t), token);
    await page.goto('/');
    await expect(page).toHaveURL(/\/register\?mode=link_phone$/);
    await expect(page.getByText('Un code de vérification vous sera envoyé par SMS.')).toBeVisible();
  });
});

test('forgot password: e-mail → code → new password → alert → login', async ({ page, request }) => {
  const { email } = await registerByApi(request);
  await page.goto('/forgot-password');
  await page.getByLabel('E-mail').fill('personne.e2e@example.fr');
  await page.getByRole('button', { name: 'Envoyer le code' }).click();
  await expect(page.getByText("Cet e-mail n'existe pas.")).toBeVisible();
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Envoyer le code' }).click();
  // The account's registration code is in the outbox too: read it only once this one is sent
  // (the outbox lists the newest first).
  await expect(page.getByText(`Un code à 6 chiffres a été envoyé à ${email}.`)).toBeVisible();
  const code = await outboxCode(request, email);
  await typeCode(page, code === '000000' ? '111111' : '000000', 'Code reçu par e-mail');
  await page.getByRole('button', { name: 'Vérifier' }).click();
  await expect(page.getByText('Ce code ne correspond pas.')).toBeVisible();
  for (let i = 0; i < 6; i++) await page.keyboard.press('Backspace');
  await typeCode(page, code, 'Code reçu par e-mail');
  await page.getByRole('button', { name: 'Vérifier' }).click();
  await page.getByRole('textbox', { name: 'Nouveau mot de passe' }).fill('Oublie789');
  await page.getByRole('textbox', { name: 'Confirmer le mot de passe' }).fill('Oublie780');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(
    page.getByText('Le mot de passe et le mot de passe de confirmation ne correspondent pas.'),
  ).toBeVisible();
  await page.getByRole('textbox', { name: 'Confirmer le mot de passe' }).fill('Oublie789');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Votre mot de passe a été changé! Veuillez vous connecter.')).toBeVisible();
  await page.getByRole('button', { name: "D'accord" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await loginByEmail(page, email, 'Oublie789');
  await expect(page).not.toHaveURL(/\/login/);
});

test.describe('invitation', () => {
  test('used, expired and unknown codes show the §8 messages', async ({ page }) => {
    await page.goto('/invitations/INVIT2026U');
    await expect(page.getByText('Ce code est déjà utilisé')).toBeVisible();
    await page.goto('/invitations/INVIT2026E');
    await expect(page.getByText('Ce code a expiré')).toBeVisible();
    await page.goto('/invitations');
    await page.getByLabel("Code d'invitation").fill('NIMPORTE1');
    await page.getByRole('button', { name: 'Suivant' }).click();
    await expect(page.getByText('Code invalide', { exact: true })).toBeVisible();
  });

  test('a new co-owner accepts INVIT2026A through the whole flow', async ({ page, request }) => {
    const mobile = freshMobile();
    // The invitation e-mail's link carries the code: it is checked at once.
    await page.goto('/s/lefevre/invitations/INVIT2026A');
    await expect(page.getByTestId('syndic-logo')).toBeVisible();
    await expect(page.getByText('Invitation pour Mme Julie Fontaine')).toBeVisible();
    await expect(page.getByLabel('Prénom')).toHaveValue('Julie');
    const email = await page.getByRole('textbox', { name: 'E-mail' }).inputValue();
    expect(email).toBe('nouveau.coproprietaire@example.fr');
    await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill('Fontaine2026');
    await page.getByRole('textbox', { name: 'Confirmer le mot de passe' }).fill('Fontaine2026');
    await page.getByRole('button', { name: 'Suivant' }).click();
    await typeCode(page, await outboxCode(request, email));
    await page.getByRole('button', { name: 'Vérifier' }).click();
    await expect(page.getByTestId('captcha')).toHaveAttribute('data-status', 'ok', { timeout: 20_000 });
    // Signed in now, with the code in the URL: the page must not accept the invitation a second
    // time (it would say the code is used, above the steps of a registration that goes on).
    await page.waitForTimeout(2_500);
    await expect(page.getByText('Ce code est déjà utilisé')).toHaveCount(0);
    await expect(page.getByRole('link', { name: "Retour à l'accueil" })).toHaveCount(0);
    await page.getByPlaceholder('Entrer un numéro de téléphone').fill(mobile);
    await page.getByRole('button', { name: 'Suivant' }).click();
    await typeCode(page, await outboxCode(request, e164(mobile)));
    await page.getByRole('button', { name: 'Suivant' }).click();
    await expect(page).toHaveURL(/\/s\/lefevre$/);
    const token = await page.evaluate(() => localStorage.getItem('TOKEN'));
    const list = await request.get('/api/coproprietaires/all', {
      headers: { authorization: `Bearer ${token}` },
    });
    const names = ((await list.json()).data as { display_name: { fr: string } }[]).map(
      (r) => r.display_name.fr,
    );
    expect(names.join(' ')).toContain('Julie Fontaine');
    // The used code now says so.
    const info = await request.get('/api/extranets/get-info-token-invitation/INVIT2026A');
    expect((await info.json()).data.status).toBe(2);
  });
});

test('logout revokes the session and clears the device', async ({ page, request }) => {
  await loginByEmail(page, 'paul.durand@example.fr', DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  const token = await page.evaluate(() => localStorage.getItem('TOKEN'));
  await page.getByRole('button', { name: "Plus d'options" }).click();
  await page.getByRole('menuitem', { name: 'Déconnexion' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // The router reaches /login before the logout's reload does: read the device once it settles.
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('TOKEN')).catch(() => 'rechargement'))
    .toBeNull();
  const me = await request.get('/api/accounts/profile', { headers: { authorization: `Bearer ${token}` } });
  expect(me.status()).toBe(401);
});

test.describe('profile', () => {
  test('name, avatar and password change', async ({ page, request }) => {
    const { email, password, token } = await registerByApi(request);
    // give the account a phone so the main layout opens
    const mobile = freshMobile();
    const cap = await request.get('/api/captcha/challenge');
    expect(cap.status()).toBe(200);
    await page.goto('/login');
    await page.evaluate((t) => localStorage.setItem('TOKEN', t), token);
    await page.goto('/register');
    await expect(page.getByTestId('captcha')).toHaveAttribute('data-status', 'ok', { timeout: 20_000 });
    await page.getByPlaceholder('Entrer un numéro de téléphone').fill(mobile);
    await page.getByRole('button', { name: 'Suivant' }).click();
    await typeCode(page, await outboxCode(request, e164(mobile)));
    await page.getByRole('button', { name: 'Suivant' }).click();
    await expect(page).toHaveURL(/\/$/);

    await page.goto('/user-info');
    await page.getByLabel('Nom complet').fill('Anne-Sophie de La Tour');
    await page.getByRole('button', { name: 'Enregistrer' }).first().click();
    await expect(page.getByText('Vos informations ont été enregistrées.')).toBeVisible();
    await expect(page.getByText('Anne-Sophie de La Tour').first()).toBeVisible();

    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'moi.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByText('Votre photo a été mise à jour.')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Photo de profil' })).toHaveAttribute(
      'src',
      /\/files\/avatars\//,
    );

    await page.getByRole('textbox', { name: 'Ancien mot de passe' }).fill('Mauvais123');
    await page.getByRole('textbox', { name: 'Nouveau mot de passe', exact: true }).fill('Change456');
    await page.getByRole('textbox', { name: 'Confirmer le nouveau mot de passe' }).fill('Change457');
    await page.getByRole('button', { name: 'Enregistrer' }).nth(1).click();
    await expect(
      page.getByText('Votre mot de passe et votre mot de passe de confirmation ne correspondent pas.'),
    ).toBeVisible();
    await page.getByRole('textbox', { name: 'Confirmer le nouveau mot de passe' }).fill('Change456');
    await page.getByRole('button', { name: 'Enregistrer' }).nth(1).click();
    await expect(page.getByText("L'ancien mot de passe ne correspond pas.")).toBeVisible();
    await page.getByRole('textbox', { name: 'Ancien mot de passe' }).fill(password);
    await page.getByRole('button', { name: 'Enregistrer' }).nth(1).click();
    await expect(page.getByText('Votre mot de passe a été changé.')).toBeVisible();
    const relog = await request.post('/api/auth/login', { data: { email, password: 'Change456' } });
    expect(relog.status()).toBe(200);
  });
});
