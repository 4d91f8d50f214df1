import { checkA11y, expect, type Page, test } from './tenant.fixture';

/**
 * The year's close from the console: a volunteer syndic calls the first quarter, then on the
 * journal page takes annexe 1 of the arrêté du 14 mars 2005 as a PDF and the journal as a CSV
 * for French Excel (`;`, UTF-8 with a BOM); the état financier's two sides are equal. axe.
 */

test.use({
  tenantSpec: {
    owners: [
      { key: 'anne', first_name: 'Anne', last_name: 'Petit', lots: ['Appartement A12'] },
      { key: 'paul', first_name: 'Paul', last_name: 'Durand', lots: ['Appartement B21'] },
    ],
    benevole: 'anne',
    budget_cents: 1_200_000,
  },
});

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

test('the annexes and the journal export of an exercice, reconciled', async ({ page, request, tenant }) => {
  test.setTimeout(120_000);
  const { anne } = tenant.owners;
  const coproId = tenant.copropriete.id;
  const headers = { authorization: `Bearer ${anne.token}` };
  const overview = await request.get(`/api/gestion/coproprietes/${coproId}/budget`, { headers });
  expect(overview.status(), await overview.text()).toBe(200);
  const yearId = (await overview.json()).data.exercice.id as string;
  const called = await request.post(`/api/gestion/coproprietes/${coproId}/appels`, {
    headers,
    data: { financial_year_id: yearId, period: 1 },
  });
  expect(called.status(), await called.text()).toBe(200);

  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, anne.email, tenant.password);
  await page.goto(`/gestion/immeubles/${coproId}/journal`);
  await expect(page.getByRole('heading', { name: 'Annexes comptables' })).toBeVisible();
  // A quarter of 12 000 € called, nothing paid: 3 000 € owed on each side of the état financier.
  await expect(page.getByText(/^Trésorerie et créances = fonds, dettes/)).toContainText(/3\s000,00/);
  await checkA11y(page, 'journal page with the annexes');

  const pdfAnswer = page.waitForResponse((r) => r.url().includes('/annexes/pdf'));
  await page.getByRole('button', { name: 'Annexe 1 – État financier' }).click();
  const pdf = (await (await pdfAnswer).json()).data;
  expect(pdf.name).toMatch(/^Annexe 1 – État financier – .+\.pdf$/);
  const pdfBody = await page.request.get(pdf.url);
  expect((await pdfBody.body()).subarray(0, 5).toString()).toBe('%PDF-');

  const csvAnswer = page.waitForResponse((r) => r.url().includes('/exports'));
  await page.getByRole('button', { name: 'Journal (CSV)' }).click();
  const csv = (await (await csvAnswer).json()).data;
  expect(csv.name).toMatch(/^Journal – .+\.csv$/);
  const text = (await (await page.request.get(csv.url)).body()).toString('utf8');
  expect(text.startsWith('\ufeffN°;Date;Pièce;Libellé;Origine;Compte;Copropriétaire;Débit;Crédit\r\n')).toBe(
    true,
  );
  expect(text).toContain(';701;;0,00;3000,00');

  // The handover file for a next syndic: one ZIP of the exports and the annexes.
  const zipAnswer = page.waitForResponse(
    (r) => r.url().includes('/exports') && r.url().includes('passation'),
  );
  await page.getByRole('button', { name: 'Dossier de passation (ZIP)' }).click();
  const zip = (await (await zipAnswer).json()).data;
  expect(zip.name).toMatch(/^Dossier de passation – .+\.zip$/);
  expect((await (await page.request.get(zip.url)).body()).subarray(0, 2).toString()).toBe('PK');
});
