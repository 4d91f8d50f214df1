import { type APIRequestContext, expect, type Page, test } from './a11y.fixture';

/** 'Ma synthèse' (SPEC §2.4) on the demo data. */

const PASSWORD = 'Tilleuls2024';

interface Rec {
  id: string;
  coproprietes: { id: string; name: string }[];
}

/**
 * One API sign-in per e-mail for the whole file: the token and the records are cached, and
 * each test puts the token where the SPA reads it.
 */
const sessions = new Map<string, { token: string; records: Rec[] }>();
async function session(request: APIRequestContext, email: string) {
  const known = sessions.get(email);
  if (known) return known;
  // One sign-in per account for the whole file keeps well within the login rate limit.
  const res = await request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  expect(res.ok()).toBe(true);
  const token = (await res.json()).data.token as string;
  const all = await request.get('/api/coproprietaires/all', {
    headers: { authorization: `Bearer ${token}` },
  });
  const s = { token, records: (await all.json()).data as Rec[] };
  sessions.set(email, s);
  return s;
}

async function signIn(page: Page, email: string): Promise<Rec[]> {
  const s = await session(page.request, email);
  await page.goto('/login');
  await page.evaluate((t) => localStorage.setItem('TOKEN', t), s.token);
  return s.records;
}

const recordOf = (recs: Rec[], copro: string) => {
  const r = recs.find((x) => x.coproprietes[0].name.includes(copro));
  if (!r) throw new Error(`no record in ${copro}`);
  return r;
};

