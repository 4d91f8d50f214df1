import { expect, test } from './a11y.fixture';
import { type Rec, recordOf, signIn } from './sign-in';

/** 'Ma synthèse' (SPEC §2.4) on the demo data: its layout on a phone and on a desktop. */

test.describe('as claire', () => {
  let tilleuls: Rec;
  let closFleuri: Rec;

  test.beforeEach(async ({ page }) => {
    const recs = await signIn(page, 'claire.martin@example.fr');
    tilleuls = recordOf(recs, 'Les Tilleuls');
    closFleuri = recordOf(recs, 'Clos Fleuri');
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
