import type { Browser, Page } from '@playwright/test';
import { checkA11y, expect, type Tenant, test } from './tenant.fixture';
import { keepToken } from './sign-in';

/**
 * A supplier invoice from capture to payment (decision 227): the gestionnaire records the
 * assembly's threshold, captures a lift maintenance invoice above it with its PDF, sends it to
 * the conseil syndical; Hélène, on the council, approves it from her co-owner space with a
 * comment; the gestionnaire records the payment; the invoice is on the co-owners' invoice page.
 * Paul, not on the council, gets a 404 from the council's list. The tenant is the spec's own.
 */

test.use({
  tenantSpec: {
    owners: [
      { key: 'helene', first_name: 'Hélène', last_name: 'Moreau', conseil_syndical_factures: true },
      { key: 'paul', first_name: 'Paul', last_name: 'Girard', lots: ['Appartement B21'] },
    ],
    console: true,
    budget_cents: 4_800_000,
  },
});

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Count 0/Kids[]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

async function as(browser: Browser, token: string, width: number): Promise<Page> {
  const ctx = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await ctx.newPage();
  await keepToken(page, token);
  return page;
}

async function councilApproves(browser: Browser, tenant: Tenant) {
  const page = await as(browser, tenant.owners.helene.token, 390);
  // The co-owner space's addresses name the record.
  await page.goto(`/${tenant.owners.helene.coproprietaire_id}/conseil/factures`);
  const card = page.getByTestId('facture-conseil').filter({ hasText: 'Ascenseurs Rhône-Alpes' });
  await expect(card).toContainText('En attente de votre avis');
  await expect(card).toContainText('1\u202f840,00\u00a0€');
  await checkA11y(page, 'council invoices, phone');
  await page.screenshot({ path: test.info().outputPath('conseil-factures-390.png'), fullPage: true });
  await card.getByLabel('Commentaire').fill('Conforme au contrat voté, visite du 3 mars faite.');
  await card.getByRole('button', { name: 'Approuver' }).click();
  await expect(card).toContainText('Validée par le conseil');
  await expect(card).toContainText('Avis de Mme Hélène Moreau');
  await checkA11y(page, 'council invoices answered');
  await page.context().close();
}

test('capture, council approval above the threshold, payment; the co-owners see it', async ({
  browser,
  page,
  request,
  tenant,
}) => {
  test.setTimeout(180_000);
  const copro = tenant.copropriete.id;
  await page.setViewportSize({ width: 1280, height: 900 });
  await keepToken(page, tenant.gestionnaire!.token);
  await page.goto(`/gestion/immeubles/${copro}/factures`);
  await expect(page.getByTestId('seuil')).toContainText("Aucun seuil n'est enregistré");
  await checkA11y(page, 'invoices page, empty');

  // The assembly's amount (art. 21, al. 2).
  await page.getByLabel("Montant fixé par l'assemblée (€ TTC)").fill('1500');
  await page.getByRole('button', { name: 'Enregistrer le seuil' }).click();
  await expect(page.getByTestId('seuil')).toContainText('à partir de 1\u202f500,00\u00a0€');

  // The invoice, its PDF, its account and key.
  await page.locator('input[type="file"]').setInputFiles({
    name: 'ascenseurs-rhone-alpes-F-2026-0312.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await page.getByLabel('Fournisseur').fill('Ascenseurs Rhône-Alpes');
  await page.getByLabel('Numéro').fill('F-2026-0312');
  await page.getByLabel('Montant TTC (€)').fill('1 840,00');
  await page.getByLabel('Compte de charges').selectOption('614');
  await page.getByRole('button', { name: 'Enregistrer la facture' }).click();
  const row = page.getByTestId('facture').filter({ hasText: 'Ascenseurs Rhône-Alpes' });
  await expect(row.getByTestId('etat')).toHaveText('À valider');
  await expect(row).toContainText('Seuil atteint');
  await expect(row.getByRole('button', { name: 'Enregistrer le paiement' })).toHaveCount(0);
  await checkA11y(page, 'invoices page, one to validate');
  await row.getByRole('button', { name: 'Envoyer au conseil' }).click();
  await expect(row.getByTestId('etat')).toHaveText('Envoyée au conseil');

  // Paul is not on the council: the list is not his (404), nor Hélène's record.
  for (const id of [tenant.owners.paul.coproprietaire_id, tenant.owners.helene.coproprietaire_id]) {
    const res = await request.get(`/api/invoices/coproprietaires/${id}/conseil`, {
      headers: { authorization: `Bearer ${tenant.owners.paul.token}` },
    });
    expect(res.status()).toBe(404);
  }

  await councilApproves(browser, tenant);

  await page.reload();
  await expect(row.getByTestId('etat')).toHaveText('Validée par le conseil');
  await expect(row).toContainText('Conforme au contrat voté');
  await row.getByRole('button', { name: 'Enregistrer le paiement' }).click();
  await expect(row.getByTestId('etat')).toHaveText('Payée');
  await expect(row).toContainText(/Payée le \d\d\/\d\d\/\d{4} \(écriture n° 2\)/);
  await checkA11y(page, 'invoices page, paid');
  await page.screenshot({ path: test.info().outputPath('console-factures-1280.png'), fullPage: true });

  // The co-owners' invoice page lists it, on a phone and a desk.
  for (const width of [390, 1280]) {
    const owner = await as(browser, tenant.owners.helene.token, width);
    await owner.goto(`/${tenant.owners.helene.coproprietaire_id}/invoices`);
    await expect(owner.getByText('Ascenseurs Rhône-Alpes')).toBeVisible();
    await expect(owner.getByRole('link', { name: 'Factures soumises au conseil' })).toBeVisible();
    await checkA11y(owner, `co-owner invoices ${width}`);
    await owner.screenshot({
      path: test.info().outputPath(`factures-coproprietaire-${width}.png`),
      fullPage: true,
    });
    await owner.context().close();
  }
});
