import { createRequire } from 'node:module';
import { test as base, expect, type Locator, type Page } from '@playwright/test';

/**
 * Accessibility check of every page the e2e suite visits.
 *
 * Every spec imports `test` and `expect` from here instead of '@playwright/test'. The `page`
 * fixture then runs axe-core:
 * - on every main-frame navigation (full load or client-side route change), once the page has
 *   settled (no loader shown, one quiet second);
 * - on the page as the test leaves it;
 * - wherever a spec calls `checkA11y(page)` (an opened modal, a wizard step…).
 * A serious or critical violation, or one of the structure rules below, fails the test with the
 * rule, the page and the offending elements.
 *
 * The app's CSP forbids injected <script> tags (page.addScriptTag), so axe's source is evaluated
 * through the DevTools protocol (Runtime.evaluate), which the CSP does not govern.
 */

const require = createRequire(import.meta.url);
const axeSource: string = require('axe-core').source;

/** Impacts that fail a page. */
const FAILING_IMPACTS = new Set(['serious', 'critical']);
/** Rules of lower impact held as well (page structure). */
const ALWAYS_FAILING_RULES = new Set(['landmark-one-main', 'page-has-heading-one', 'empty-table-header']);

export interface A11yViolation {
  id: string;
  impact: string | null;
  help: string;
  url: string;
  targets: string[];
}

interface AxeResult {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; html: string; failureSummary?: string }[];
}

async function evaluateCdp<T>(page: Page, expression: string): Promise<T> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const res = (await cdp.send('Runtime.evaluate', {
      expression,
      awaitPromise: true,
      returnByValue: true,
    })) as {
      result: { value: T };
      exceptionDetails?: { text: string; exception?: { description?: string } };
    };
    if (res.exceptionDetails)
      throw new Error(res.exceptionDetails.exception?.description ?? res.exceptionDetails.text);
    return res.result.value;
  } finally {
    await cdp.detach().catch(() => {});
  }
}

const LOADERS =
  '.mantine-Loader-root, .mantine-LoadingOverlay-root, [data-loading="true"], [aria-busy="true"]';

/**
 * Waits (bounded) until no loader or transition is on screen, so axe sees the settled page.
 * Says whether the page settled (a page still loading has no heading yet, and that is fine).
 */
async function settle(page: Page): Promise<boolean> {
  const settled = await page
    .waitForFunction((sel) => !document.querySelector(sel), LOADERS, { timeout: 10_000 })
    .then(() => true)
    .catch(() => false);
  // Mantine's modal/menu transitions last up to 200 ms; contrast is wrong while they fade in.
  await page.waitForTimeout(300);
  return settled;
}

/**
 * One axe run at a time per page: the background check of a route change and a test's own
 * `checkA11y` can fall at the same moment, and axe refuses a second run while one is going
 * ("Axe is already running": a CI failure of the payments spec).
 */
const axeRuns = new WeakMap<Page, Promise<unknown>>();

/** Runs axe on the page as it is and returns the failing violations. */
export function axeViolations(page: Page, settled = true): Promise<A11yViolation[]> {
  const mine = (axeRuns.get(page) ?? Promise.resolve()).then(() => runAxe(page, settled));
  axeRuns.set(
    page,
    mine.catch(() => {}),
  );
  return mine;
}

async function runAxe(page: Page, settled: boolean): Promise<A11yViolation[]> {
  const has = await evaluateCdp<boolean>(page, 'typeof window.axe === "object"').catch(() => false);
  if (!has) {
    await evaluateCdp(page, `${axeSource};true`);
  }
  const results = await evaluateCdp<AxeResult[]>(
    page,
    `axe.run(document, { resultTypes: ['violations'] }).then(r => r.violations.map(v => ({
      id: v.id, impact: v.impact, help: v.help,
      nodes: v.nodes.map(n => ({ target: n.target, html: n.html.slice(0, 160), failureSummary: n.failureSummary })),
    })))`,
  );
  const url = new URL(page.url()).pathname;
  return results
    .filter(
      (v) =>
        FAILING_IMPACTS.has(v.impact ?? '') ||
        (ALWAYS_FAILING_RULES.has(v.id) && (settled || v.id !== 'page-has-heading-one')),
    )
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      url,
      targets: v.nodes
        .slice(0, 8)
        .map((n) => `${JSON.stringify(n.target)} ${n.html}\n      ${n.failureSummary ?? ''}`),
    }));
}

