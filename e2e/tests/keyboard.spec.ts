import { expect, type Locator, tabTo, test } from './a11y.fixture';
import { registerByApi } from './identity.helpers';

/**
 * Keyboard alone: no mouse click in these tests, only Tab, Enter, Space and typing.
 * The skip link is the first stop; a failed submit moves the focus to the field in error, which
 * carries aria-invalid, and the error is a live region (role="alert").
 */

test('login with the keyboard alone: skip link, errors announced on the field, then signed in', async ({
  page,
  request,
}) => {
  const { email, password } = await registerByApi(request);
  await page.goto('/login');

  // First stop: 'Aller au contenu', visible once focused, and it leads into <main>.
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Aller au contenu' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main')).toBeFocused();

  const emailField = page.getByRole('textbox', { name: 'E-mail' });
  const passwordField = page.getByRole('textbox', { name: 'Mot de passe', exact: true });

  // Empty form, Enter: the first field in error takes the focus, marked invalid.
  await tabTo(page, emailField);
  await page.keyboard.press('Enter');
  await expect(emailField).toBeFocused();
  await expect(emailField).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('alert').filter({ hasText: 'Ce champ est requis.' }).first()).toBeVisible();

  // A wrong password: the server's answer is announced and the focus goes to the password.
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await expect(passwordField).toBeFocused();
  await page.keyboard.type('Mauvais123');
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('alert').filter({ hasText: 'Le mot de passe ne correspond pas.' }),
  ).toBeVisible();
  await expect(passwordField).toHaveAttribute('aria-invalid', 'true');
  await expect(passwordField).toBeFocused();
  await expect(passwordField).toHaveAttribute('aria-describedby', /error/);

  // The right password, Enter: signed in (this new account has no phone yet: link_phone).
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/register\?mode=link_phone$/);
});

test('focus is visible: a ring of at least 2 px on links, buttons and text fields', async ({ page }) => {
  await page.goto('/login');
  const ring = (l: Locator) =>
    l.evaluate((el) => {
      const s = getComputedStyle(el);
      return { style: s.outlineStyle, width: Number.parseFloat(s.outlineWidth) };
    });
  await page.keyboard.press('Tab');
  expect(await ring(page.getByRole('link', { name: 'Aller au contenu' }))).toMatchObject({ style: 'solid' });
  const emailField = page.getByRole('textbox', { name: 'E-mail' });
  await tabTo(page, emailField);
  const r = await ring(emailField);
  expect(r.style).toBe('solid');
  expect(r.width).toBeGreaterThanOrEqual(2);
  const submit = page.getByRole('button', { name: 'Se connecter' });
  await tabTo(page, submit);
  const b = await ring(submit);
  expect(b.style).toBe('solid');
  expect(b.width).toBeGreaterThanOrEqual(2);
});
