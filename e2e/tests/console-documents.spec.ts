import type { Page } from '@playwright/test';
import { e164, freshEmail, freshMobile, loginByEmail, typeCode } from './identity.helpers';
import { checkA11y, expect, test } from './tenant.fixture';

/**
 * A building's documents in the console. (a) The volunteer syndic adds a co-owner who has no
 * account, invites them, publishes the règlement de copropriété by drag and drop; the co-owner
 * registers through the invitation link (read from the dev outbox) and reads the règlement in
 * their documents. (b) The décret 2019-502 list names what is missing, and one fewer after an
 * upload from its « Ajouter ». Axe at each step; screenshots at 1280 and 820 wide.
 */

const DESKTOP = { width: 1280, height: 800 };
const TABLET = { width: 820, height: 1180 };
const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
const pdf = (words: string) => Buffer.from(`%PDF-1.4\n% ${words}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`);

test.use({
  tenantSpec: { owners: [{ key: 'helene', first_name: 'Hélène', last_name: 'Moreau' }], benevole: 'helene' },
});

test('the volunteer syndic publishes the règlement by drag and drop; the invited co-owner reads it', async ({
  page,
  request,
  tenant,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize(DESKTOP);
  const helene = tenant.owners.helene!;
  const coproId = tenant.copropriete.id;

  // A co-owner with no account yet, added to the building by the volunteer syndic, then invited.
  const email = freshEmail();
  const added = await request.post(`/api/gestion/coproprietes/${coproId}/coproprietaires`, {
    headers: { authorization: `Bearer ${helene.token}` },
    data: { civility: 'mrs', first_name: 'Claire', last_name: 'Fontaine', email },
  });
  expect(added.status(), await added.text()).toBe(200);
  await loginByEmail(page, helene.email, tenant.password);
  await expect(page.getByTestId('space-gestion')).toBeVisible();
  await page.goto(`/gestion/immeubles/${coproId}/coproprietaires`);
  const row = page.getByTestId('owner-row').filter({ hasText: 'Fontaine' });
  await row.getByRole('button', { name: /^Inviter/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Inviter' }).click();
  await expect(row.getByTestId('owner-state')).toHaveText('Invité');

  // The documents page: nothing yet, the règlement « Manquant ».
  await page
    .getByRole('navigation', { name: "Rubriques de l'immeuble" })
    .getByRole('link', { name: 'Documents' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/gestion/immeubles/${coproId}/documents$`));
  const reglement = page.locator('[data-testid="checklist-item"][data-code="reglement"]');
  await expect(reglement).toHaveAttribute('data-status', 'missing');
  await expect(reglement).toContainText('Manquant');
  await checkA11y(page, 'documents page, empty');

  // One real drop of two files (a DataTransfer), then the règlement's type chosen for the first.
  const drop = await page.evaluateHandle(() => {
    const dt = new DataTransfer();
    const body = '%PDF-1.4\n% reglement\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n';
    dt.items.add(new File([body], 'reglement-copropriete.pdf', { type: 'application/pdf' }));
    dt.items.add(new File(['pas un document'], 'notes.exe', { type: 'application/x-msdownload' }));
    return dt;
  });
  await page.getByTestId('drop-zone').dispatchEvent('drop', { dataTransfer: drop });
  const rows = page.getByTestId('upload-row');
  await expect(rows).toHaveCount(2);
  // The refused one says why, in French, and is not sent.
  await expect(rows.nth(1).getByTestId('upload-error')).toHaveText("Ce type de fichier n'est pas accepté.");
  const first = rows.nth(0);
  await first.getByLabel('Type').click();
  await page.getByRole('option', { name: 'Règlement de copropriété' }).click();
  await first.getByLabel('Nom affiché').fill('Règlement de copropriété');
  await first.getByLabel('Date du document').fill('2019-06-12');
  await checkA11y(page, 'documents page, files dropped');
  await shot(page, 'documents-dropped-desktop');
  await page.getByTestId('publish-all').click();
  await expect(first.getByRole('progressbar')).toBeVisible();
  await expect(first).toContainText('Publié');
  const table = page.getByTestId('documents-table');
  const published = table.getByTestId('document-row').filter({ hasText: 'Règlement de copropriété' });
  await expect(published).toContainText("Tout l'immeuble");
  await expect(published).toContainText(/\d+\u00a0o|Ko/);
  await expect(reglement).toHaveAttribute('data-status', 'present');
  await checkA11y(page, 'documents page, règlement published');

  // The co-owner registers through the invitation link and reads the règlement.
  const codes = async () => {
    const res = await request.get('/dev/outbox', { headers: { accept: 'application/json' } });
    return ((await res.json()).data as { recipient: string; code: string | null }[])
      .filter((r) => r.recipient === email && r.code)
      .map((r) => r.code as string);
  };
  let invitation = '';
  await expect.poll(async () => (invitation = (await codes())[0] ?? '')).not.toBe('');
  await page.evaluate(() => localStorage.clear());
  await page.goto(`/s/${tenant.syndic.alias}/invitations/${invitation}`);
  await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue(email);
  await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill('Tilleuls2026');
  await page.getByRole('textbox', { name: 'Confirmer le mot de passe' }).fill('Tilleuls2026');
  await page.getByRole('button', { name: 'Suivant' }).click();
  let verification = '';
  await expect
    .poll(async () => (verification = (await codes()).find((c) => c !== invitation) ?? ''))
    .not.toBe('');
  await typeCode(page, verification);
  await page.getByRole('button', { name: 'Vérifier' }).click();
  await expect(page.getByTestId('captcha')).toHaveAttribute('data-status', 'ok', { timeout: 30_000 });
  const mobile = freshMobile();
  await page.getByPlaceholder('Entrer un numéro de téléphone').fill(mobile);
  await page.getByRole('button', { name: 'Suivant' }).click();
  let sms = '';
  await expect
    .poll(async () => {
      const res = await request.get('/dev/outbox', { headers: { accept: 'application/json' } });
      const all = (await res.json()).data as { recipient: string; code: string | null }[];
      sms = all.find((r) => r.recipient === e164(mobile) && r.code)?.code ?? '';
      return sms;
    })
    .not.toBe('');
  await typeCode(page, sms);
  await page.getByRole('button', { name: 'Suivant' }).click();
  await expect(page).toHaveURL(new RegExp(`/s/${tenant.syndic.alias}$`));
  const token = await page.evaluate(() => localStorage.getItem('TOKEN'));
  const recs = (
    await (
      await request.get('/api/coproprietaires/all', { headers: { authorization: `Bearer ${token}` } })
    ).json()
  ).data as { id: string; coproprietes: { id: string }[] }[];
  const rec = recs.find((r) => r.coproprietes.some((c) => c.id === coproId));
  expect(rec, JSON.stringify(recs)).toBeTruthy();
  await request.put(`/api/coproprietaires/${coproId}/${rec!.id}/update-init-settings`, {
    headers: { authorization: `Bearer ${token}` },
    data: { settings: [{ key: 'allow-convocation-electronic', value: '1' }] },
  });
  await page.goto(`/${rec!.id}/document/copropriete`);
  await expect(page.getByRole('heading', { name: 'Ceux de la copropriétés', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: /^Règlement de copropriété et état descriptif/ }).click();
  await expect(page.getByRole('button', { name: /^Règlement de copropriété/ }).last()).toBeVisible();
  await checkA11y(page, "the co-owner's building documents with the règlement");
});

test('the 2019-502 list names what is missing, one fewer after an upload from its « Ajouter »', async ({
  page,
  tenant,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  await loginByEmail(page, tenant.owners.helene!.email, tenant.password);
  await expect(page.getByTestId('space-gestion')).toBeVisible();
  // The portfolio's count of missing documents is a link to the page.
  await page.goto('/gestion');
  await page.getByTestId('action-documents').first().click();
  await expect(page).toHaveURL(/\/documents$/);
  const count = page.getByTestId('checklist-missing');
  await expect(count).toHaveText(/^\d+ documents? manquants?$/);
  const before = Number((await count.textContent())?.match(/\d+/)?.[0]);
  const fiche = page.locator('[data-testid="checklist-item"][data-code="fiche_synthetique"]');
  await expect(fiche).toHaveAttribute('data-status', 'missing');
  await checkA11y(page, '2019-502 list, desktop');
  await shot(page, 'checklist-desktop');
  await page.setViewportSize(TABLET);
  await checkA11y(page, '2019-502 list, tablet');
  await shot(page, 'checklist-tablet');
  await page.setViewportSize(DESKTOP);

  // « Ajouter » opens the chooser with the item's type already chosen.
  const chooser = page.waitForEvent('filechooser');
  await fiche.getByRole('button', { name: /^Ajouter/ }).click();
  await (await chooser).setFiles({
    name: 'fiche-synthetique.pdf',
    mimeType: 'application/pdf',
    buffer: pdf('fiche'),
  });
  const row = page.getByTestId('upload-row');
  await expect(row.getByLabel('Type')).toHaveValue('Fiche synthétique');
  // And the input itself takes several files at once.
  await page
    .getByTestId('drop-input')
    .setInputFiles([{ name: 'plan-du-parking.pdf', mimeType: 'application/pdf', buffer: pdf('parking') }]);
  await expect(row).toHaveCount(2);
  await page.getByTestId('publish-all').click();
  await expect(row.nth(0)).toContainText('Publié');
  await expect(row.nth(1)).toContainText('Publié');
  await expect(fiche).toHaveAttribute('data-status', 'present');
  await expect(count).not.toHaveText(`${before} documents manquants`);
  expect(Number((await count.textContent())?.match(/\d+/)?.[0] ?? 0)).toBe(before - 1);
  await page.setViewportSize(TABLET);
  await checkA11y(page, 'documents page after the upload, tablet');
  await shot(page, 'documents-tablet');
  await page.setViewportSize(DESKTOP);
  await shot(page, 'documents-desktop');
});
