import { readFile } from 'node:fs/promises';
import { formatCents } from '@tantieme/contract';
import type { APIRequestContext, Page } from '@playwright/test';
import { checkA11y, expect, newTenant, type Tenant, test } from './tenant.fixture';

/**
 * Paul pays a new appel de fonds by SEPA direct debit in the sandbox checkout: processing
 * ('En cours de prélèvement'), then the bank pays, and he downloads the receipt. His building is
 * a tenant of this file's own (Paul with a saved mandate, and Claire); his debt is made for the
 * test by the syndic API, and the payment settles it: his balance ends where it was.
 */
test.describe.configure({ mode: 'serial' });

let tenant: Tenant;
test.beforeAll(async () => {
  tenant = await newTenant({
    owners: [
      { key: 'paul', first_name: 'Paul', last_name: 'Durand', lots: ['Appartement B21'], mandat_sepa: true },
      { key: 'claire', first_name: 'Claire', last_name: 'Martin', lots: ['Appartement A12'] },
    ],
  });
});

function paul() {
  const p = tenant.owners.paul;
  return { token: p.token, id: p.coproprietaire_id, coproId: tenant.copropriete.id };
}

/** A new appel de fonds for Paul, written by the syndic's software. */
async function newCall(request: APIRequestContext, externalId: string, cents: number) {
  const headers = { 'x-api-key': tenant.syndic.api_key };
  const put = await request.put(`/api/syndic/v1/ledger-lines/${externalId}`, {
    headers,
    data: {
      coproprietaire: tenant.owners.paul.compte,
      date: new Date().toISOString().slice(0, 10),
      name: "Appel de fonds exceptionnel – remplacement de l'interphone",
      amount_type: 'debit',
      amount_cents: cents,
      bill_type: 'travaux',
    },
  });
  expect(put.ok(), await put.text()).toBe(true);
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`sepa-${name}.png`), fullPage: true });
}

for (const size of [
  { name: 'desktop', viewport: { width: 1366, height: 900 }, cents: 12_345 },
  { name: 'phone', viewport: { width: 390, height: 844 }, cents: 8_760 },
]) {
  test(`${size.name}: pay by SEPA in the sandbox, en cours de prélèvement, then the receipt`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(size.viewport);
    const p = paul();
    await newCall(request, `E2E-SEPA-${size.name.toUpperCase()}`, size.cents);
    await page.addInitScript((t) => localStorage.setItem('TOKEN', t), p.token);
    await page.goto(`/${p.id}/facture-v2`);
    await page.getByRole('button', { name: 'Payez maintenant' }).click();
    const wizard = page.getByRole('dialog', { name: 'Paiement en ligne' });
    await expect(wizard.getByTestId('pay-amount')).toContainText(formatCents(size.cents));
    await wizard.getByRole('button', { name: 'Suivant' }).click();
    await wizard.getByRole('button', { name: `Payer ${formatCents(size.cents)}` }).click();

    // The sandbox checkout: the SEPA form, its mandate accepted.
    await expect(page).toHaveURL(/\/sandbox-checkout\/cs_sandbox_/);
    const checkout = page.url();
    await expect(page.getByRole('heading', { name: 'Prélèvement SEPA' })).toBeVisible();
    await expect(page.getByLabel('IBAN')).toHaveValue('FR76 3000 6000 0112 3456 7890 189');
    await checkA11y(page, `sandbox checkout ${size.name}`);
    await page.getByRole('checkbox', { name: /vous autorisez/ }).check();
    await shoot(page, `checkout-${size.name}`);
    await page.getByRole('button', { name: 'Valider le prélèvement SEPA' }).click();

    // Back on the statement: the debit is being collected, not payable again.
    await expect(page).toHaveURL(new RegExp(`/${p.id}/facture-v2\\?session_id=`));
    const status = page.getByRole('dialog', { name: 'Payment status' });
    await status.getByRole('button', { name: 'Fermer' }).last().click();
    await expect(page.getByText('En cours de prélèvement').locator('visible=true').first()).toBeVisible();
    const payable = await request.get(
      `/api/finances/coproprietes/${p.coproId}/coproprietaires/${p.id}/data-for-payment`,
      {
        headers: { authorization: `Bearer ${p.token}` },
      },
    );
    expect((await payable.json()).data.debits).toEqual([]);
    // Nothing else owed: no 'Payez maintenant' while the debit runs, and the reason in its place.
    await expect(page.getByRole('button', { name: 'Payez maintenant' })).toHaveCount(0);
    await expect(page.getByTestId('collecting-note').locator('visible=true').first()).toContainText(
      `Un prélèvement SEPA de ${formatCents(size.cents)} est en cours`,
    );
    await checkA11y(page, `statement collecting ${size.name}`);
    await shoot(page, `collecting-${size.name}`);

    // Days later, the bank pays (the sandbox's simulator).
    await page.goto(checkout);
    await expect(page.getByRole('heading', { name: 'Prélèvement SEPA en cours' })).toBeVisible();
    await checkA11y(page, `sandbox processing ${size.name}`);
    await page.getByRole('button', { name: "Simuler l'encaissement" }).click();
    await expect(page).toHaveURL(new RegExp(`/${p.id}/facture-v2\\?session_id=`));
    await page
      .getByRole('dialog', { name: 'Payment status' })
      .getByRole('button', { name: 'Fermer' })
      .last()
      .click();
    await expect(page.getByText('En cours de prélèvement').locator('visible=true')).toHaveCount(0);

    // The receipt, from the payment's line among the settled lines.
    await page.getByText('Voir les lignes soldées').click();
    const receipt = page
      .getByRole('button', { name: /Télécharger le reçu du paiement du/ })
      .locator('visible=true')
      .last();
    await expect(receipt).toBeVisible();
    await shoot(page, `receipt-link-${size.name}`);
    const [download] = await Promise.all([page.waitForEvent('download'), receipt.click()]);
    expect(download.suggestedFilename()).toMatch(/^Reçu REC-[0-9A-F]{8}\.pdf$/);
    const pdf = await readFile((await download.path()) as string);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    await checkA11y(page, `statement with receipts ${size.name}`);
  });
}

