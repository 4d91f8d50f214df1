import { checkA11y, expect, type Page, test } from './tenant.fixture';

/**
 * The console's board of signalements: the gestionnaire of a fresh tenant follows the portfolio's
 * count to the board, opens a new report from the keyboard, moves it to « Résolu » with a message,
 * and the co-owner who reported it is notified. axe runs on each page and on the open panel.
 */

const DESKTOP = { width: 1280, height: 800 };
const TABLET = { width: 820, height: 1180 };
const TITLE = 'Porte du hall bloquée';

test.use({
  tenantSpec: {
    console: true,
    owners: [
      { key: 'paul', first_name: 'Paul', last_name: 'Durand' },
      { key: 'claire', first_name: 'Claire', last_name: 'Petit', lots: ['Appartement B21'] },
    ],
    signalements: [{ author: 'paul', title: TITLE, supporters: ['claire'] }],
  },
});

const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`) });

test('a gestionnaire moves a signalement to résolu and its reporter is notified', async ({
  page,
  tenant,
}) => {
  test.setTimeout(120_000);
  const staff = tenant.gestionnaire;
  if (!staff) throw new Error('the tenant has no console account');
  await page.setViewportSize(DESKTOP);
  await page.goto('/login');
  await page.evaluate((t) => localStorage.setItem('TOKEN', t), staff.token);
  await page.goto('/gestion');
  await expect(page.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible();

  await page.getByTestId('action-signalements').click();
  await expect(page).toHaveURL(new RegExp(`/gestion/immeubles/${tenant.copropriete.id}/signalements$`));
  const fresh = page.getByTestId('board-column-NOUVEAU');
  await expect(fresh.getByTestId('board-card')).toHaveCount(1);
  await shot(page, 'board-1280');

  // From the keyboard: the card is a button, the panel's controls are native.
  await fresh.getByRole('button', { name: new RegExp(`^${TITLE}`) }).focus();
  await page.keyboard.press('Enter');
  const panel = page.getByTestId('signalement-panel');
  await expect(panel).toBeVisible();
  await expect(panel.getByText('Claire Petit')).toBeVisible();
  await checkA11y(page);
  await panel.getByLabel('Nouveau statut').selectOption('RESOLU');
  await panel
    .getByLabel('Message aux copropriétaires qui le suivent (facultatif)')
    .fill('La serrure a été changée ce matin.');
  await panel.getByRole('button', { name: 'Changer le statut' }).click();
  await expect(panel.getByTestId('panel-status')).toHaveText('Résolu');
  await shot(page, 'panel-1280');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('board-column-RESOLU').getByTestId('board-card')).toHaveCount(1);
  await expect(fresh.getByTestId('board-card')).toHaveCount(0);

  await page.setViewportSize(TABLET);
  await checkA11y(page);
  await shot(page, 'board-820');

  // The reporter (and the neighbour who said « moi aussi ») read it in their notifications.
  for (const who of [tenant.owners.paul, tenant.owners.claire]) {
    const res = await page.request.get(
      `/api/coproprietaires/notifications?coproprietaire_id=${who.coproprietaire_id}`,
      {
        headers: { authorization: `Bearer ${who.token}` },
      },
    );
    expect(res.ok()).toBe(true);
    expect(JSON.stringify((await res.json()).data)).toContain(
      'Nouveau statut\u202f: Résolu. La serrure a été changée ce matin.',
    );
  }
});
