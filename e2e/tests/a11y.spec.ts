import { type A11yViolation, axeViolations, expect, type Page, test } from './a11y.fixture';

/**
 * Every page of the route table (SPEC §2.1), signed out and signed in as claire, on a desktop
 * and on a phone: axe-core finds no serious or critical violation, each page has one <main>
 * and one <h1>, no heading level is skipped, and nothing scrolls sideways on the phone.
 */

test.use({ a11yAuto: false });

const PASSWORD = 'Tilleuls2024';

interface Rec {
  id: string;
  coproprietes: { id: string; name: string; syndic_id: string }[];
}

let cached: { token: string; tilleuls: Rec; assembleeId: string | null; smsId: string | null } | null = null;
async function session(page: Page) {
  if (cached) return cached;
  const res = await page.request.post('/api/auth/login', {
    data: { email: 'claire.martin@example.fr', password: PASSWORD },
  });
  expect(res.ok()).toBe(true);
  const token = (await res.json()).data.token as string;
  const headers = { authorization: `Bearer ${token}` };
  const all = (await (await page.request.get('/api/coproprietaires/all', { headers })).json()).data as Rec[];
  const tilleuls = all.find((r) => r.coproprietes[0].name.includes('Les Tilleuls'));
  if (!tilleuls) throw new Error('claire has no record in Les Tilleuls');
  const ags = await page.request.get(
    `/api/assemblee/coproprietes/${tilleuls.coproprietes[0].id}/coproprietaire/${tilleuls.id}/get-list-ag-available`,
    { headers },
  );
  const list = ags.ok() ? ((await ags.json()).data as { id: string }[]) : [];
  const sms = await page.request.get(
    `/api/communication/sms?syndic_id=${tilleuls.coproprietes[0].syndic_id}&coproprietaire_id=${tilleuls.id}`,
    { headers },
  );
  const smsId = sms.ok() ? (((await sms.json()).data.data as { id: string }[])[0]?.id ?? null) : null;
  cached = { token, tilleuls, assembleeId: list[0]?.id ?? null, smsId };
  return cached;
}

async function sweep(page: Page, paths: string[], phone: boolean) {
  const found: A11yViolation[] = [];
  for (const path of paths) {
    await page.goto(path);
    // The page has rendered its content once its <h1> shows (checked below, softly).
    await page
      .locator('h1')
      .first()
      .waitFor({ timeout: 8_000 })
      .catch(() => {});
    await page
      .waitForFunction(() => !document.querySelector('.mantine-Loader-root'), undefined, { timeout: 5_000 })
      .catch(() => {});
    await page.waitForTimeout(300);
    found.push(...(await axeViolations(page)));
    const structure = await page.evaluate(() => ({
      mains: document.querySelectorAll('main, [role="main"]').length,
      h1s: [...document.querySelectorAll('h1, [role="heading"][aria-level="1"]')].filter(
        (h) => h.getClientRects().length > 0,
      ).length,
      scroll: document.documentElement.scrollWidth - window.innerWidth,
      // A heading one level deeper than the one before at most (h1 then h3 skips a level).
      skips: [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')]
        .filter((h) => h.getClientRects().length > 0)
        .map((h) => Number(h.tagName[1]))
        .flatMap((level, i, all) => (i > 0 && level > all[i - 1] + 1 ? [`h${all[i - 1]} → h${level}`] : [])),
      // Props meant for a component that reached the DOM as attributes.
      unknownAttrs: document.querySelectorAll('[errorprops], [wrapperprops], [labelprops]').length,
      // A name on an element without a role is read by no screen reader.
      namedWithoutRole: [
        ...document.querySelectorAll('div[aria-label]:not([role]), span[aria-label]:not([role])'),
      ].map((e) => e.outerHTML.slice(0, 120)),
    }));
    expect.soft(structure.mains, `one <main> on ${path}`).toBe(1);
    expect.soft(structure.h1s, `one visible <h1> on ${path}`).toBe(1);
    if (phone) expect.soft(structure.scroll, `no sideways scroll on ${path}`).toBeLessThanOrEqual(0);
    expect.soft(structure.skips, `no heading level skipped on ${path}`).toEqual([]);
    expect.soft(structure.unknownAttrs, `no component prop rendered as an attribute on ${path}`).toBe(0);
    expect.soft(structure.namedWithoutRole, `aria-label only where a role carries it on ${path}`).toEqual([]);
  }
  const text = found.map(
    (v) => `[${v.impact}] ${v.id} on ${v.url}: ${v.help}\n    ${v.targets.join('\n    ')}`,
  );
  expect(text, text.join('\n')).toEqual([]);
}

const PUBLIC = [
  '/login',
  '/s/lefevre/login',
  '/register',
  '/forgot-password',
  '/invitations',
  '/signature?auth_token=SIGN-DEMO-CLAIRE',
  '/signature?auth_token=NO-SUCH-TOKEN',
];

function signedIn(s: { tilleuls: Rec; assembleeId: string | null; smsId: string | null }) {
  const b = `/${s.tilleuls.id}`;
  const p = `/syndic-preview/${s.tilleuls.id}`;
  return [
    '/',
    '/user-info',
    '/notifications',
    `${b}/home`,
    `${b}/facture`,
    `${b}/facture-v2`,
    `${b}/messages-communication`,
    `${b}/messaging`,
    `${b}/init-profiles`,
    `${b}/init-settings`,
    `${b}/settings`,
    `${b}/assemblee`,
    ...(s.assembleeId ? [`${b}/assemblee/${s.assembleeId}`] : []),
    `${b}/notifications`,
    `${b}/compte`,
    `${b}/verification`,
    `${b}/carnet-entretien`,
    `${b}/signalements`,
    `${b}/signalements/nouveau`,
    `${b}/copro-invoices`,
    `${b}/document/fonctionnement`,
    `${b}/document/copropriete`,
    `${b}/document/syndic`,
    `${b}/document/postals`,
    `${b}/document/liste-legale`,
    ...(s.smsId ? [`/m/${s.smsId}`] : []),
    `${p}/home?spt=PREVIEW-DEMO-CLAIRE`,
    `${p}/facture-v2?spt=PREVIEW-DEMO-CLAIRE`,
    `${p}/invoices?spt=PREVIEW-DEMO-CLAIRE`,
    `${p}/document/fonctionnement?spt=PREVIEW-DEMO-CLAIRE`,
  ];
}

for (const [name, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test.describe(`on a ${name}`, () => {
    test.use({ viewport });

    test('every public page passes axe', async ({ page }) => {
      await sweep(page, PUBLIC, name === 'phone');
    });

    test("every page of claire's account passes axe", async ({ page }) => {
      test.setTimeout(180_000);
      const s = await session(page);
      await page.goto('/login');
      await page.evaluate((t) => localStorage.setItem('TOKEN', t), s.token);
      await sweep(page, signedIn(s), name === 'phone');
    });
  });
}