test.describe('as claire', () => {
  let tilleuls: Rec;
  let closFleuri: Rec;

  test.beforeEach(async ({ page }) => {
    const recs = await signIn(page, 'claire.martin@example.fr');
    tilleuls = recordOf(recs, 'Les Tilleuls');
    closFleuri = recordOf(recs, 'Clos Fleuri');
  });

  test('Les Tilleuls: syndic, gestionnaire, verification shortcut, lots and year tabs', async ({ page }) => {
    await page.goto(`/${tilleuls.id}/home`);
    await expect(page.getByRole('heading', { name: 'Ma synthèse', level: 1 })).toBeVisible();

    const syndic = page.getByRole('region', { name: 'Mon Syndic' });
    await expect(syndic.getByTestId('syndic-name')).toHaveText('Cabinet Lefèvre Immobilier');
    await expect(syndic.getByText('69002 Lyon')).toBeVisible();
    await expect(syndic.getByRole('img', { name: /Logo de Cabinet Lefèvre/ })).toBeVisible();

    const admins = page.getByRole('region', { name: 'Gestionnaire copropriété' });
    await expect(admins.getByText('Sophie Garnier')).toBeVisible();
    await expect(admins.getByRole('link', { name: /^Mobile\s: / }).first()).toHaveAttribute('href', /^tel:/);

    // Claire is on the council and the syndic has submitted the accounts.
    const verif = page.getByRole('region', { name: 'Vérification des comptes' });
    await expect(verif.getByRole('link', { name: 'Vérifier les comptes' })).toHaveAttribute(
      'href',
      `/${tilleuls.id}/verification`,
    );

    const lots = page.getByTestId('lot-card');
    await expect(lots).toHaveText([/Appartement A12/, /Cave C03/, /Parking P02/]);

    // Three financial years: Global plus one tab each, newest first.
    const tabs = page.getByRole('tablist', { name: 'Exercices' }).getByRole('tab');
    await expect(tabs).toHaveText(['Global', '2026', '2025', '2024']);
    await expect(page.getByRole('heading', { name: 'Dépenses' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Fond Alur & Fond de roulement' })).toBeVisible();
    await expect(page.getByTestId('alur-card')).toContainText(/\d[\d\s\u00a0]*,\d{2}\s€/);
    await expect(page.getByText(/^\d+\s% du budget consommé$/).first()).toBeVisible();
    // French typography: thousands grouped, narrow no-break space before '€'.
    await expect(page.getByText(/^\d+ \/ 10\s000 tantièmes$/).first()).toBeVisible();
    expect(await page.getByTestId('alur-card').textContent()).toMatch(/\d,\d{2}\u202f€/);
    await expect(
      page.getByText(`© ${new Date().getFullYear()} Tantième. Tous droits réservés.`),
    ).toBeVisible();
    await expect(page.getByRole('img', { name: /^Répartition de mes charges\s: / }).first()).toBeVisible();

    await page.getByRole('tab', { name: '2025' }).click();
    await expect(page.getByRole('heading', { name: 'Situation financière – 2025' })).toBeVisible();
    await expect(page.getByTestId('repartition-card').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Dépenses' })).toHaveCount(0);
  });

  test("opening a lot shows its tabs and 'Retour' goes back", async ({ page }) => {
    await page.goto(`/${tilleuls.id}/home`);
    await page.getByRole('button', { name: /^Appartement A12/ }).click();
    await expect(page.getByRole('heading', { name: 'Appartement A12' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Informations' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('row', { name: /Numéro de lot/ })).toContainText('3');
    await page.getByRole('tab', { name: 'Tantièmes' }).click();
    const rows = page.getByRole('table', { name: 'Tantièmes' }).getByRole('row');
    await expect(rows.filter({ hasText: 'Charges générales' })).toContainText('10 000');
    await expect(page.getByRole('tablist', { name: 'Exercices' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Retour' }).click();
    await expect(page.getByRole('heading', { name: 'Mes lots' })).toBeVisible();
    await expect(page.getByRole('tablist', { name: 'Exercices' })).toBeVisible();
  });

  test('the transactions modal lists the account lines, or says there are none', async ({ page }) => {
    await page.goto(`/${tilleuls.id}/home`);
    await page.getByRole('button', { name: 'Voir les transactions' }).click();
    const dialog = page.getByRole('dialog', { name: 'Transactions' });
    await expect(dialog.getByTestId('transaction').first()).toBeVisible();
    await expect(dialog.getByRole('columnheader', { name: 'Solde' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Fermer' }).click();
    await expect(dialog).toHaveCount(0);

    await page.route('**/transactions', (route) =>
      route.fulfill({ json: { success: true, data: { transactions: [], years: [] } } }),
    );
    await page.reload();
    await page.getByRole('button', { name: 'Voir les transactions' }).click();
    await expect(page.getByRole('dialog').getByText("Il n'y a pas de transaction")).toBeVisible();
  });

  test('budget and Alur failures show zero', async ({ page }) => {
    await page.route(/budget-(fonctionnement|alur-avance)$/, (route) =>
      route.fulfill({ status: 500, json: { success: false, code: 'INTERNAL', message: 'boom' } }),
    );
    await page.goto(`/${tilleuls.id}/home`);
    await expect(page.getByTestId('depenses-card')).toContainText('Budget voté0,00\u202f€');
    await expect(page.getByTestId('depenses-card')).toContainText('0\u202f% du budget consommé');
    await expect(page.getByTestId('alur-card')).toContainText('Fond Alur0,00\u202f€');
  });

  test('Le Clos Fleuri has one financial year: only Global', async ({ page }) => {
    await page.goto(`/${closFleuri.id}/home`);
    await expect(page.getByTestId('syndic-name')).toBeVisible();
    await expect(page.getByRole('tablist', { name: 'Exercices' }).getByRole('tab')).toHaveText(['Global']);
    await expect(page.getByRole('heading', { name: 'Dépenses' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Vérification des comptes' })).toHaveCount(0);
  });

  test('fits a phone screen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/${tilleuls.id}/home`);
    await expect(page.getByRole('tablist', { name: 'Exercices' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Voir les transactions' }).click();
    await expect(page.getByRole('dialog').getByTestId('transaction').first()).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('synthese-phone.png') });
  });

  test('on a phone the balance and the pay button come first, the syndic contacts last', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/${tilleuls.id}/home`);
    const balance = page.getByTestId('phone-balance');
    const pay = balance.getByRole('button', { name: 'Payez maintenant' });
    await expect(balance.getByTestId('balance-amount')).toHaveText(/^\d[\d\s]*,\d{2}\s€$/);
    await expect(pay).toBeVisible();
    // Both within the first screen, without scrolling.
    for (const el of [balance, pay]) {
      const box = await el.boundingBox();
      expect(box).not.toBeNull();
      expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(844);
    }
    // Then what is new, then lots and the breakdown, the address book last.
    const news = page.getByRole('region', { name: 'Nouveautés' });
    await expect(news.getByRole('link', { name: /notifications? non lues?/ })).toBeVisible();
    await expect(news.getByRole('link', { name: /^Prochaine assemblée\s: / })).toHaveAttribute(
      'href',
      new RegExp(`^/${tilleuls.id}/assemblee/`),
    );
    const y = async (l: import('@playwright/test').Locator) => (await l.boundingBox())?.y ?? -1;
    const order = [
      await y(balance),
      await y(news),
      await y(page.getByRole('heading', { name: 'Mes lots' })),
      await y(page.getByRole('tablist', { name: 'Exercices' })),
      await y(page.getByRole('region', { name: 'Mon Syndic' })),
    ];
    expect(order.every((v) => v >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    // The header tells claire's three records apart by their building.
    await expect(page.getByTestId('header-building')).toHaveText('Résidence Les Tilleuls');
    await page.goto(`/${closFleuri.id}/home`);
    await expect(page.getByTestId('header-building')).toHaveText('Le Clos Fleuri');
    // Nothing owed there: the balance, and no pay button.
    await expect(page.getByTestId('phone-balance').getByTestId('balance-amount')).toHaveText(/^0,00\s€$/);
    await expect(page.getByRole('button', { name: 'Payez maintenant' })).toHaveCount(0);
  });

  test("the first screen's reads go as one request, and what it does not show starts once it has painted", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    // In the page's own clock: when the 'Prochaine assemblée' line (the phone's largest paint)
    // enters the document; the requests' start times come from the same clock.
    await page.addInitScript(() => {
      const w = window as unknown as { __shown?: number };
      new MutationObserver((_, o) => {
        if (/Prochaine assemblée/.test(document.body?.textContent ?? '')) {
          w.__shown = performance.now();
          o.disconnect();
        }
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    const batch = page.waitForResponse((r) => r.url().endsWith('/api/reads'));
    await page.goto(`/${tilleuls.id}/home`);
    await expect(page.getByRole('link', { name: /^Prochaine assemblée\s: / })).toBeVisible();
    // Every read it carried was accepted and answered.
    const items = (await (await batch).json()).data as { status: number }[];
    expect(items.length).toBeGreaterThanOrEqual(8);
    expect(items.every((i) => i.status === 200)).toBe(true);
    const starts = () =>
      page.evaluate(() => ({
        shown: (window as unknown as { __shown?: number }).__shown ?? -1,
        requests: performance
          .getEntriesByType('resource')
          .map((e) => ({ url: e.name, start: e.startTime }))
          .filter((e) => /\/api\//.test(e.url)),
      }));
    const at = (r: { url: string; start: number }[], re: RegExp) =>
      r.filter((e) => re.test(e.url)).map((e) => e.start);
    // The first screen's reads went as one request (POST /api/reads) before it was shown; then
    // the chat badge, the pending attach check, and the counts read again once the socket has
    // joined the record's room: all of them, and all after the first screen.
    await expect
      .poll(async () => {
        const { requests } = await starts();
        return [
          at(requests, /\/api\/reads$/).length,
          at(requests, /\/chat\/unseen$/).length,
          at(requests, /\/pending-attach$/).length,
          at(requests, /\/messages\/unread-count$/).length,
        ];
      })
      .toEqual([1, 1, 1, 1]);
    const { shown, requests } = await starts();
    expect(shown).toBeGreaterThan(0);
    expect(at(requests, /\/api\/reads$/)[0]).toBeLessThan(shown);
    for (const t of at(requests, /\/(chat\/unseen|pending-attach|messages\/unread-count)$/))
      expect(t).toBeGreaterThan(shown);
    await expect(page.getByRole('link', { name: /^Messagerie/ })).toBeVisible();
  });

  test("a record's messages page opened from its URL reads its lists ahead, in one request each step, and starts the rest once shown", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const first = '[data-testid="messages-item"], [data-testid="messages-empty"]';
    await page.addInitScript((sel) => {
      const w = window as unknown as { __shown?: number };
      new MutationObserver((_, o) => {
        if (document.querySelector(sel)) {
          w.__shown = performance.now();
          o.disconnect();
        }
      }).observe(document, { subtree: true, childList: true });
    }, first);
    await page.goto(`/${tilleuls.id}/messages-communication`);
    await expect(page.locator(first).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Communication', exact: true })).toBeVisible();
    const starts = () =>
      page.evaluate(() => ({
        shown: (window as unknown as { __shown?: number }).__shown ?? -1,
        requests: performance
          .getEntriesByType('resource')
          .map((e) => ({ url: e.name, start: e.startTime }))
          .filter((e) => /\/api\//.test(e.url)),
      }));
    const at = (r: { url: string; start: number }[], re: RegExp) =>
      r.filter((e) => re.test(e.url)).map((e) => e.start);
    // The header's counts and the letters, then the messages once the 'Afficher non lu' setting
    // has answered: two batches, and none of those lists asked alone; the chat badge and the
    // pending attach check once the page has shown them.
    await expect
      .poll(async () => {
        const { requests } = await starts();
        return [
          at(requests, /\/api\/reads$/).length,
          at(requests, /\/multi-settings$/).length,
          at(requests, /\/get-messages\?/).length,
          at(requests, /\/api\/communication\//).length,
          at(requests, /\/chat\/unseen$/).length,
          at(requests, /\/pending-attach$/).length,
        ];
      })
      .toEqual([2, 1, 0, 0, 1, 1]);
    const { shown, requests } = await starts();
    expect(shown).toBeGreaterThan(0);
    for (const t of at(requests, /\/api\/reads$/)) expect(t).toBeLessThan(shown);
    for (const t of at(requests, /\/(chat\/unseen|pending-attach)$/)) expect(t).toBeGreaterThan(shown);
  });

  test("the phone's bottom bar: five places, legible labels, 44 px targets, 'Plus' for the rest", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/${tilleuls.id}/home`);
    const bar = page.getByRole('navigation', { name: 'Navigation principale' });
    const items = bar.locator(':scope > a, :scope > button');
    await expect(items).toHaveText([
      'Ma synthèse',
      'Documents',
      'Situation de compte',
      'Assemblée gle',
      'Plus',
    ]);
    for (const item of await items.all()) {
      const box = await item.boundingBox();
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
      expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
      expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 390).toBe(true);
      const label = await item.locator('p').evaluate((el) => ({
        size: Number.parseFloat(getComputedStyle(el).fontSize),
        cut: el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight + 1,
      }));
      expect(label.size).toBeGreaterThanOrEqual(12);
      expect(label.cut).toBe(false);
    }
    await bar.getByRole('button', { name: 'Plus' }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveText([
      'Factures et Devis',
      'Signalements',
      'Configuration',
    ]);
    const entry = menu.getByRole('menuitem', { name: 'Configuration' });
    expect((await entry.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
    await entry.click();
    await expect(page).toHaveURL(new RegExp(`/${tilleuls.id}/settings$`));
  });

  test('on a desktop the dashboard keeps the order of the spec', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/${tilleuls.id}/home`);
    await expect(page.getByRole('tablist', { name: 'Exercices' })).toBeVisible();
    const syndic = await page.getByRole('region', { name: 'Mon Syndic' }).boundingBox();
    const lots = await page.getByRole('heading', { name: 'Mes lots' }).boundingBox();
    expect(syndic?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(lots?.y ?? -1);
    await expect(page.getByTestId('phone-balance')).toHaveCount(0);
    await expect(page.getByTestId('header-building')).toHaveText('Résidence Les Tilleuls');
  });
});

test('an ordinary co-owner gets no verification shortcut', async ({ page }) => {
  const recs = await signIn(page, 'paul.durand@example.fr');
  const rec = recordOf(recs, 'Les Tilleuls');
  await page.goto(`/${rec.id}/home`);
  await expect(page.getByRole('heading', { name: 'Mes lots' })).toBeVisible();
  await expect(page.getByTestId('lot-card').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Vérification des comptes' })).toHaveCount(0);
});

test('the syndic preview shows the dashboard read-only, and only for its record', async ({
  page,
  request,
}) => {
  // Claire's record ids, to build the preview URLs the syndic would send.
  const recs = (await session(request, 'claire.martin@example.fr')).records;
  const tilleuls = recordOf(recs, 'Les Tilleuls');
  const clos = recordOf(recs, 'Clos Fleuri');

  await page.goto(`/syndic-preview/${tilleuls.id}/home?spt=PREVIEW-DEMO-CLAIRE`);
  await expect(page.getByText('Aperçu syndic – lecture seule')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ma synthèse', level: 1 })).toBeVisible();
  await expect(page.getByTestId('syndic-name')).toHaveText('Cabinet Lefèvre Immobilier');
  await expect(page.getByTestId('lot-card')).toHaveCount(3);
  await expect(page.getByRole('tablist', { name: 'Exercices' }).getByRole('tab')).toHaveCount(4);
  await expect(page.getByRole('region', { name: 'Vérification des comptes' })).toHaveCount(0);
  // Opening a lot keeps the preview token in the URL.
  await page.getByRole('button', { name: /^Cave C03/ }).click();
  await expect(page).toHaveURL(/spt=PREVIEW-DEMO-CLAIRE/);
  await expect(page.getByRole('button', { name: 'Retour' })).toBeVisible();

  // The same token on another record of the same person: nothing is shown.
  const other = await request.get(`/api/coproprietaires/${clos.id}/preview-info`, {
    headers: { 'x-preview-token': 'PREVIEW-DEMO-CLAIRE' },
  });
  expect(other.status()).toBe(404);
  await page.goto(`/syndic-preview/${clos.id}/home?spt=PREVIEW-DEMO-CLAIRE`);
  await expect(page.getByRole('alert', { name: 'Impossible de charger ces informations.' })).toBeVisible();
});

test('the syndic preview is readable on a phone, its menu behind a burger', async ({ page, request }) => {
  const tilleuls = recordOf((await session(request, 'claire.martin@example.fr')).records, 'Les Tilleuls');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/syndic-preview/${tilleuls.id}/home?spt=PREVIEW-DEMO-CLAIRE`);
  await expect(page.getByRole('heading', { name: 'Ma synthèse', level: 1 })).toBeInViewport();
  await expect(page.getByRole('link', { name: 'Factures et Devis' })).not.toBeInViewport();
  await page.getByRole('button', { name: 'Navigation principale' }).click();
  await expect(page.getByRole('link', { name: 'Factures et Devis' })).toBeInViewport();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
