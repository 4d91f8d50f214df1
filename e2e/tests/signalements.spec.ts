import { deflateSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { keepToken } from './sign-in';
import { expect, type Tenant, test } from './tenant.fixture';

/**
 * Signalements: claire reports a problem with a photo from the phone (or the computer), sees it
 * listed and followed, and says 'Moi aussi' on a neighbour's open report (then withdraws it). Each
 * test has its own building: paul's open report of the hall door and the resolved lift.
 */
test.use({
  tenantSpec: {
    owners: [
      // On the conseil syndical, as in the demo: her menu is too long for the phone's bar ('Plus').
      {
        key: 'claire',
        first_name: 'Claire',
        last_name: 'Martin',
        lots: ['Appartement A12'],
        conseil_syndical_factures: true,
      },
      { key: 'paul', first_name: 'Paul', last_name: 'Durand', lots: ['Appartement B21'] },
    ],
    signalements: [{ author: 'paul', title: 'La porte du hall B ne ferme plus' }],
    signalement_ascenseur_resolu: 'paul',
  },
});

/** Claire signed in, on her home page: answers her record's id. */
async function claireHome(page: Page, tenant: Tenant) {
  const claire = tenant.owners.claire;
  await keepToken(page, claire.token);
  await page.goto(`/${claire.coproprietaire_id}/home`);
  return claire.coproprietaire_id;
}

/** A small PNG 'photo' (a stain on a ceiling), built byte by byte. */
function photoPng(w = 320, h = 240): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = crcTable[(c ^ x) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const raw = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * (w * 3 + 1) + 1 + x * 3;
      const stain = (x - 160) ** 2 / 90 ** 2 + (y - 110) ** 2 / 60 ** 2 < 1;
      raw[i] = stain ? 170 : 238;
      raw[i + 1] = stain ? 145 : 233;
      raw[i + 2] = stain ? 100 : 222;
    }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function fileReport(page: Page, title: string, shots: string) {
  await expect(page.getByRole('heading', { level: 1, name: 'Signaler un problème' })).toBeVisible();
  await page.getByLabel('Titre').fill(title);
  await page.getByLabel('Lieu').selectOption({ label: 'Escalier' });
  // Before filing: the building's open reports, each open to 'Moi aussi'.
  const open = page.getByTestId('open-reports');
  await expect(open.getByRole('heading', { name: "Déjà signalés dans l'immeuble" })).toBeVisible();
  await expect(open.getByTestId('signalement-card').first()).toBeVisible();
  await page
    .getByLabel('Description')
    .fill("L'éclairage du palier du 2e étage ne s'allume plus depuis hier.");
  // The camera's input (capture) is the one the phone opens.
  await page.locator('input[type=file][capture]').setInputFiles({
    name: 'palier.png',
    mimeType: 'image/png',
    // Portrait, as a phone takes it: the detail shows it whole, not cropped to a strip.
    buffer: photoPng(240, 320),
  });
  await expect(page.getByRole('img', { name: 'Photo 1' })).toBeVisible();
  const radio = page.getByRole('radio', { name: 'Le syndic et le conseil syndical seulement' });
  // Targets of 24 px at least (WCAG 2.5.8).
  const rb = await radio.boundingBox();
  expect(Math.min(rb?.width ?? 0, rb?.height ?? 0)).toBeGreaterThanOrEqual(24);
  await radio.check();
  await page.screenshot({ path: test.info().outputPath(`${shots}-new.png`), fullPage: true });
  await page.getByRole('button', { name: 'Envoyer le signalement' }).click();

  const detail = page.getByTestId('signalement-detail');
  await expect(detail.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(detail.getByText('Nouveau', { exact: true })).toBeVisible();
  await expect(detail.getByText('Lieu\u202f: Escalier', { exact: false })).toBeVisible();
  const photo = detail.getByRole('img', { name: `Photo 1 du signalement «\u00a0${title}\u00a0»` });
  await expect(photo).toBeVisible();
  expect(await photo.evaluate((el) => getComputedStyle(el).objectFit)).toBe('contain');
  await expect(detail.getByRole('list', { name: 'Suivi' })).toContainText('Signalement envoyé');
  await page.screenshot({ path: test.info().outputPath(`${shots}-detail.png`), fullPage: true });
}

test('desktop: claire reports a problem with a photo, then finds it among hers', async ({ page, tenant }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const record = await claireHome(page, tenant);
  await page.getByRole('navigation').first().getByRole('link', { name: 'Signalements', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/${record}/signalements$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Signalements' })).toBeVisible();
  // Open reports first: the resolved lift is not among them.
  const cards = page.getByTestId('signalement-card');
  await expect(cards.first()).toBeVisible();
  await expect(page.getByTestId('signalements-page')).not.toContainText('bloqué au 3e étage');
  await page.locator('label', { hasText: 'Traités' }).click();
  await expect(page.getByTestId('signalements-page')).toContainText('bloqué au 3e étage');

  await page.getByRole('link', { name: 'Signaler un problème' }).click();
  // The open reports of the same place come first, and each opens its page.
  await page.getByLabel('Lieu').selectOption({ label: 'Hall' });
  const open = page.getByTestId('open-reports').getByTestId('signalement-card');
  await expect(open.first()).toContainText('Hall ·');
  await page
    .getByTestId('open-reports')
    .getByRole('link', { name: 'La porte du hall B ne ferme plus' })
    .click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'La porte du hall B ne ferme plus' }),
  ).toBeVisible();
  await page.goBack();
  const title = `Palier sans lumière ${Date.now()}`;
  await fileReport(page, title, 'desktop');

  await page.getByRole('link', { name: 'Retour aux signalements' }).click();
  await page.locator('label', { hasText: 'Les miens' }).click();
  await expect(page.getByRole('link', { name: title })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('desktop-list.png'), fullPage: true });

  // The resolved lift shows the carnet works that fixed it.
  await page.locator('label', { hasText: 'Traités' }).click();
  await page.getByRole('link', { name: /bloqué au 3e étage/ }).click();
  await expect(page.getByTestId('linked-works')).toContainText(
    'Travaux liés\u202f: Remplacement de la carte de commande',
  );
  await expect(page.getByRole('list', { name: 'Suivi' })).toContainText('Statut\u202f: Résolu');
});

