import { expect, type Page, test } from './tenant.fixture';
import { claireOfOwnTenant } from './notifications.helpers';

/**
 * Notifications live (SPEC §2.21, §4): one sent through the syndic API (the tenant's key, Claire's
 * account number) appears in the bell without a reload, also when the socket joins late or drops.
 * Messages: notifications-messages.spec.ts; browser push: notifications-push.spec.ts.
 */
const w = claireOfOwnTenant();

test.describe.configure({ mode: 'serial' });

test('a notification sent through the syndic API appears live in the bell; mark all read', async ({
  page,
}) => {
  await w.signIn(page);
  // Start from nothing unread at Les Tilleuls: 'Marquer comme lu tout' with its confirmation.
  await page.goto(`/${w.tilleuls.id}/notifications`);
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

  // The tenant's Claire holds one record: '/' opens its home, where the bell counts.
  await page.goto('/');
  await expect(page).toHaveURL(new RegExp(`/${w.tilleuls.id}/home$`));
  await expect(page.getByTestId('notification-bell')).toHaveAccessibleName('Notifications');

  // The syndic sends; no reload.
  await w.sendNotification(page.request, 'Passage du gardien');
  await expect(page.getByTestId('notification-bell')).toHaveAccessibleName('Notifications, 1 non lues');
  await w.sendNotification(page.request, 'Coupure d’eau jeudi');
  await expect(page.getByTestId('notification-bell')).toHaveAccessibleName('Notifications, 2 non lues');

  await page.getByTestId('notification-bell').click();
  const dropdown = page.getByTestId('bell-dropdown');
  await expect(dropdown.getByTestId('bell-list-item').first()).toContainText('Coupure d’eau jeudi');
  await expect(dropdown).toContainText("Aujourd'hui");
  // A third one arrives while the dropdown is open.
  await w.sendNotification(page.request, 'Nettoyage des caves');
  await expect(dropdown.getByTestId('bell-list-item').first()).toContainText('Nettoyage des caves');
  // Opening one marks it read and shows 'Détails des notifications'.
  await dropdown.getByRole('button', { name: /^Non lue\s: Nettoyage des caves/ }).click();
  const detail = page.getByRole('dialog', { name: 'Détails des notifications' });
  await expect(detail).toContainText('Le gardien passera entre 9 h et 12 h.');
  await detail.getByRole('button', { name: 'Fermer', exact: true }).click();
  await expect(page.getByTestId('notification-bell')).toHaveAccessibleName('Notifications, 2 non lues');

  // On the full list an unread row stands out (read out « Non lue », tinted, bold) and a read
  // one is plain; the delete waits in each row's menu, not as a button beside every row.
  await page.goto(`/${w.tilleuls.id}/notifications`);
  const rows = page.getByTestId('notifications-item');
  const unread = rows.filter({ hasText: 'Coupure d’eau jeudi' });
  const read = rows.filter({ hasText: 'Nettoyage des caves' });
  await expect(unread).toHaveAttribute('data-read', '0');
  await expect(read).toHaveAttribute('data-read', '1');
  await expect(unread.getByRole('button').first()).toHaveAccessibleName(/^Non lue\s: Coupure d’eau jeudi/);
  await expect(read.getByRole('button').first()).not.toHaveAccessibleName(/Non lue/);
  const look = (row: typeof read) =>
    row.evaluate((el) => {
      const title = el.querySelector('button .mantine-Text-root');
      return {
        bg: getComputedStyle(el).backgroundColor,
        weight: title ? getComputedStyle(title).fontWeight : '',
      };
    });
  const [u, r] = [await look(unread), await look(read)];
  expect(r.bg).toBe('rgba(0, 0, 0, 0)');
  expect(u.bg).not.toBe(r.bg);
  expect([u.weight, r.weight]).toEqual(['700', '400']);
  await expect(page.getByRole('button', { name: 'Supprimée ce Groupe' })).toHaveCount(0);
  await read.getByRole('button', { name: /^Actions/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Supprimée ce Groupe' })).toBeVisible();
  await page.keyboard.press('Escape');
});

/** Holds the tab's socket connection (WebSocket, no polling fallback) until the returned call. */
async function holdSocket(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.routeWebSocket(/\/socket\.io\//, async (ws) => {
    await released;
    ws.connectToServer();
  });
  await page.route(/\/socket\.io\//, (route) => route.abort());
  return release;
}

test('a notification sent before the socket has joined the record is counted once it joins', async ({
  page,
}) => {
  // The socket's connection waits until released: the page's first reads are done by then.
  const release = await holdSocket(page);
  const { bell, before } = await w.openHomeWithBell(page);
  // Sent while no room of this tab exists: no event can reach it.
  await w.sendNotification(page.request, 'Ramonage des conduits');
  await page.waitForTimeout(500);
  await expect(bell).toHaveAccessibleName(before ? `Notifications, ${before} non lues` : 'Notifications');
  // The socket connects for the first time and joins the record's room: the counts are read again.
  release();
  await expect(bell).toHaveAccessibleName(`Notifications, ${before + 1} non lues`, { timeout: 15_000 });
});

test('after the socket drops, the reconnect fetches the counts again (events sent meanwhile are lost)', async ({
  page,
}) => {
  // The page's Socket.IO websockets go through this route. While `cut`, the open ones are closed
  // and a new attempt hangs (the server never sees it) until the network is back, as when a
  // connection drops; polling is refused meanwhile.
  let cut = false;
  let networkBack = () => {};
  const back = new Promise<void>((resolve) => {
    networkBack = resolve;
  });
  const open: { close(): Promise<void> }[] = [];
  await page.routeWebSocket(/\/socket\.io\//, async (ws) => {
    if (cut) await back;
    ws.connectToServer();
    open.push(ws);
  });
  await page.route(/\/socket\.io\//, (route) => (cut ? route.abort() : route.continue()));
  const { bell, before } = await w.openHomeWithBell(page);
  // Live first: the socket is up and in the record's room.
  await w.sendNotification(page.request, 'Relevé des compteurs');
  await expect(bell).toHaveAccessibleName(`Notifications, ${before + 1} non lues`);
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });

  // The connection drops; the syndic sends meanwhile: no event can reach this tab.
  cut = true;
  for (const ws of open.splice(0)) await ws.close();
  await w.sendNotification(page.request, 'Coupure de gaz');
  await page.waitForTimeout(1500);
  await expect(bell).toHaveAccessibleName(`Notifications, ${before + 1} non lues`);

  // The network is back: Socket.IO reconnects by itself and the counts are read again.
  cut = false;
  networkBack();
  await expect(bell).toHaveAccessibleName(`Notifications, ${before + 2} non lues`, { timeout: 15_000 });
  expect(open.length).toBeGreaterThan(0);
  // No reload happened.
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
    true,
  );
  // And the list in the bell shows what was sent while offline.
  await bell.click();
  await expect(page.getByTestId('bell-dropdown').getByTestId('bell-list-item').first()).toContainText(
    'Coupure de gaz',
  );
});
