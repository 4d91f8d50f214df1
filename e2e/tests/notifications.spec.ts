import { randomBytes } from 'node:crypto';
import {
  type APIRequestContext,
  type BrowserContext,
  checkA11y,
  expect,
  type Page,
  test,
} from './a11y.fixture';

/**
 * Notifications, messages and browser push (SPEC §2.21, §2.22, §4). A notification sent through
 * the syndic API (demo key of Cabinet Lefèvre, co-owner account 450001 = claire at Les Tilleuls)
 * appears live, without a reload. Runs in the last project: it changes claire's unread counts.
 */

const PASSWORD = 'Tilleuls2024';
const API_KEY = process.env.DEMO_SYNDIC_API_KEY as string;
const CLAIRE_ACCOUNT = '450001';

interface Rec {
  id: string;
  coproprietes: { name: string }[];
}

let token = '';
let tilleuls: Rec;

/** One sign-in for the whole file (login is rate-limited per e-mail). */
async function claire(request: APIRequestContext) {
  if (token) return;
  const res = await request.post('/api/auth/login', {
    data: { email: 'claire.martin@example.fr', password: PASSWORD },
  });
  expect(res.ok()).toBe(true);
  token = (await res.json()).data.token;
  const all = await request.get('/api/coproprietaires/all', {
    headers: { authorization: `Bearer ${token}` },
  });
  tilleuls = ((await all.json()).data as Rec[]).find((r) =>
    r.coproprietes[0].name.includes('Tilleuls'),
  ) as Rec;
}

async function signIn(page: Page) {
  await claire(page.request);
  await page.goto('/login');
  await page.evaluate((t) => localStorage.setItem('TOKEN', t), token);
}

const ext = (p: string) => `e2e-${p}-${randomBytes(4).toString('hex')}`;

async function sendNotification(request: APIRequestContext, title: string) {
  const res = await request.put(`/api/syndic/v1/notifications/${ext('n')}`, {
    headers: { 'x-api-key': API_KEY },
    data: { title, body: 'Le gardien passera entre 9 h et 12 h.', to: { coproprietaire: CLAIRE_ACCOUNT } },
  });
  expect(res.status()).toBe(200);
  return (await res.json()).data;
}

test.describe.configure({ mode: 'serial' });