for (const size of [
  { name: 'desktop', viewport: { width: 1366, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
]) {
  test(`${size.name}: the saved mandate in the settings, revoked and signed again`, async ({ page }) => {
    await page.setViewportSize(size.viewport);
    const p = paul();
    await page.addInitScript((t) => localStorage.setItem('TOKEN', t), p.token);
    await page.goto(`/${p.id}/settings`);
    const card = page.getByRole('region', { name: 'Prélèvement automatique SEPA' });
    await expect(card.getByTestId('sepa-mandate')).toContainText('FR76 •••• 0189');
    await expect(card.getByTestId('sepa-mandate')).toContainText(/TANTIEME-[A-Z0-9]+/);
    await checkA11y(page, `settings mandate ${size.name}`);
    await page.screenshot({ path: test.info().outputPath(`sepa-mandate-${size.name}.png`), fullPage: true });
    await card.getByRole('button', { name: 'Révoquer le mandat' }).click();
    await expect(card.getByRole('button', { name: 'Signer le mandat' })).toBeDisabled();
    await card.getByLabel('Titulaire du compte').fill('Paul Durand');
    await card.getByLabel('IBAN').fill('FR76 3000 6000 0112 3456 7890 188');
    await card.getByRole('checkbox').check();
    await card.getByRole('button', { name: 'Signer le mandat' }).click();
    await expect(card.getByRole('alert')).toContainText("Cet IBAN n'est pas valide");
    await card.getByLabel('IBAN').fill('FR76 3000 6000 0112 3456 7890 189');
    await card.getByRole('button', { name: 'Signer le mandat' }).click();
    await expect(card.getByTestId('sepa-mandate')).toContainText('FR76 •••• 0189');
    await checkA11y(page, `settings mandate signed ${size.name}`);
  });
}

test("another user cannot get Paul's receipt", async ({ request }) => {
  const p = paul();
  const headers = { authorization: `Bearer ${p.token}` };
  const settled = await request.get(
    `/api/finances/coproprietes/${p.coproId}/coproprietaires/${p.id}/ledger/settled`,
    {
      headers,
    },
  );
  const line = ((await settled.json()).data as { payment_id?: string }[]).find((l) => l.payment_id);
  if (!line?.payment_id) throw new Error('no payment line');
  const url = `/api/finances/coproprietes/${p.coproId}/coproprietaires/${p.id}/payments/${line.payment_id}/receipt`;
  expect((await request.get(url, { headers })).status()).toBe(200);
  const claire = tenant.owners.claire.token;
  expect((await request.get(url, { headers: { authorization: `Bearer ${claire}` } })).status()).toBe(404);
});
