import { expect, test } from './a11y.fixture';
import { type Rec, recordOf, signIn } from './sign-in';

/**
 * 'Ma synthèse' (SPEC §2.4) on the demo data: how its first screen loads (one batch of reads
 * before it is shown, the rest after), and the messages page opened from its URL.
 */

test.describe('as claire', () => {
  let tilleuls: Rec;

  test.beforeEach(async ({ page }) => {
    const recs = await signIn(page, 'claire.martin@example.fr');
    tilleuls = recordOf(recs, 'Les Tilleuls');
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
    // The first screen's reads went as one request (POST /api/reads) before it was shown, and
    // from its answers (Claire owes, card payment is on) the pay button's payable lines in a
    // second, never alone; then the chat badge, the pending attach check, and the counts read
    // again once the socket has joined the record's room: all of them after the first screen.
    await expect
      .poll(async () => {
        const { requests } = await starts();
        return [
          at(requests, /\/api\/reads$/).length,
          at(requests, /\/data-for-payment$/).length,
          at(requests, /\/chat\/unseen$/).length,
          at(requests, /\/pending-attach$/).length,
          at(requests, /\/messages\/unread-count$/).length,
        ];
      })
      .toEqual([2, 0, 1, 1, 1]);
    const { shown, requests } = await starts();
    expect(shown).toBeGreaterThan(0);
    expect(at(requests, /\/api\/reads$/)[0]).toBeLessThan(shown);
    for (const t of at(requests, /\/(chat\/unseen|pending-attach|messages\/unread-count)$/))
      expect(t).toBeGreaterThan(shown);
    // On a phone the chat is an entry of the header's dots menu.
    await page.getByRole('button', { name: /^Plus d'options/ }).click();
    await expect(page.getByRole('menuitem', { name: /^Messagerie/ })).toBeVisible();
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
});
