import { claireOf } from './payments.helpers';
import { keepToken } from './sign-in';
import { expect, newTenant, type Tenant, test } from './tenant.fixture';

/**
 * Where card payment is refused, on tenants of their own: Marc's syndic does not take card
 * payments; Paul may not call Claire's payment routes; a session the server refuses sends Claire
 * back to the first step.
 */
test.describe.configure({ mode: 'serial' });

let t: Tenant;
let off: Tenant;
test.beforeAll(async () => {
  t = await newTenant({
    owners: [
      { key: 'claire', first_name: 'Claire', last_name: 'Martin', owing: true },
      { key: 'paul', first_name: 'Paul', last_name: 'Durand' },
    ],
  });
  off = await newTenant({
    card_payments: false,
    owners: [{ key: 'marc', first_name: 'Marc', last_name: 'Petit', owing: true }],
  });
});

test('no Payez maintenant where the syndic has card payments off', async ({ page, request }) => {
  const clos = { id: off.owners.marc.coproprietaire_id, coproId: off.copropriete.id };
  const marc = off.owners.marc.token;
  const ready = await request.get(`/api/finances/coproprietes/${clos.coproId}/check-stripe-ready`, {
    headers: { authorization: `Bearer ${marc}` },
  });
  expect((await ready.json()).data).toEqual({ ready: false });
  await keepToken(page, marc);
  await page.goto(`/${clos.id}/facture-v2`);
  await expect(page.getByRole('heading', { name: 'Situation de compte' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Payez maintenant' })).toHaveCount(0);
});

test("another user gets 404 on claire's payment calls", async ({ request }) => {
  const c = claireOf(request, t);
  const paul = { authorization: `Bearer ${t.owners.paul.token}` };
  expect((await request.get(`${c.base}/data-for-payment`, { headers: paul })).status()).toBe(404);
  const res = await request.post(`${c.base}/generate-session-payment-request-by-stripe`, {
    headers: paul,
    data: { debits: [], credits: [], pay_amount: 0 },
  });
  expect(res.status()).toBe(404);
});

test('a refused session returns to step 1 with the §8 message; any other error reloads the lines', async ({
  page,
  request,
}) => {
  const c = claireOf(request, t);
  await keepToken(page, c.token);
  let loads = 0;
  await page.route('**/data-for-payment', async (route) => {
    loads += 1;
    await route.continue();
  });
  const answers = [
    { code: 'AMOUNT_MINUMUM', message: 'x', errors: { minimum: 'AMOUNT_MINUMUM:0.5_eur' } },
    { code: 'COPRO_STRIPE_INVALID', message: 'x' },
    { code: 'AMOUNT_REQUIRED', message: 'x' },
    { code: 'SOMETHING_ELSE', message: 'x' },
  ];
  await page.route('**/generate-session-payment-request-by-stripe', (route) =>
    route.fulfill({ status: 400, json: { success: false, ...answers.shift() } }),
  );
  await page.goto(`/${c.tilleuls.id}/facture-v2`);
  await page.getByRole('button', { name: 'Payez maintenant' }).click();
  const wizard = page.getByRole('dialog', { name: 'Paiement en ligne' });
  const attempt = async (message: string) => {
    await wizard.getByRole('button', { name: 'Suivant' }).click();
    await wizard.getByRole('button', { name: /^Payer/ }).click();
    await expect(wizard.getByRole('alert')).toHaveText(message);
    await expect(wizard.getByRole('checkbox', { name: 'Tout sélectionner' })).toBeVisible();
  };
  await expect(wizard.getByRole('button', { name: 'Suivant' })).toBeEnabled();
  const loaded = loads;
  await attempt('Le montant minimum du paiement est de 0,50 euro.');
  await attempt('Le paiement de ce copropriété est désormais invalide.');
  await attempt("Le montant du paiement n'est pas valide");
  expect(loads).toBe(loaded);
  await attempt('Votre demande est invalide. Veuillez réessayer.');
  await expect.poll(() => loads).toBe(loaded + 1);
});
