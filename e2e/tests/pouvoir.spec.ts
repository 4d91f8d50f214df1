import type { APIRequestContext, Page } from '@playwright/test';
import { demoSession, keepToken, recordOf, useToken } from './sign-in';
import { checkA11y, expect, type Tenant, test } from './tenant.fixture';

/**
 * A proxy given online: claire, on her building's upcoming assembly (a tenant of her own), sees
 * the proxy M. Paul Durand gave her, gives her own to a named person with an instruction, signs it
 * on the signature page, comes back and withdraws it. Then the demo's closed assembly's
 * procès-verbal and attendance sheet downloaded (read only). At a desktop and a phone size, axe
 * on each page.
 */

test.use({
  tenantSpec: {
    owners: [
      { key: 'claire', first_name: 'Claire', last_name: 'Martin', lots: ['Appartement A12'] },
      { key: 'paul', first_name: 'Paul', last_name: 'Durand', lots: ['Appartement B21'] },
    ],
    ag_convoquee: { pouvoir: { mandant: 'paul', mandataire: 'claire' } },
  },
});

async function openUpcoming(page: Page, tenant: Tenant) {
  const claire = tenant.owners.claire;
  await keepToken(page, claire.token);
  await page.goto(`/${claire.coproprietaire_id}/assemblee`);
  await page.getByRole('link', { name: 'Assemblée générale ordinaire', exact: true }).first().click();
  await page.getByRole('tab', { name: 'Pouvoir' }).click();
  await expect(page.getByRole('heading', { name: 'Pouvoirs que vous détenez', level: 2 })).toBeVisible();
}

/** Claire's demo session and her record in Les Tilleuls (the demo's closed assembly). */
async function demoClaire(request: APIRequestContext) {
  const s = await demoSession(request, 'claire.martin@example.fr');
  return { token: s.token, tilleuls: recordOf(s.records, 'Les Tilleuls') };
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

const SIZES = [
  { name: 'desktop', viewport: { width: 1366, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

for (const size of SIZES) {
  test.describe(size.name, () => {
    test.use({ viewport: size.viewport });

    test(`claire holds Paul's proxy, gives hers with an instruction, signs it and withdraws it (${size.name})`, async ({
      page,
      tenant,
    }) => {
      await openUpcoming(page, tenant);
      const held = page.getByTestId('pouvoir-detenu');
      await expect(held).toContainText('Pouvoir de M. Paul Durand');
      await expect(held).toContainText('Pour');
      await expect(held.getByRole('button', { name: "Signer l'acceptation" })).toBeVisible();
      await checkA11y(page, 'pouvoir tab');

      await page.getByRole('button', { name: 'Donner pouvoir' }).click();
      await page.getByRole('radio', { name: 'Une autre personne' }).check();
      await page.getByRole('textbox', { name: 'Prénom' }).fill('Hélène');
      await page.getByRole('textbox', { name: 'Nom', exact: true }).fill('Garnier');
      await page.getByRole('textbox', { name: 'E-mail (facultatif)' }).fill('helene.garnier@example.fr');
      const group = page.getByRole('radiogroup', { name: /^Résolution n° 1 – / });
      await group.getByText('Contre').click();
      await checkA11y(page, 'donner pouvoir form');
      await page.screenshot({ path: `test-results/pouvoir-form-${size.name}.png`, fullPage: true });
      await page.getByRole('button', { name: 'Signer le pouvoir' }).click();

      await expect(page).toHaveURL(/\/signature\?auth_token=/);
      await expect(
        page.getByText(
          "Veuillez signer le pouvoir par lequel vous vous faites représenter à l'assemblée générale.",
        ),
      ).toBeVisible();
      await expect(page.getByText('Mandataire\u202f: Hélène Garnier')).toBeVisible();
      await checkA11y(page, 'signature page');
      await draw(page);
      await page.getByRole('button', { name: 'Sauver' }).click();
      await expect(page.getByText('Merci, votre signature a bien été enregistrée.')).toBeVisible();
      await page.getByRole('link', { name: "Revenir à l'assemblée" }).click();

      const given = page.getByTestId('pouvoir-donne').filter({ hasText: 'Actif' });
      await expect(given).toContainText('Pouvoir donné à Hélène Garnier');
      await expect(given).toContainText('Contre');
      await checkA11y(page, 'proxy given');
      await page.screenshot({ path: `test-results/pouvoir-given-${size.name}.png`, fullPage: true });

      await given.getByRole('button', { name: 'Retirer le pouvoir' }).click();
      await page.getByRole('button', { name: 'Confirmer' }).click();
      await expect(page.getByTestId('pouvoir-donne').filter({ hasText: 'Retiré le' }).first()).toBeVisible();
      await expect(page.getByRole('button', { name: 'Donner pouvoir' })).toBeVisible();
    });

    test(`the closed assembly's procès-verbal and attendance sheet download (${size.name})`, async ({
      page,
    }) => {
      const s = await demoClaire(page.request);
      await useToken(page, s.token);
      await page.goto(`/${s.tilleuls.id}/assemblee`);
      await page.getByRole('link', { name: 'Assemblée générale ordinaire annuelle' }).first().click();
      await expect(page.getByRole('heading', { name: "Documents de l'assemblée", level: 2 })).toBeVisible();
      await checkA11y(page, 'closed assembly');
      await page.screenshot({ path: `test-results/pouvoir-actes-${size.name}.png`, fullPage: true });
      for (const [label, file] of [
        // Sealed once every signature is in (the demo's past PV is), else the PDF as made.
        ['Procès-verbal (PDF)', /^Procès-verbal (AGO \d{4}|scellé - .+)\.pdf$/],
        ['Feuille de présence (PDF)', /^Feuille de présence (AGO \d{4}|scellée? - .+)\.pdf$/],
      ] as const) {
        const download = page.waitForEvent('download');
        await page.getByRole('button', { name: label }).click();
        expect((await download).suggestedFilename()).toMatch(file);
      }
    });
  });
}
