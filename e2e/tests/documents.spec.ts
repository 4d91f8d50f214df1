import { type APIRequestContext, expect, type Page, test } from './a11y.fixture';
import { expectNoHorizontalScroll } from './identity.helpers';
import { demoSession, recordOf, useToken } from './sign-in';

/** Documents, supplier invoices, communications and the SMS page (SPEC §2.7, §2.17, §2.18, §2.22) on the demo data. */

const SHOTS = 'test-results/documents';

async function signIn(page: Page, email: string) {
  const { token, records } = await demoSession(page.request, email);
  await useToken(page, token);
  return { token, tilleuls: recordOf(records, 'Tilleuls'), headers: { authorization: `Bearer ${token}` } };
}

const api = (request: APIRequestContext, path: string, headers: Record<string, string>) =>
  request.get(`/api${path}`, { headers });

test.describe('as claire (council member of Les Tilleuls)', () => {
  test("'Mes documents': a section per type, tab bar with scroll-sync, a PDF in the preview", async ({
    page,
  }) => {
    const { tilleuls } = await signIn(page, 'claire.martin@example.fr');
    await page.goto(`/${tilleuls.id}/document/fonctionnement`);
    await expect(page.getByRole('heading', { name: 'Mes documents', level: 1 })).toBeVisible();
    const tabs = page.getByRole('tablist', { name: 'Types de document' }).getByRole('tab');
    await expect(tabs.first()).toHaveText(/^Appels de fonds \(\d+\)$/);
    const count = await tabs.count();
    expect(count).toBeGreaterThan(2);
    // A click on the last tab scrolls its section into view.
    const last = tabs.nth(count - 1);
    const lastName = ((await last.textContent()) ?? '').replace(/ \(\d+\)$/, '');
    await last.click();
    await expect(page.getByRole('heading', { name: lastName, level: 2 })).toBeInViewport();
    await expect(last).toHaveAttribute('aria-selected', 'true');
    // Scrolling back to the top selects the first tab again.
    await page.evaluate(() => window.scrollTo({ top: 0 }));
    await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
    await page.screenshot({ path: `${SHOTS}/mes-documents-desktop.png` });

    const firstCard = page.getByRole('button', { name: /^Appel de fonds/ }).first();
    const label = (await firstCard.getAttribute('aria-label')) ?? '';
    await firstCard.click();
    const dialog = page.getByRole('dialog', { name: label.replace(/ – \d{2}\/\d{2}\/\d{4}$/, '') });
    await expect(dialog.locator('iframe')).toHaveAttribute('src', /^\/files\/.+\.pdf\?e=\d+&s=/);
    // The preview takes the focus itself (WebKit leaves it where it was) and Escape closes it
    // from there, the focus going back to the document opened.
    await expect(dialog.getByRole('button', { name: 'Fermer', exact: true })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(firstCard).toBeFocused();
    // Escape also closes it with the focus left on the page behind, as WebKit leaves it.
    await firstCard.click();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test("'Ceux de la copropriétés': groups, bank statements by month, AG by year, image zoom and unknown type", async ({
    page,
  }) => {
    const { tilleuls } = await signIn(page, 'claire.martin@example.fr');
    await page.goto(`/${tilleuls.id}/document/copropriete`);
    await expect(page.getByRole('heading', { name: 'Ceux de la copropriétés', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: /^Relevés bancaires/ }).click();
    await expect(
      page
        .getByRole('heading', {
          level: 4,
          name: /^(Janvier|Février|Mars|Avril|Mai|Juin|Juillet|Août|Septembre|Octobre|Novembre|Décembre) \d{4}$/,
        })
        .first(),
    ).toBeVisible();

    await page.getByRole('button', { name: /^Plans de l'immeuble/ }).click();
    await page.getByRole('button', { name: /^Plan du rez-de-chaussée/ }).click();
    const viewer = page.getByRole('dialog', { name: 'Plan du rez-de-chaussée – bâtiment A' });
    const img = viewer.getByRole('img', { name: 'Plan du rez-de-chaussée – bâtiment A' });
    await expect(img).toBeVisible();
    const box = await img.boundingBox();
    expect(box?.height ?? 0).toBeLessThanOrEqual(800 * 0.9 + 1);
    const level = viewer.getByTestId('zoom-level');
    await expect(level).toHaveText('100\u202f%');
    await viewer.getByRole('button', { name: 'Zoom avant' }).click();
    await viewer.getByRole('button', { name: 'Zoom avant' }).click();
    await expect(level).toHaveText('140\u202f%');
    for (let i = 0; i < 6; i++) {
      const out = viewer.getByRole('button', { name: 'Zoom arrière' });
      if (await out.isDisabled()) break;
      await out.click();
    }
    await expect(level).toHaveText('50\u202f%');
    await expect(viewer.getByRole('button', { name: 'Zoom arrière' })).toBeDisabled();
    await page.screenshot({ path: `${SHOTS}/image-viewer-desktop.png` });
    // A click on the content closes the overlay.
    await img.click();
    await expect(viewer).toBeHidden();

    await page.getByRole('button', { name: /^Plans d'architecte \(DWG\)/ }).click();
    const none = page.getByRole('dialog', { name: "Plans d'architecte (DWG)" });
    await expect(
      none.getByText("Hmm... on dirait que ce fichier n'a pas d'aperçu que nous pouvons vous montrer."),
    ).toBeVisible();
    await expect(
      none.getByRole('link', { name: /^Plans d'architecte \(DWG\) \(\d+,\d{2}\sKo\)$/ }),
    ).toHaveAttribute('download', "Plans d'architecte (DWG)");
    await none.getByRole('button', { name: 'Fermer' }).click();
    await expect(none).toBeHidden();

    const ag = page.getByRole('button', { name: /^Assemblées générales|^Assemblées/ }).first();
    await ag.click();
    await expect(page.getByRole('heading', { level: 4, name: /^\d{4}$/ }).first()).toBeVisible();
  });

  test("'Ceux du syndic': groups with card number and approval date", async ({ page }) => {
    const { tilleuls } = await signIn(page, 'claire.martin@example.fr');
    await page.goto(`/${tilleuls.id}/document/syndic`);
    await expect(page.getByRole('heading', { name: 'Ceux du syndic', level: 1 })).toBeVisible();
    await expect(
      page.getByText(/N° de carte\s: CPI 6901 2018 000 012 345 · Date d'approbation\s: 15\/03\/\d{4}/),
    ).toBeVisible();
  });

  test("'Documents obligatoires': the décret 2019-502 checklist with present, missing and stale items", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const { tilleuls } = await signIn(page, 'claire.martin@example.fr');
    await page.goto(`/${tilleuls.id}/document/liste-legale`);
    await expect(page.getByRole('heading', { name: 'Documents obligatoires', level: 1 })).toBeVisible();
    const all = page.getByRole('region', { name: 'Accessibles à tous les copropriétaires' });
    await expect(all.getByRole('listitem')).toHaveCount(9);
    await expect(
      page.getByRole('listitem', {
        name: 'Dernière fiche synthétique de la copropriété\u202f: À mettre à jour',
      }),
    ).toBeVisible();
    await expect(
      page.getByRole('listitem', { name: /^Carnet d'entretien de l'immeuble\s: Présent$/ }),
    ).toContainText("Carnet d'entretien en ligne");
    await expect(
      page.getByRole('listitem', { name: /Contrat de syndic en cours\s: Manquant/ }),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'Réservés au conseil syndical' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: '/tmp/docs-checklist-phone.png', fullPage: true });
  });

  test("'Factures et Devis': cards by 30, 'Payé', the detail with 'Ma quote part' per lot", async ({
    page,
  }) => {
    const { tilleuls } = await signIn(page, 'claire.martin@example.fr');
    await page.goto(`/${tilleuls.id}/copro-invoices`);
    await expect(page.getByRole('heading', { name: 'Factures et Devis', level: 1 })).toBeVisible();
    // A card is named by what it shows: date, 'Payé', amount, supplier.
    const cards = page.getByRole('button', { name: /^\d{2}\/\d{2}\/\d{4}\b/ });
    await expect(cards).toHaveCount(30);
    await expect(page.getByText('Payé', { exact: true }).first()).toBeVisible();
    const more = page.getByRole('button', { name: 'Afficher davantage' });
    if (await more.isVisible()) {
      await more.click();
      await expect.poll(() => cards.count()).toBeGreaterThan(30);
    }
    await page.screenshot({ path: `${SHOTS}/factures-desktop.png` });
    await cards.first().click();
    const modal = page.getByRole('dialog');
    await expect(modal.getByText('Copropriété', { exact: true })).toBeVisible();
    await expect(modal.getByText('Résidence Les Tilleuls')).toBeVisible();
    await expect(modal.getByRole('columnheader', { name: 'Clés de répartition' })).toBeVisible();
    await expect(modal.getByText('Première écriture')).toBeVisible();
    // The source: a PDF in a frame, or a small artisan's scan at its '/medium/' size (decision 56).
    await expect(
      modal.locator('iframe[src^="/files/"][src*=".pdf?e="], img[src^="/files/"][src*="/medium/"]'),
    ).toBeVisible();
    const share = modal.getByRole('button', { name: /Ma quote part/ });
    await expect(modal.getByTestId('quote-part-total')).toHaveText(/\d,\d{2}\s€/);
    await share.click();
    await expect(modal.getByRole('table', { name: 'Détail par lot' }).getByRole('row').first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/facture-detail-desktop.png` });
  });

  test("'Communication': letters, e-mails and SMS with an attachment in the preview; the SMS page", async ({
    page,
  }) => {
    const { tilleuls, headers } = await signIn(page, 'claire.martin@example.fr');
    await page.goto(`/${tilleuls.id}/document/postals`);
    await expect(page.getByRole('heading', { name: 'Communication', level: 1 })).toBeVisible();
    for (const h of ['Date', 'Type', 'À', 'Contenu/Fichiers'])
      await expect(page.getByRole('columnheader', { name: h, exact: true })).toBeVisible();
    await expect(page.getByRole('cell', { name: /Convocation/ }).first()).toBeVisible();
    await expect(page.getByText('Courrier postal').first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/communication-desktop.png` });
    const attachment = page
      .getByRole('button', { name: /\.pdf \(\d+,\d{2}\sKo\)$|\(\d+,\d{2}\sKo\)$/ })
      .first();
    await attachment.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.locator('iframe')).toHaveAttribute('src', /^\/files\//);
    await page.mouse.click(5, 400); // the backdrop
    await expect(dialog).toBeHidden();

    const sms = await api(
      page.request,
      `/communication/sms?syndic_id=${tilleuls.coproprietes[0].syndic_id}&coproprietaire_id=${tilleuls.id}`,
      headers,
    );
    const first = (await sms.json()).data.data[0];
    await page.goto(`/m/${first.id}`);
    await expect(page.getByText('Envoyer succes')).toBeVisible();
    await expect(page.getByText(first.content)).toBeVisible();
    // The number as the account page writes it, not as stored.
    await expect(page.getByText(/^0[67]( \d{2}){4}$/)).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/sms-desktop.png` });
  });

  test('phone-sized pages fit the screen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const { tilleuls } = await signIn(page, 'claire.martin@example.fr');
    for (const [path, name] of [
      ['document/fonctionnement', 'Mes documents'],
      ['document/copropriete', 'Ceux de la copropriétés'],
      ['document/syndic', 'Ceux du syndic'],
      ['copro-invoices', 'Factures et Devis'],
      ['document/postals', 'Communication'],
    ] as const) {
      await page.goto(`/${tilleuls.id}/${path}`);
      await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectNoHorizontalScroll(page);
      await page.screenshot({ path: `${SHOTS}/${path.replace('/', '-')}-phone.png` });
    }
  });
});

test.describe('as paul (ordinary co-owner of Les Tilleuls)', () => {
  test('gets 404 for the council-only checklist', async ({ page }) => {
    const { tilleuls, headers } = await signIn(page, 'paul.durand@example.fr');
    expect((await api(page.request, `/documents/${tilleuls.id}/checklist`, headers)).status()).toBe(404);
  });

  test('sees his documents but not the council-only invoices, postals nor bank statements', async ({
    page,
  }) => {
    const { tilleuls, headers } = await signIn(page, 'paul.durand@example.fr');
    const copro = tilleuls.coproprietes[0];
    const list = await api(
      page.request,
      `/invoices/syndics/${copro.syndic_id}/coproprietes/${copro.id}/saisies`,
      headers,
    );
    expect(list.status()).toBe(404);
    const postal = await api(
      page.request,
      `/communication/postal?syndic_id=${copro.syndic_id}&coproprietaire_id=${tilleuls.id}`,
      headers,
    );
    expect(postal.status()).toBe(404);

    await page.goto(`/${tilleuls.id}/document/fonctionnement`);
    await expect(page.getByRole('heading', { name: 'Mes documents', level: 1 })).toBeVisible();
    await expect(page.getByRole('tab').first()).toBeVisible();
    const nav = page.getByRole('navigation').first();
    await expect(nav.getByRole('link', { name: 'Factures et Devis' })).toHaveCount(0);

    await page.goto(`/${tilleuls.id}/document/copropriete`);
    await expect(page.getByRole('button', { name: /^Règlement de copropriété \(\d+\)$/ })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Relevés bancaires/ })).toHaveCount(0);
  });
});
