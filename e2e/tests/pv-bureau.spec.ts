import type { Page } from '@playwright/test';
import { loginByEmail } from './identity.helpers';
import { checkA11y, expect, type Tenant, test } from './tenant.fixture';

/**
 * The PV after the meeting, on the desk's tablet (820×1180): the meeting held (through the console's
 * API: émargement, Paul against resolution 1, Léa absent), the administrateur records the bureau,
 * each member signs the PV on the tablet (décret 1967 art. 17), the PV is sealed with the last
 * signature and notified to the opposant (an LRE) and the défaillant (who asked for the post), with
 * the last day to contest once the first presentation is known (loi art. 42, 2e al.). axe runs on each state of the page.
 */

const TABLET = { width: 820, height: 1180 };
const AG_NAME = 'Assemblée générale ordinaire 2026';

test.use({
  tenantSpec: {
    console: true,
    owners: [
      { key: 'claire', first_name: 'Claire', last_name: 'Martin', lots: ['Appartement A12'] },
      { key: 'paul', first_name: 'Paul', last_name: 'Durand', lots: ['Appartement B21'] },
      { key: 'marc', first_name: 'Marc', last_name: 'Lefort', lots: ['Appartement C31'] },
      { key: 'lea', first_name: 'Léa', last_name: 'Robin', lots: ['Appartement D41'] },
    ],
  },
});

const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`pv-${name}.png`), fullPage: true });

/** The assembly held today: put by the syndic's API, then opened, voted and closed at the desk's API. */
async function holdAssemblee(page: Page, tenant: Tenant) {
  const key = tenant.copropriete.charges_generales;
  const put = await page.request.put('/api/syndic/v1/assemblees/AG-PV', {
    headers: { 'x-api-key': tenant.syndic.api_key },
    data: {
      copropriete: tenant.copropriete.external_id,
      name: AG_NAME,
      year: new Date().getUTCFullYear(),
      date: new Date(Date.now() + 10 * 60_000).toISOString(),
      general_repartition: key,
      resolutions: [
        {
          external_id: 'R1',
          number: 1,
          title: 'Approbation des comptes',
          article: 'ART-24',
          repartition: key,
        },
        { external_id: 'R2', number: 2, title: 'Budget prévisionnel', article: 'ART-24', repartition: key },
      ],
      participants: Object.values(tenant.owners).map((o) => ({ coproprietaire: o.compte })),
    },
  });
  expect(put.status(), await put.text()).toBe(200);
  const agId = (await put.json()).data.id as string;
  const base = `/api/gestion/coproprietes/${tenant.copropriete.id}/assemblees/${agId}`;
  const headers = { authorization: `Bearer ${tenant.gestionnaire!.token}` };
  const post = async (path: string, data?: object) => {
    const res = await page.request.post(`${base}${path}`, { headers, ...(data ? { data } : {}) });
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()).data;
  };
  await post('/seance/ouverture');
  for (const o of ['claire', 'paul', 'marc'])
    await post('/seance/entrees', {
      kind: 'attendance',
      coproprietaire: tenant.owners[o]!.coproprietaire_id,
      attendance: 'present',
    });
  const desk = await post('/seance/entrees', {
    kind: 'attendance',
    coproprietaire: tenant.owners.lea!.coproprietaire_id,
    attendance: 'absent',
  });
  const [r1, r2] = desk.resolutions.map((r: { id: string }) => r.id);
  const vote = (resolution: string, paul: string) =>
    post('/seance/entrees', {
      kind: 'votes',
      resolution,
      votes: [
        { coproprietaire: tenant.owners.claire!.coproprietaire_id, vote_1: 'agree' },
        { coproprietaire: tenant.owners.paul!.coproprietaire_id, vote_1: paul },
        { coproprietaire: tenant.owners.marc!.coproprietaire_id, vote_1: 'agree' },
      ],
    });
  await vote(r1, 'disagree');
  await vote(r2, 'agree');
  await post('/seance/cloture');
  // Léa asked for the post by a letter received yesterday (loi art. 42-1).
  const postal = await page.request.put(
    `/api/gestion/coproprietes/${tenant.copropriete.id}/coproprietaires/${tenant.owners.lea!.coproprietaire_id}/demande-voie-postale`,
    { headers, data: { received_at: new Date(Date.now() - 86_400_000).toISOString() } },
  );
  expect(postal.status(), await postal.text()).toBe(200);
  return agId;
}