/**
 * Runs axe on the settled page; a violation found is confirmed by a second run a moment later,
 * so a state the page only passes through (a route still resolving, a row being re-rendered) is
 * not reported, while anything that stays is.
 */
async function confirmedViolations(page: Page): Promise<A11yViolation[]> {
  const first = await axeViolations(page, await settle(page));
  if (!first.length) return first;
  await page.waitForTimeout(1_000);
  const again = await axeViolations(page, await settle(page));
  return again.filter((v) => first.some((f) => f.id === v.id));
}

function describe(vs: A11yViolation[]) {
  return vs
    .map((v) => `[${v.impact}] ${v.id} on ${v.url}: ${v.help}\n    ${v.targets.join('\n    ')}`)
    .join('\n');
}

/** Settles, runs axe and fails the test on a serious/critical violation. */
export async function checkA11y(page: Page, what = '') {
  const vs = await confirmedViolations(page);
  expect(vs, `axe violations${what ? ` (${what})` : ''}:\n${describe(vs)}`).toEqual([]);
}

/**
 * The `page` fixture, checked on every visit. Checks of route changes run in the background
 * (serialised, after a quiet second) and are reported when the test ends, so they never change
 * what the test itself does.
 */
export const test = base.extend<{ a11yAuto: boolean }>({
  a11yAuto: [true, { option: true }],
  page: async ({ page, a11yAuto }, use, testInfo) => {
    if (!a11yAuto) {
      await use(page);
      return;
    }
    // No fade-ins: the app's theme honours reduced motion, so axe never meets a half-faded
    // dialog (whose colours are those of no real state).
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const found: A11yViolation[] = [];
    const seen = new Set<string>();
    const record = (vs: A11yViolation[]) => {
      for (const v of vs) {
        const key = `${v.id} ${v.url}`;
        if (seen.has(key)) continue;
        seen.add(key);
        found.push(v);
      }
    };
    let timer: NodeJS.Timeout | null = null;
    let chain: Promise<void> = Promise.resolve();
    const checkedPaths = new Set<string>();
    const run = () => {
      chain = chain.then(async () => {
        if (page.isClosed()) return;
        const path = (() => {
          try {
            return new URL(page.url()).pathname;
          } catch {
            return '';
          }
        })();
        if (!path || path === 'blank' || page.url().startsWith('about:') || checkedPaths.has(path)) return;
        try {
          const settled = await settle(page);
          if (page.isClosed()) return;
          // Another navigation while settling: that one's own check covers it.
          if (new URL(page.url()).pathname !== path) return;
          const vs = await confirmedViolations(page);
          // Navigated away meanwhile: what was seen belongs to no page state in particular.
          if (new URL(page.url()).pathname !== path) return;
          record(vs);
          // A page still loading is looked at again on the next visit of its path.
          if (settled) checkedPaths.add(path);
        } catch {
          // The page navigated or closed while axe ran: nothing to report for this state.
        }
      });
    };
    const onNav = (frame: import('@playwright/test').Frame) => {
      if (frame !== page.mainFrame()) return;
      if (timer) clearTimeout(timer);
      timer = setTimeout(run, 1_000);
    };
    page.on('framenavigated', onNav);
    await use(page);
    page.off('framenavigated', onNav);
    if (timer) clearTimeout(timer);
    await chain;
    // The page as the test leaves it (when the test itself passed and the page is still there).
    if (testInfo.status === testInfo.expectedStatus && !page.isClosed() && !page.url().startsWith('about:')) {
      try {
        record(await confirmedViolations(page));
      } catch {
        // closed meanwhile
      }
    }
    if (found.length && testInfo.status === testInfo.expectedStatus)
      throw new Error(`Accessibility (axe-core) violations:\n${describe(found)}`);
  },
});

/** Presses Tab until `target` has the focus (at most `max` times), as a keyboard user would. */
export async function tabTo(page: Page, target: Locator, max = 30) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

export * from '@playwright/test';
export { expect };