test('a notification sent through the syndic API appears live in the bell and on the home card; mark all read', async ({
  page,
}) => {
  await signIn(page);
  // Start from nothing unread at Les Tilleuls: 'Marquer comme lu tout' with its confirmation.
  await page.goto(`/${tilleuls.id}/notifications`);
  await expect(page.getByTestId('panel-title')).toContainText('Notifications (');
  await expect(page.getByTestId('notifications-item').first()).toBeVisible();
  await page.getByRole('button', { name: 'Marquer comme lu tout' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirmer' }).click();
  await expect(page.locator('[data-testid="notifications-item"][data-read="0"]')).toHaveCount(0);
  // 'Afficher non lu' now shows the §8 empty text.
  await page.getByText('Afficher non lu').click();
  await expect(page.getByTestId('notifications-empty')).toHaveText(
    "Vous n'avez aucune notification non lue!",
  );
  await page.getByText('Afficher non lu').click();

  await page.goto('/');
  const card = page.getByTestId('coproprietaire-card').filter({ hasText: 'Les Tilleuls' });
  await expect(card).toBeVisible();
  await expect(card.getByTestId('notification-badge')).toHaveCount(0);

  // The syndic sends; no reload.
  await sendNotification(page.request, 'Passage du gardien');
  await expect(card.getByTestId('notification-badge')).toHaveText('1');

  await card.click();
  await expect(page).toHaveURL(new RegExp(`/${tilleuls.id}/home$`));
  await expect(page.getByTestId('notification-bell')).toHaveAccessibleName('Notifications, 1 non lues');
  await sendNotification(page.request, 'Coupure d’eau jeudi');
  await expect(page.getByTestId('notification-bell')).toHaveAccessibleName('Notifications, 2 non lues');

  await page.getByTestId('notification-bell').click();
  const dropdown = page.getByTestId('bell-dropdown');
  await expect(dropdown.getByTestId('bell-list-item').first()).toContainText('Coupure d’eau jeudi');
  await expect(dropdown).toContainText("Aujourd'hui");
  // A third one arrives while the dropdown is open.
  await sendNotification(page.request, 'Nettoyage des caves');
  await expect(dropdown.getByTestId('bell-list-item').first()).toContainText('Nettoyage des caves');
  // Opening one marks it read and shows 'Détails des notifications'.
  await dropdown.getByRole('button', { name: /Nettoyage des caves/ }).click();
  const detail = page.getByRole('dialog', { name: 'Détails des notifications' });
  await expect(detail).toContainText('Le gardien passera entre 9 h et 12 h.');
  await detail.getByRole('button', { name: 'Fermer', exact: true }).click();
  await expect(page.getByTestId('notification-bell')).toHaveAccessibleName('Notifications, 2 non lues');
});

test('messages panel: list, detail with attachment, opening marks read, badge', async ({ page }) => {
  await signIn(page);
  const title = `Procès-verbal ${randomBytes(2).toString('hex')}`;
  await page.goto(`/${tilleuls.id}/home`);
  const res = await page.request.put(`/api/syndic/v1/messages/${ext('m')}`, {
    headers: { 'x-api-key': API_KEY },
    data: {
      title,
      body: 'Veuillez trouver ci-joint le procès-verbal de la dernière assemblée.',
      to: { coproprietaire: CLAIRE_ACCOUNT },
      attachments: [
        {
          name: 'pv-ag.txt',
          content_type: 'text/plain',
          content_base64: Buffer.from('PV de l’AG').toString('base64'),
        },
      ],
    },
  });
  expect(res.status()).toBe(200);
  // The header shortcut counts it live.
  await expect(page.getByTestId('message-shortcut')).toHaveAccessibleName(/Messages, \d+ non lus/);
  await page.getByTestId('message-shortcut').click();
  await expect(page).toHaveURL(new RegExp(`/${tilleuls.id}/messages-communication$`));
  await expect(page.getByTestId('panel-title')).toContainText('Messages (');
  const item = page.getByTestId('messages-item').filter({ hasText: title });
  await expect(item).toHaveAttribute('data-read', '0');
  await item.getByRole('button').click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toContainText('Veuillez trouver ci-joint');
  await expect(dialog.getByRole('button', { name: 'pv-ag.txt' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Fermer', exact: true }).click();
  await expect(item).toHaveAttribute('data-read', '1');
  // Only-unread with nothing left after 'Marquer comme lu tout'.
  await page.getByRole('button', { name: 'Marquer comme lu tout' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirmer' }).click();
  await page.getByText('Afficher non lu').click();
  await expect(page.getByTestId('messages-empty')).toHaveText("Vous n'avez pas de message");
  await page.getByText('Afficher non lu').click();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '/tmp/notif-e2e-messages-phone.png', fullPage: false });
});

async function permissionPage(context: BrowserContext) {
  const page = await context.newPage();
  await claire(page.request);
  await page.goto('/login');
  await page.evaluate((t) => localStorage.setItem('TOKEN', t), token);
  await page.goto(`/${tilleuls.id}/home`);
  return page;
}

test('permission dialog: Chromium grants notifications', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await permissionPage(context);
  await page.getByTestId('notification-bell').click();
  await page.getByRole('button', { name: 'Recevoir les notifications sur cet appareil' }).click();
  const dialog = page.getByRole('dialog', { name: 'Autorisation le navigateur' });
  await expect(dialog).toContainText('Votre navigateur vous demandera ensuite de confirmer ce choix.');
  await checkA11y(page, 'browser permission dialog');
  await context.grantPermissions(['notifications']);
  const vapid = page.waitForResponse((r) => r.url().includes('/notifications/vapid-public-key'));
  await dialog.getByRole('button', { name: 'Autoriser' }).click();
  expect((await vapid).status()).toBe(200);
  await expect(dialog).toBeHidden();
  expect(await page.evaluate(() => Notification.permission)).toBe('granted');
  expect(await page.evaluate(() => localStorage.getItem('BLOCK_NOTIFICATION'))).toBeNull();
  expect(await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration()))).toBe(true);
  await page.getByTestId('notification-bell').click();
  await expect(page.getByTestId('bell-blocked')).toHaveCount(0);
  await context.close();
});

test('permission dialog: Chromium denies notifications → blocked text in the bell', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await permissionPage(context);
  await page.getByTestId('notification-bell').click();
  await page.getByRole('button', { name: 'Recevoir les notifications sur cet appareil' }).click();
  await page
    .getByRole('dialog', { name: 'Autorisation le navigateur' })
    .getByRole('button', { name: 'Autoriser' })
    .click();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('BLOCK_NOTIFICATION'))).toBe('1');
  await page.getByTestId('notification-bell').click();
  await expect(page.getByTestId('bell-blocked')).toContainText('Oops... Vous avez bloqué les notifications!');
  await checkA11y(page, 'bell dropdown, notifications blocked');
  // The prompt is skipped from now on.
  await page.reload();
  await page.getByTestId('notification-bell').click();
  await expect(page.getByRole('button', { name: 'Recevoir les notifications sur cet appareil' })).toHaveCount(
    0,
  );
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '/tmp/notif-e2e-bell-phone.png' });
  await context.close();
});