test("phone: claire reports from the bottom bar with the camera's photo, and says 'Moi aussi'", async ({
  page,
  tenant,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await claireHome(page, tenant);
  const bar = page.getByRole('navigation', { name: 'Navigation principale' });
  await bar.getByRole('button', { name: 'Plus' }).click();
  await page.getByRole('menuitem', { name: 'Signalements' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Signalements' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('phone-list.png'), fullPage: true });

  // 'Moi aussi' on the neighbour's door, then withdrawn: the count goes back where it was.
  const door = page.getByTestId('signalement-card').filter({ hasText: 'La porte du hall B ne ferme plus' });
  const meToo = door.getByRole('button', { name: /Moi aussi/ });
  await expect(meToo).toHaveAttribute('aria-pressed', 'false');
  await meToo.click();
  await expect(meToo).toHaveAttribute('aria-pressed', 'true');
  await meToo.click();
  await expect(meToo).toHaveAttribute('aria-pressed', 'false');

  await page.getByRole('link', { name: 'Signaler un problème' }).click();
  // The form leads on the phone: the title field is on the first screen.
  const box = await page.getByLabel('Titre').boundingBox();
  expect((box?.y ?? 1000) + (box?.height ?? 0)).toBeLessThan(844);
  const title = `Palier du 2e sans lumière ${Date.now()}`;
  await fileReport(page, title, 'phone');
  await page.getByRole('link', { name: 'Retour aux signalements' }).click();
  await expect(page.getByRole('link', { name: title })).toBeVisible();
});
