import { type APIRequestContext, type Browser, checkA11y, expect, test } from './a11y.fixture';
import { demoSession, recordOf, useToken } from './sign-in';

/**
 * Vérification des comptes (SPEC §2.6, §4): claire and Jean-Pierre Rousseau, both council members
 * at Les Tilleuls, have the page open; claire's checks, 'Tout cocher' and 'Terminer' reach his page
 * live ('copro-update-charge-verification-status').
 */

/** A demo account's session and its Les Tilleuls record. */
async function apiSignIn(request: APIRequestContext, email: string) {
  const { token, records } = await demoSession(request, email);
  return { token, record: recordOf(records, 'Tilleuls').id };
}

async function open(browser: Browser, email: string, viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({ viewport, locale: 'fr-FR', timezoneId: 'Europe/Paris' });
  const page = await context.newPage();
  // As the a11y fixture does: no half-faded dialogs under axe.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const { token, record } = await apiSignIn(page.request, email);
  await useToken(page, token);
  await page.goto(`/${record}/verification`);
  await expect(page.getByRole('heading', { name: 'Vérification des comptes' })).toBeVisible();
  return { page, context, record };
}

test('claire checks invoices and finishes; a second council member sees it live', async ({ browser }) => {
  const claire = await open(browser, 'claire.martin@example.fr');
  const jp = await open(browser, 'jp.rousseau@example.fr');
  for (const p of [claire.page, jp.page]) {
    await expect(p.getByRole('tab', { name: 'Charges de fonctionnement' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(p.getByTestId('verif-finish')).toHaveText('Terminer');
  }
  await checkA11y(claire.page, 'verification, operating charges');

  // One invoice: find an unchecked council box in the first charge and check it.
  const firstCharge = (p: typeof claire.page) => p.getByTestId('verif-charge').first();
  const box = (p: typeof claire.page, i: number) => firstCharge(p).getByTestId('verif-syndicat').nth(i);
  const count = await firstCharge(claire.page).getByTestId('verif-syndicat').count();
  expect(count).toBeGreaterThan(0);
  let target = -1;
  for (let i = 0; i < count; i++) {
    if (!(await box(claire.page, i).isChecked())) {
      target = i;
      break;
    }
  }
  expect(target).toBeGreaterThanOrEqual(0);
  // A click, then the state: the box flips when the optimistic update lands (after cancelling
  // a refetch in flight), which `check()`, asserting right after its click, can miss.
  await box(claire.page, target).click();
  await expect(box(claire.page, target)).toBeChecked();
  await expect(box(jp.page, target)).toBeChecked();
  // The syndic's box is read-only.
  await expect(
    firstCharge(claire.page)
      .getByRole('checkbox', { name: /Vérifiée par le syndic/ })
      .first(),
  ).toBeDisabled();

  // The invoice opens in the file preview.
  await firstCharge(claire.page).getByRole('button', { name: 'Voir la facture' }).first().click();
  await expect(claire.page.getByRole('dialog')).toBeVisible();
  await checkA11y(claire.page, 'invoice in the file preview');
  await claire.page.getByRole('button', { name: 'Fermer' }).click();

  // 'Charges travaux': the header checkbox checks them all, on both pages.
  for (const p of [claire.page, jp.page]) await p.getByRole('tab', { name: 'Charges travaux' }).click();
  await expect(claire.page.getByTestId('verif-syndicat').first()).toBeVisible();
  await claire.page.getByTestId('verif-all').click();
  await expect(claire.page.getByTestId('verif-all')).toBeChecked();
  await expect(jp.page.getByTestId('verif-all')).toBeChecked();
  const jpBoxes = jp.page.getByTestId('verif-syndicat');
  const n = await jpBoxes.count();
  for (let i = 0; i < n; i++) await expect(jpBoxes.nth(i)).toBeChecked();
  await checkA11y(jp.page, 'verification, works charges, all checked');

  // 'Terminer': every box disabled, header grey, 'Modifier' on both pages.
  await claire.page.getByTestId('verif-finish').click();
  for (const p of [claire.page, jp.page]) {
    await expect(p.getByTestId('verif-finish')).toHaveText('Modifier');
    await expect(p.getByTestId('verif-header')).toHaveAttribute('data-finished', '1');
    await expect(p.getByTestId('verif-all')).toBeDisabled();
    await expect(p.getByTestId('verif-syndicat').first()).toBeDisabled();
  }
  await jp.page.screenshot({ path: test.info().outputPath('verification-finished-desktop.png') });
  await checkA11y(jp.page, "verification finished ('Modifier')");

  // 'Modifier' (by jp) reopens it for claire too.
  await jp.page.getByTestId('verif-finish').click();
  await expect(claire.page.getByTestId('verif-finish')).toHaveText('Terminer');
  await expect(claire.page.getByTestId('verif-syndicat').first()).toBeEnabled();
  await claire.context.close();
  await jp.context.close();
});

test('phone-sized verification page', async ({ browser }) => {
  const claire = await open(browser, 'claire.martin@example.fr', { width: 390, height: 844 });
  await expect(claire.page.getByTestId('verif-charge').first()).toBeVisible();
  await claire.page.screenshot({ path: test.info().outputPath('verification-phone.png'), fullPage: true });
  await checkA11y(claire.page, 'verification, phone');
  await claire.context.close();
});

test('an ordinary co-owner has no verification page', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const { token, record } = await apiSignIn(page.request, 'paul.durand@example.fr');
  await useToken(page, token);
  await page.goto(`/${record}/verification`);
  await expect(page.getByRole('heading', { name: 'Vérification des comptes' })).toHaveCount(0);
  await checkA11y(page, 'not found for an ordinary co-owner');
  await context.close();
});
