import { randomBytes } from 'node:crypto';
import { keepToken } from './sign-in';
import { type APIRequestContext, type Browser, expect, type Tenant, test } from './tenant.fixture';

/**
 * a document and a supplier invoice the syndic sends through its API
 * (`/api/syndic/v1`, the key of the spec's own tenant) appear on claire's pages: the document in 'Mes documents' with
 * its preview, the invoice in 'Factures et Devis' with its scan shown at the '/medium/' size the
 * server generated on upload (SPEC §2.17, decision 56). Claire is on the council (the building
 * shows its invoices to the council only).
 */

test.use({ tenantSpec: { owners: [{ key: 'claire', first_name: 'Claire', last_name: 'Martin' }] } });
const run = randomBytes(3).toString('hex');
const syndicOf = (t: Tenant) => ({ 'x-api-key': t.syndic.api_key });

/** A one-page PDF, as small as a valid one gets. */
function pdf(text: string): Buffer {
  const objs = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${`BT /F1 18 Tf 72 760 Td (${text}) Tj ET`.length} >>\nstream\nBT /F1 18 Tf 72 760 Td (${text}) Tj ET\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objs.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) out += `${String(off).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** The supplier's paper invoice, 'scanned' at A4 150 dpi: a JPEG taken by the browser itself. */
async function scan(browser: Browser, supplier: string, number: string, amount: string): Promise<Buffer> {
  const page = await browser.newPage({ viewport: { width: 1240, height: 1754 } });
  await page.setContent(`<!doctype html><html lang="fr"><body style="margin:0;padding:110px;font:28px sans-serif;background:#f7f5ef">
    <h1 style="font-size:44px">${supplier}</h1><p>12 rue des Artisans – 69003 Lyon</p>
    <h2 style="margin-top:160px">Facture n° ${number}</h2>
    <p>Syndicat des copropriétaires Résidence Les Tilleuls</p>
    <p style="margin-top:120px">Réglage des portes coupe-feu du sous-sol et remplacement d’un ferme-porte</p>
    <p style="margin-top:80px;text-align:right;font-weight:bold">Total TTC : ${amount}</p></body></html>`);
  const jpeg = await page.screenshot({ type: 'jpeg', quality: 80 });
  await page.close();
  return jpeg;
}

async function put(request: APIRequestContext, t: Tenant, path: string, data: unknown) {
  const res = await request.put(`/api/syndic/v1${path}`, { headers: syndicOf(t), data: data as object });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data as { result: string; id: string; resource: Record<string, unknown> };
}

const isoDaysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

test('a document and an invoice sent through the syndic API appear on the co-owner’s pages', async ({
  page,
  browser,
  tenant,
}) => {
  const syndic = syndicOf(tenant);
  const claire = tenant.owners.claire;
  const council = await page.request.patch(`/api/syndic/v1/coproprietaires/${claire.compte}`, {
    headers: syndic,
    data: { last_name: 'Martin', is_member_syndicat: true },
  });
  expect(council.status(), await council.text()).toBe(200);
  const docName = `Attestation d’assurance habitation ${run}`;
  const supplier = `Menuiserie Bellecour ${run}`;
  const number = `MB-${run}`;
  const docExt = `e2e-doc-${run}`;
  const invExt = `e2e-inv-${run}`;

  // The syndic files a PDF into claire's own space ('Autres').
  const doc = await put(page.request, tenant, `/documents/${docExt}`, {
    place: 'coproprietaire',
    coproprietaire: claire.compte,
    type: 'AUTRE',
    name: docName,
    date: isoDaysAgo(1),
    file: {
      name: `${docName}.pdf`,
      content_type: 'application/pdf',
      content_base64: pdf(`Attestation ${run}`).toString('base64'),
    },
  });
  expect(doc.result).toBe('created');

  // …and a paid supplier invoice of Les Tilleuls whose source is a scan (JPEG). Dated a year and
  // more back, it does not become the first card other specs open.
  const jpeg = await scan(browser, supplier, number, '348,00 €');
  const invoice = {
    copropriete: tenant.copropriete.external_id,
    invoice_date: isoDaysAgo(400),
    amount_cents: 34_800,
    fournisseur_name: supplier,
    compte_name: '401 MENUBEL',
    number,
    status: 6,
    file: {
      name: `Facture ${number}.jpg`,
      content_type: 'image/jpeg',
      content_base64: jpeg.toString('base64'),
    },
    depenses: [
      {
        charge_name: 'Entretien des parties communes',
        description: 'Portes coupe-feu du sous-sol',
        amount_ttc_cents: 34_800,
      },
    ],
    ecritures: [{ date: isoDaysAgo(400), description: `MENUBEL – Facture ${number}`, amount_cents: 34_800 }],
  };
  const inv = await put(page.request, tenant, `/invoices/${invExt}`, invoice);
  expect(inv.result).toBe('created');
  // A replay of the same external id changes nothing.
  expect((await put(page.request, tenant, `/invoices/${invExt}`, invoice)).result).toBe('unchanged');

  try {
    await keepToken(page, claire.token);
    const tilleuls = { id: claire.coproprietaire_id };

    // 'Mes documents': the document in its section, opened in the preview.
    await page.goto(`/${tilleuls.id}/document/fonctionnement`);
    await expect(page.getByRole('heading', { name: 'Mes documents', level: 1 })).toBeVisible();
    await page.getByRole('tab', { name: /^Autres \(\d+\)$/ }).click();
    const card = page.getByRole('button', { name: new RegExp(`^${docName}`) });
    await expect(card).toBeVisible();
    await card.click();
    const preview = page.getByRole('dialog', { name: docName });
    await expect(preview.locator('iframe')).toHaveAttribute('src', /^\/files\/syndic\/.+\.pdf\?e=\d+&s=/);
    await page.keyboard.press('Escape');
    await expect(preview).toBeHidden();

    // 'Factures et Devis': the card (paging with 'Afficher davantage' until it shows), then the
    // detail with the scan at its generated medium size.
    await page.goto(`/${tilleuls.id}/copro-invoices`);
    await expect(page.getByRole('heading', { name: 'Factures et Devis', level: 1 })).toBeVisible();
    const invCard = page.getByRole('button', { name: new RegExp(supplier) });
    const more = page.getByRole('button', { name: 'Afficher davantage' });
    for (let i = 0; i < 10 && !(await invCard.isVisible()); i++) {
      await expect(more.or(invCard).first()).toBeVisible();
      if (await invCard.isVisible()) break;
      await more.click();
    }
    await expect(invCard).toContainText('Payé');
    await expect(invCard).toContainText('348,00');
    // The card's thumbnail is the 400-pixel size (a card is at most ~300 px wide), loaded.
    const thumb = invCard.locator('img');
    await expect(thumb).toHaveAttribute('src', /^\/files\/syndic\/.+\/small\/[0-9a-f]{64}\.jpg\?e=\d+&s=/);
    await invCard.scrollIntoViewIfNeeded();
    await expect
      .poll(() => thumb.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]))
      .toEqual([283, 400]);
    await page.setViewportSize({ width: 390, height: 844 });
    await invCard.scrollIntoViewIfNeeded();
    await invCard.click();
    const modal = page.getByRole('dialog');
    await expect(modal.getByText(number).first()).toBeVisible();
    await expect(modal.getByText('Portes coupe-feu du sous-sol')).toBeVisible();
    const picture = modal.getByRole('img', { name: `Document source ${number}` });
    await expect(picture).toHaveAttribute('src', /^\/files\/syndic\/.+\/medium\/[0-9a-f]{64}\.jpg\?e=\d+&s=/);
    await picture.scrollIntoViewIfNeeded();
    // Loaded, and the 1200-pixel size (the scan is 1240 × 1754), not the original.
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]))
      .toEqual([848, 1200]);
    await page.screenshot({ path: '/tmp/docs-e2e-invoice-scan-phone.png' });
  } finally {
    for (const path of [`/documents/${docExt}`, `/invoices/${invExt}`]) {
      const del = await page.request.delete(`/api/syndic/v1${path}`, { headers: syndic });
      expect(del.status()).toBe(200);
    }
  }
});
