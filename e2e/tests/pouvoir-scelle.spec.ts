import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkA11y, expect, type Page, type Tenant, test } from './tenant.fixture';

/**
 * The sealed proxy, on a tenant of its own: the syndic puts an assembly through its API, Claire
 * gives her proxy to Paul on the 'Pouvoir' tab and signs it; the tab then offers the signed proxy
 * as a sealed PDF, which she downloads and poppler's pdfsig, a third party's tool, finds validly
 * signed. Paul, her mandataire, downloads it from the proxies he holds. At a desktop and a phone
 * size, axe on each page.
 */

const AG_NAME = 'Assemblée générale ordinaire';
const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

test.use({
  tenantSpec: {
    owners: [
      { key: 'claire', first_name: 'Claire', last_name: 'Martin', lots: ['Appartement A12'] },
      { key: 'paul', first_name: 'Paul', last_name: 'Durand', lots: ['Appartement B21'] },
    ],
  },
});

/** The assembly, put by the tenant's syndic through its API, both co-owners convened. */
async function putAssemblee(page: Page, tenant: Tenant) {
  const meeting = new Date(Date.now() + 40 * 86_400_000);
  meeting.setUTCHours(16, 0, 0, 0);
  const key = tenant.copropriete.charges_generales;
  const res = await page.request.put('/api/syndic/v1/assemblees/AG-POUVOIR', {
    headers: { 'x-api-key': tenant.syndic.api_key },
    data: {
      copropriete: tenant.copropriete.external_id,
      name: AG_NAME,
      year: meeting.getUTCFullYear(),
      date: meeting.toISOString(),
      general_repartition: key,
      resolutions: [
        {
          external_id: 'R1',
          number: 1,
          title: 'Approbation des comptes',
          article: 'ART-24',
          repartition: key,
        },
        { external_id: 'R2', number: 2, title: 'Désignation du syndic', article: 'ART-25', repartition: key },
      ],
      participants: Object.values(tenant.owners).map((o) => ({ coproprietaire: o.compte })),
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function openPouvoir(page: Page, tenant: Tenant, who: 'claire' | 'paul') {
  const owner = tenant.owners[who];
  await page.goto('/login');
  await page.evaluate((t) => localStorage.setItem('TOKEN', t), owner.token);
  await page.goto(`/${owner.coproprietaire_id}/assemblee`);
  await page.getByRole('link', { name: AG_NAME, exact: true }).first().click();
  await page.getByRole('tab', { name: 'Pouvoir' }).click();
  await expect(page.getByRole('heading', { name: 'Pouvoirs que vous détenez', level: 2 })).toBeVisible();
}

async function draw(page: Page) {
  const pad = page.getByTestId('signature-pad');
  await expect(pad).toHaveAttribute('data-ready', 'true');
  const box = await pad.boundingBox();
  if (!box) throw new Error('no pad');
  await page.mouse.move(box.x + 30, box.y + 110);
  await page.mouse.down();
  for (let i = 1; i <= 16; i++)
    await page.mouse.move(box.x + 30 + i * 12, box.y + 110 + Math.sin(i / 2) * 35, { steps: 2 });
  await page.mouse.up();
}

/** Clicks the download and returns the file's name and its path on disk. */
async function download(page: Page, scope: ReturnType<Page['getByTestId']>, dir: string) {
  const pending = page.waitForEvent('download');
  await scope.getByRole('button', { name: 'Télécharger le pouvoir signé (PDF)' }).click();
  const file = await pending;
  const saved = path.join(dir, `${Date.now()}-${file.suggestedFilename()}`);
  await file.saveAs(saved);
  return { name: file.suggestedFilename(), saved };
}

for (const size of SIZES) {
  test(`Claire's signed proxy downloads as a sealed PDF that pdfsig verifies (${size.name})`, async ({
    page,
    tenant,
  }) => {
    test.setTimeout(300_000);
    expect(existsSync('/usr/bin/pdfsig'), 'pdfsig is missing: install poppler-utils').toBe(true);
    await page.setViewportSize(size.viewport);
    await putAssemblee(page, tenant);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'e2e-pouvoir-'));

    await openPouvoir(page, tenant, 'claire');
    await page.getByRole('button', { name: 'Donner pouvoir' }).click();
    await page.getByRole('radio', { name: "Un copropriétaire de l'immeuble" }).check();
    await page.getByRole('textbox', { name: 'Copropriétaire' }).click();
    await page.getByRole('option', { name: /Paul Durand/ }).click();
    await page.getByRole('button', { name: 'Signer le pouvoir' }).click();

    await expect(page).toHaveURL(/\/signature\?auth_token=/);
    await expect(page.getByText(/^Mandataire\u202f: .*Paul Durand$/)).toBeVisible();
    await draw(page);
    await page.getByRole('button', { name: 'Sauver' }).click();
    await expect(page.getByText('Merci, votre signature a bien été enregistrée.')).toBeVisible();
    await page.getByRole('link', { name: "Revenir à l'assemblée" }).click();

    const given = page.getByTestId('pouvoir-donne').filter({ hasText: 'Actif' });
    await expect(given).toContainText(/Pouvoir donné à .*Paul Durand/);
    await expect(given.getByRole('button', { name: 'Télécharger le pouvoir signé (PDF)' })).toBeVisible();
    await checkA11y(page, 'sealed proxy offered');
    await page.screenshot({ path: `test-results/pouvoir-scelle-${size.name}.png`, fullPage: false });

    const mine = await download(page, given, dir);
    expect(mine.name).toBe(`Pouvoir scellé - ${AG_NAME}.pdf`);
    const report = execFileSync('/usr/bin/pdfsig', [mine.saved], { encoding: 'utf8' });
    expect(report).toContain('Signature is Valid');
    expect(report).toContain('Signer Certificate Common Name: Tantième, sceau des assemblées générales');

    // Paul, the mandataire, finds it among the proxies he holds, with the same sealed PDF.
    await openPouvoir(page, tenant, 'paul');
    const held = page.getByTestId('pouvoir-detenu');
    await expect(held).toContainText(/Pouvoir de .*Claire Martin/);
    await checkA11y(page, 'proxy held, sealed');
    const his = await download(page, held, dir);
    expect(execFileSync('/usr/bin/pdfsig', [his.saved], { encoding: 'utf8' })).toContain(
      'Signature is Valid',
    );
  });
}
