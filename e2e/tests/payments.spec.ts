import { formatCents } from '@tantieme/contract';
import { claireOf, sum } from './payments.helpers';
import { keepToken } from './sign-in';
import { checkA11y, expect, newTenant, type Tenant, tabTo, test } from './tenant.fixture';

/**
 * Card payment through the embedded sandbox checkout, on a tenant of its own: Claire owes two
 * quarters at a syndic that takes card payments. Paying changes only this tenant's balance.
 * Where paying is refused: payments-refusals.spec.ts.
 */
test.describe.configure({ mode: 'serial' });

let t: Tenant;
test.beforeAll(async () => {
  t = await newTenant({
    owners: [
      { key: 'claire', first_name: 'Claire', last_name: 'Martin', owing: true },
      { key: 'paul', first_name: 'Paul', last_name: 'Durand' },
    ],
  });
});

test('the wizard: every debt checked, select-all, amount, Retour, then Annuler at the checkout', async ({
  page,
  request,
}) => {
  const c = claireOf(request, t);
  const { debits, credits } = await c.payable();
  expect(debits.length).toBeGreaterThanOrEqual(2);
  const due = sum(debits) - sum(credits);
  const soldeBefore = await c.solde();
  const txBefore = (await c.transactions()).length;

  await keepToken(page, c.token);
  await page.goto(`/${c.tilleuls.id}/facture-v2`);
  await page.getByRole('button', { name: 'Payez maintenant' }).click();
  const wizard = page.getByRole('dialog', { name: 'Paiement en ligne' });
  const lines = wizard.getByRole('group', { name: 'Dettes à régler' }).getByRole('checkbox');
  await expect(lines).toHaveCount(debits.length);
  for (const box of await lines.all()) await expect(box).toBeChecked();
  await expect(wizard.getByText(debits[0].description)).toBeVisible();
  await expect(wizard.getByTestId('pay-amount')).toContainText(formatCents(due));
  await expect(wizard.getByTestId('pay-credit')).toContainText(formatCents(sum(credits)));

  // Select-all toggles every line.
  const all = wizard.getByRole('checkbox', { name: 'Tout sélectionner' });
  await all.click();
  for (const box of await lines.all()) await expect(box).not.toBeChecked();
  await expect(wizard.getByTestId('pay-amount')).toContainText(formatCents(0));
  await expect(wizard.getByRole('button', { name: 'Suivant' })).toBeDisabled();
  await all.click();
  for (const box of await lines.all()) await expect(box).toBeChecked();

  // One line unchecked: the amount drops by that line.
  await lines.first().click();
  await expect(wizard.getByTestId('pay-amount')).toContainText(formatCents(due - debits[0].amount));
  await lines.first().click();
  await expect(wizard.getByTestId('pay-amount')).toContainText(formatCents(due));

  // Step 2, 'Retour' to step 1, and step 2 again.
  await wizard.getByRole('button', { name: 'Suivant' }).click();
  await expect(wizard.getByTestId('confirm-complementary')).toContainText('Paiement complémentaire');
  await expect(wizard.getByTestId('confirm-complementary')).toContainText(formatCents(due));
  await wizard.getByRole('button', { name: 'Retour' }).click();
  await expect(all).toBeVisible();
  await wizard.getByRole('button', { name: 'Suivant' }).click();
  await wizard.getByRole('button', { name: `Payer ${formatCents(due)}` }).click();

  // The sandbox checkout: amount and lines, then 'Annuler'.
  await expect(page).toHaveURL(/\/sandbox-checkout\/cs_sandbox_/);
  await expect(page.getByLabel('Montant')).toHaveText(formatCents(due));
  await expect(page.getByText(debits[0].description)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Payer' })).toBeVisible();
  await page.getByRole('button', { name: 'Annuler' }).click();

  await expect(page).toHaveURL(
    new RegExp(`/${c.tilleuls.id}/facture-v2\\?session_id=cs_sandbox_[^&]+&stripe_payment_success=0$`),
  );
  const status = page.getByRole('dialog', { name: 'Payment status' });
  await expect(status).toContainText('Payment was cancelled!');
  await status.getByRole('button', { name: 'Fermer' }).last().click();
  await expect(status).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/${c.tilleuls.id}/facture-v2$`));

  // Nothing was paid.
  expect(await c.solde()).toBe(soldeBefore);
  expect(await c.transactions()).toHaveLength(txBefore);
  await expect(page.getByRole('button', { name: 'Payez maintenant' })).toBeVisible();
});

test('the wizard with the keyboard alone: Space on the lines, Enter on the buttons, to the checkout and back', async ({
  page,
  request,
}) => {
  const c = claireOf(request, t);
  const { debits, credits } = await c.payable();
  const due = sum(debits) - sum(credits);
  const soldeBefore = await c.solde();
  await keepToken(page, c.token);
  await page.goto(`/${c.tilleuls.id}/facture-v2`);

  await tabTo(page, page.getByRole('button', { name: 'Payez maintenant' }));
  await page.keyboard.press('Enter');
  const wizard = page.getByRole('dialog', { name: 'Paiement en ligne' });
  await expect(wizard).toBeVisible();
  // The focus is inside the dialog (and stays there: Tab cycles within it).
  await expect.poll(() => wizard.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await checkA11y(page, 'payment wizard, step 1');

  // Space unchecks the first debt and checks it again.
  const first = wizard.getByRole('group', { name: 'Dettes à régler' }).getByRole('checkbox').first();
  await tabTo(page, first);
  await page.keyboard.press('Space');
  await expect(first).not.toBeChecked();
  await expect(wizard.getByTestId('pay-amount')).toContainText(formatCents(due - debits[0].amount));
  await page.keyboard.press('Space');
  await expect(first).toBeChecked();
  await expect(wizard.getByTestId('pay-amount')).toContainText(formatCents(due));

  await tabTo(page, wizard.getByRole('button', { name: 'Suivant' }));
  await page.keyboard.press('Enter');
  const pay = wizard.getByRole('button', { name: `Payer ${formatCents(due)}` });
  await expect(pay).toBeVisible();
  await checkA11y(page, 'payment wizard, step 2');
  await tabTo(page, pay);
  await page.keyboard.press('Enter');

  // The sandbox checkout, left with 'Annuler' from the keyboard: back to the statement.
  await expect(page).toHaveURL(/\/sandbox-checkout\/cs_sandbox_/);
  await tabTo(page, page.getByRole('button', { name: 'Annuler' }));
  await page.keyboard.press('Enter');
  const status = page.getByRole('dialog', { name: 'Payment status' });
  await expect(status).toContainText('Payment was cancelled!');
  await checkA11y(page, 'payment status modal');
  await page.keyboard.press('Escape');
  await expect(status).toBeHidden();
  expect(await c.solde()).toBe(soldeBefore);
});

test('phone: the wizard and the status modal fit a 390×844 screen', async ({ page, request }, info) => {
  const c = claireOf(request, t);
  await page.setViewportSize({ width: 390, height: 844 });
  await keepToken(page, c.token);
  await page.goto(`/${c.tilleuls.id}/facture-v2`);
  await page.getByRole('button', { name: 'Payez maintenant' }).click();
  const wizard = page.getByRole('dialog', { name: 'Paiement en ligne' });
  await expect(wizard.getByRole('checkbox', { name: 'Tout sélectionner' })).toBeInViewport();
  await expect(wizard.getByRole('button', { name: 'Suivant' })).toBeInViewport();
  await info.attach('phone-wizard', { body: await page.screenshot(), contentType: 'image/png' });
  await wizard.getByRole('button', { name: 'Suivant' }).click();
  await expect(wizard.getByRole('button', { name: 'Retour' })).toBeInViewport();
  await expect(wizard.getByRole('button', { name: /^Payer/ })).toBeInViewport();
  await info.attach('phone-confirmation', { body: await page.screenshot(), contentType: 'image/png' });

  await page.goto(`/${c.tilleuls.id}/facture-v2?session_id=cs_sandbox_x&stripe_payment_success=1`);
  const status = page.getByRole('dialog', { name: 'Payment status' });
  await expect(status).toContainText('Payment was successful!');
  await expect(status.getByRole('button', { name: 'Fermer' }).last()).toBeInViewport();
  await info.attach('phone-status', { body: await page.screenshot(), contentType: 'image/png' });
});

test('pays the whole balance through the sandbox: success modal, new credit line and transaction', async ({
  page,
  request,
}) => {
  const c = claireOf(request, t);
  const { debits, credits } = await c.payable();
  const due = sum(debits) - sum(credits);
  expect(due).toBeGreaterThan(0);
  const txBefore = (await c.transactions()).length;

  await keepToken(page, c.token);
  await page.goto(`/${c.tilleuls.id}/facture-v2`);
  await page.getByRole('button', { name: 'Payez maintenant' }).click();
  const wizard = page.getByRole('dialog', { name: 'Paiement en ligne' });
  await wizard.getByRole('button', { name: 'Suivant' }).click();
  await wizard.getByRole('button', { name: `Payer ${formatCents(due)}` }).click();
  await expect(page).toHaveURL(/\/sandbox-checkout\//);
  await page.getByRole('button', { name: 'Payer' }).click();

  await expect(page).toHaveURL(/stripe_payment_success=1$/);
  const status = page.getByRole('dialog', { name: 'Payment status' });
  await expect(status).toContainText('Payment was successful!');
  await status.getByRole('button', { name: 'Fermer' }).last().click();
  await expect(page).toHaveURL(new RegExp(`/${c.tilleuls.id}/facture-v2$`));

  // Credited once: nothing left to pay, the button is gone, the balance is 0.
  await expect(page.getByTestId('balance-amount')).toHaveText(formatCents(0));
  await expect(page.getByRole('button', { name: 'Payez maintenant' })).toHaveCount(0);
  expect(await c.solde()).toBe(0);
  expect((await c.payable()).debits).toEqual([]);

  // The new credit line, among the settled lines.
  await page.getByText('Voir les lignes soldées').click();
  const today = new Intl.DateTimeFormat('fr-FR', {
    timeZone: 'Europe/Paris',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date());
  const row = page.getByRole('row', { name: new RegExp(`^${today} Paiement par carte bancaire`) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(formatCents(due));

  // The payment transaction: once, with fee and net, shown in the Transactions tab.
  const txs = await c.transactions();
  expect(txs).toHaveLength(txBefore + 1);
  expect(txs[0]).toMatchObject({ amount: due, currency: 'eur', payment_method: 'card' });
  expect(txs[0].fee + txs[0].net).toBe(due);
  await page.goto(`/${c.tilleuls.id}/facture`);
  await page.getByRole('tab', { name: 'Transactions' }).click();
  const list = page.getByTestId('transactions');
  await expect(list).toContainText(formatCents(due));
  await expect(list).toContainText('CB');
});