async function draw(page: Page) {
  const pad = page.getByTestId('pv-pad');
  await expect(pad).toHaveAttribute('data-ready', 'true');
  const box = await pad.boundingBox();
  if (!box) throw new Error('no pad');
  await page.mouse.move(box.x + 30, box.y + 110);
  await page.mouse.down();
  for (let i = 1; i <= 16; i++)
    await page.mouse.move(box.x + 30 + i * 12, box.y + 110 + Math.sin(i / 2) * 35, { steps: 2 });
  await page.mouse.up();
}

const pick = async (page: Page, label: string, option: string) => {
  await page.getByRole('textbox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: new RegExp(`${option}$`) }).click();
};

test('the bureau signs the PV on the tablet; it is sealed and notified to the opposant and the défaillant', async ({
  page,
  tenant,
  browser,
}) => {
  test.setTimeout(180_000);
  const agId = await holdAssemblee(page, tenant);
  const tablet = await (await browser.newContext({ viewport: TABLET })).newPage();
  await loginByEmail(tablet, tenant.console!.email, tenant.password);
  await expect(tablet).toHaveURL(/\/gestion$/);
  await tablet.goto(`/gestion/immeubles/${tenant.copropriete.id}/assemblees/${agId}/seance`);
  await tablet.getByTestId('pv-link').click();
  await expect(tablet.getByRole('heading', { level: 1, name: 'Procès-verbal' })).toBeVisible();

  // The bureau: Claire président, the administrateur secrétaire for the syndic, Marc scrutateur.
  await pick(tablet, 'Président de séance', 'Claire Martin');
  await pick(tablet, 'Scrutateur 1', 'Marc Lefort');
  await checkA11y(tablet);
  await tablet.getByRole('button', { name: 'Enregistrer le bureau' }).click();
  await expect(tablet.getByTestId('pv-member')).toHaveCount(3);
  await shot(tablet, 'bureau-tablet');

  // Each member signs on the tablet, one after the other; the last signature seals the PV.
  for (const key of ['president:0', 'secretaire:0', 'scrutateur:0']) {
    const member = tablet.locator(`[data-member="${key}"]`);
    await member.getByRole('button', { name: 'Signer' }).click();
    // Before drawing: a full-page screenshot resizes the window, which clears the pad.
    if (key === 'president:0') {
      await checkA11y(tablet);
      await shot(tablet, 'signing-tablet');
    }
    await draw(tablet);
    await member.getByRole('button', { name: 'Valider la signature' }).click();
    await expect(member.getByText(/^Signé le /)).toBeVisible();
  }
  await expect(tablet.getByTestId('pv-status')).toContainText('Signé par tout le bureau et scellé.');

  // Notified to Paul (against resolution 1) and Léa (absent): two letters, with their contest dates.
  const rows = tablet.getByTestId('pv-notification');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Paul Durand' })).toContainText('Opposant, résolution 1');
  await expect(rows.filter({ hasText: 'Léa Robin' })).toContainText('Défaillant, résolutions 1, 2');
  await tablet.getByRole('button', { name: 'Notifier le procès-verbal' }).click();
  await expect(tablet.getByTestId('pv-notified-count')).toHaveText('2 notifiés sur 2');
  // Paul by a lettre recommandée électronique; Léa, who asked for the post, by a registered letter
  // whose first presentation is estimated until the syndic records it.
  await expect(rows.filter({ hasText: 'Paul Durand' })).toContainText('Lettre recommandée électronique');
  await expect(rows.filter({ hasText: 'Léa Robin' })).toContainText('Courrier recommandé');
  await expect(rows.filter({ hasText: 'Léa Robin' }).getByTestId('pv-contest-until')).toContainText(
    "Contestation jusqu'au",
  );
  await checkA11y(tablet);
  await shot(tablet, 'notified-tablet');

  // Paul finds his electronic notification, the sealed PV attached, in his space.
  const paul = tenant.owners.paul!;
  await page.goto('/login');
  await page.evaluate((t) => localStorage.setItem('TOKEN', t), paul.token);
  await page.goto(`/${paul.coproprietaire_id}/messages-communication`);
  await expect(page.getByText(/Notification du procès-verbal/).first()).toBeVisible();
  await checkA11y(page);
  await shot(page, 'coowner-letter');
});
