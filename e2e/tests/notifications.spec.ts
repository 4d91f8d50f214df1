import { randomBytes } from 'node:crypto';
import {
  type APIRequestContext,
  type BrowserContext,
  checkA11y,
  expect,
  newTenant,
  type Page,
  type Tenant,
  test,
} from './tenant.fixture';
import { fakeSubscribeScript, startPushService } from './push-service';

/**
 * Notifications, messages and browser push (SPEC §2.21, §2.22, §4). A notification sent through
 * the syndic API (the tenant's key, Claire's account number) appears live, without a reload.
 * Claire is a co-owner of a tenant of this spec's own, with three unread notifications: the
 * counts it changes are nobody else's.
 */

let t: Tenant;
let API_KEY = '';
let CLAIRE_ACCOUNT = '';
test.beforeAll(async () => {
  t = await newTenant({
    owners: [{ key: 'claire', first_name: 'Claire', last_name: 'Martin', unread_notifications: 3 }],
  });
  API_KEY = t.syndic.api_key;
  CLAIRE_ACCOUNT = t.owners.claire.compte;
});

interface Rec {
  id: string;
  coproprietes: { name: string }[];
}

let token = '';
let tilleuls: Rec;

/** Claire's session as the tenant gave it, and her record. */
async function claire(request: APIRequestContext) {
  if (token) return;
  token = t.owners.claire.token;
  const all = await request.get('/api/coproprietaires/all', {
    headers: { authorization: `Bearer ${token}` },
  });
  tilleuls = ((await all.json()).data as Rec[])[0];
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

/** Claire signed in on Les Tilleuls' home: the bell, and its count of this record as first loaded. */
async function openHomeWithBell(page: Page) {
  await signIn(page);
  // A home opened from its URL reads its first screen in one request (POST /api/reads):
  // the count is one of its answers.
  const url = `/api/coproprietaires/notifications/unread-count?coproprietaire_id=${tilleuls.id}`;
  const counted = page.waitForResponse((r) => r.url().endsWith('/api/reads') && r.ok());
  await page.goto(`/${tilleuls.id}/home`);
  const items = (await (await counted).json()).data as {
    url: string;
    body: { data: { category: string; totalUnread: number }[] };
  }[];
  const before = items.find((i) => i.url === url)?.body.data.find((c) => c.category === 'all')
    ?.totalUnread as number;
  expect(typeof before).toBe('number');
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toHaveAccessibleName(before ? `Notifications, ${before} non lues` : 'Notifications');
  return { bell, before };
}

test.describe.configure({ mode: 'serial' });

test('a notification sent through the syndic API appears live in the bell; mark all read', async ({
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

  // The tenant's Claire holds one record: '/' opens its home, where the bell counts.
  await page.goto('/');
  await expect(page).toHaveURL(new RegExp(`/${tilleuls.id}/home$`));
  await expect(page.getByTestId('notification-bell')).toHaveAccessibleName('Notifications');

  // The syndic sends; no reload.
  await sendNotification(page.request, 'Passage du gardien');
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
  await dropdown.getByRole('button', { name: /^Non lue\s: Nettoyage des caves/ }).click();
  const detail = page.getByRole('dialog', { name: 'Détails des notifications' });
  await expect(detail).toContainText('Le gardien passera entre 9 h et 12 h.');
  await detail.getByRole('button', { name: 'Fermer', exact: true }).click();
  await expect(page.getByTestId('notification-bell')).toHaveAccessibleName('Notifications, 2 non lues');

  // On the full list an unread row stands out (read out « Non lue », tinted, bold) and a read
  // one is plain; the delete waits in each row's menu, not as a button beside every row.
  await page.goto(`/${tilleuls.id}/notifications`);
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
  const { bell, before } = await openHomeWithBell(page);
  // Sent while no room of this tab exists: no event can reach it.
  await sendNotification(page.request, 'Ramonage des conduits');
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
  const { bell, before } = await openHomeWithBell(page);
  // Live first: the socket is up and in the record's room.
  await sendNotification(page.request, 'Relevé des compteurs');
  await expect(bell).toHaveAccessibleName(`Notifications, ${before + 1} non lues`);
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });

  // The connection drops; the syndic sends meanwhile: no event can reach this tab.
  cut = true;
  for (const ws of open.splice(0)) await ws.close();
  await sendNotification(page.request, 'Coupure de gaz');
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
  await expect(page.getByTestId('message-shortcut')).toHaveAccessibleName(
    /^Messages du syndic, \d+ non lus?$/,
  );
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

test('messages page on a phone: nothing shown moves as the messages and letters arrive', async ({ page }) => {
  // Read only, on the demo's Claire at Les Tilleuls: her messages and the syndic's letters.
  const login = await page.request.post('/api/auth/login', {
    data: { email: 'claire.martin@example.fr', password: 'Tilleuls2024' },
  });
  expect(login.ok()).toBe(true);
  const demoToken = (await login.json()).data.token as string;
  const all = await page.request.get('/api/coproprietaires/all', {
    headers: { authorization: `Bearer ${demoToken}` },
  });
  const demoTilleuls = ((await all.json()).data as Rec[]).find((r) =>
    r.coproprietes[0].name.includes('Tilleuls'),
  ) as Rec;
  await page.goto('/login');
  await page.evaluate((tk) => localStorage.setItem('TOKEN', tk), demoToken);
  await page.setViewportSize({ width: 390, height: 844 });
  // The page's layout shifts, as Lighthouse adds them up (CLS), from the first paint.
  await page.addInitScript(() => {
    const w = window as unknown as { shifts: number };
    w.shifts = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
        if (!e.hadRecentInput) w.shifts += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(`/${demoTilleuls.id}/messages-communication`);
  await expect(page.getByTestId('messages-item').first()).toBeVisible();
  const letters = page.getByRole('region', { name: 'Communication' });
  await expect(letters.getByText('Contenu/Fichiers').first()).toBeVisible();
  const shifts = await page.evaluate(() => (window as unknown as { shifts: number }).shifts);
  expect(shifts).toBeLessThan(0.1);
});

async function permissionPage(context: BrowserContext) {
  const page = await context.newPage();
  await claire(page.request);
  await page.goto('/login');
  await page.evaluate((t) => localStorage.setItem('TOKEN', t), token);
  await page.goto(`/${tilleuls.id}/home`);
  return page;
}

test('permission dialog: Chromium grants notifications → this browser is registered for push', async ({
  browser,
}) => {
  const push = await startPushService();
  const context = await browser.newContext();
  await context.addInitScript(fakeSubscribeScript(push.subscription));
  const page = await permissionPage(context);
  await page.getByTestId('notification-bell').click();
  await page.getByRole('button', { name: 'Recevoir les notifications sur cet appareil' }).click();
  const dialog = page.getByRole('dialog', { name: 'Autorisation le navigateur' });
  await expect(dialog).toContainText('Votre navigateur vous demandera ensuite de confirmer ce choix.');
  await checkA11y(page, 'browser permission dialog');
  await context.grantPermissions(['notifications']);
  const vapid = page.waitForResponse((r) => r.url().includes('/notifications/vapid-public-key'));
  const registration = page.waitForRequest(
    (r) => r.url().endsWith('/api/coproprietaires/notifications/device-tokens') && r.method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Autoriser' }).click();
  const vapidRes = await vapid;
  expect(vapidRes.status()).toBe(200);
  const publicKey = (await vapidRes.json()).data.public_key as string;
  await expect(dialog).toBeHidden();
  expect(await page.evaluate(() => Notification.permission)).toBe('granted');
  expect(await page.evaluate(() => localStorage.getItem('BLOCK_NOTIFICATION'))).toBeNull();
  expect(await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration()))).toBe(true);

  // SPEC §3 device registration, sent by the browser: the subscription (made with our VAPID key) is the token.
  const req = await registration;
  const body = req.postDataJSON();
  expect(body).toMatchObject({
    device_type: 'WEB',
    device_language: 'fr',
    status: 1,
    // Europe/Paris in November: UTC+1.
    device_gmt: 1,
    device_info: { user_agent: expect.stringContaining('Chrome') },
  });
  expect(JSON.parse(body.device_token)).toEqual(push.subscription);
  const res = await req.response();
  expect(res?.status()).toBe(200);
  expect(
    await page.evaluate(() => JSON.parse(localStorage.getItem('__e2e_push') ?? '{}').applicationServerKey),
  ).toBe(publicKey);
  expect(await page.evaluate(() => localStorage.getItem('DEVICE_TOKEN'))).toBe(body.device_token);

  await page.getByTestId('notification-bell').click();
  await expect(page.getByTestId('bell-blocked')).toHaveCount(0);
  // Leave claire with no device of this test (the push test below counts hers).
  const del = await page.request.delete(
    `/api/coproprietaires/notifications/device-tokens/${encodeURIComponent(body.device_token)}`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  expect((await del.json()).data.deleted).toBe(true);
  await context.close();
  await push.close();
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

/** The demo outbox (development server): push rows carry the notification's id in their payload. */
async function pushRowsFor(request: APIRequestContext, notificationId: string) {
  const res = await request.get('/dev/outbox', { headers: { accept: 'application/json' } });
  const rows = (await res.json()).data as { channel: string; body: string; status: string }[];
  return rows.filter((r) => r.channel === 'push' && r.body.includes(notificationId));
}

test('browser push: delivered through the push service, a 5 s toast in the foreground, a click opens its page, forgotten on logout', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const push = await startPushService();
  const context = await browser.newContext();
  await context.addInitScript(fakeSubscribeScript(push.subscription));
  await context.grantPermissions(['notifications']);
  const page = await context.newPage();
  // Its own session: the logout at the end revokes it.
  const login = await page.request.post('/api/auth/login', {
    data: { email: t.owners.claire.email, password: t.password },
  });
  const session = (await login.json()).data.token as string;
  await claire(page.request);
  await page.goto('/login');
  await page.evaluate((t) => localStorage.setItem('TOKEN', t), session);
  // SPEC §4 granted state: the browser registers on its own.
  const registered = page.waitForResponse(
    (r) => r.url().endsWith('/notifications/device-tokens') && r.request().method() === 'POST',
  );
  await page.goto(`/${tilleuls.id}/home`);
  expect((await registered).status()).toBe(200);
  const vapid = await page.request.get('/api/coproprietaires/notifications/vapid-public-key', {
    headers: { authorization: `Bearer ${session}` },
  });
  push.setApplicationServerKey((await vapid.json()).data.public_key);

  // The syndic sends; the server's worker pushes to the registered subscription.
  const sent = await page.request.put(`/api/syndic/v1/notifications/${ext('push')}`, {
    headers: { 'x-api-key': API_KEY },
    data: {
      title: 'Ascenseur en panne',
      body: 'Le technicien passe demain matin.',
      to: { coproprietaire: CLAIRE_ACCOUNT },
    },
  });
  expect(sent.status()).toBe(200);
  const notificationId = (await sent.json()).data.delivery.recipients[0].id as string;
  const received = await push.next((p) => p.text.includes(notificationId));
  // A valid Web Push request: VAPID JWT by our key, aes128gcm the subscription's key decrypts, TTL, Topic.
  expect(received.problems).toEqual([]);
  const payload = JSON.parse(received.text);
  expect(payload).toMatchObject({
    title: 'Ascenseur en panne',
    body: 'Le technicien passe demain matin.',
    kind: 'notification',
    id: notificationId,
    url: `/${tilleuls.id}/notifications?open=${notificationId}`,
  });
  await expect
    .poll(async () => (await pushRowsFor(page.request, notificationId)).map((r) => r.status))
    .toEqual(['sent']);

  // The browser hands the decrypted push to the service worker (DevTools' push delivery).
  const cdp = await context.newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => registrations.push(...e.registrations));
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => registrations.filter((r) => !r.isDeleted).length).toBeGreaterThan(0);
  const origin = new URL(page.url()).origin;
  const registrationId = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted)
    ?.registrationId as string;
  const deliver = () =>
    cdp.send('ServiceWorker.deliverPushMessage', {
      origin: `${origin}/`,
      registrationId,
      data: received.text,
    });

  // Foreground: a toast with title and body, for 5 s (SPEC §4, §9).
  await deliver();
  const toast = page.locator('.mantine-Notification-root').filter({ hasText: 'Ascenseur en panne' });
  await expect(toast).toBeVisible();
  const shownAt = Date.now();
  await expect(toast).toContainText('Le technicien passe demain matin.');
  await expect(toast).toBeHidden({ timeout: 15_000 });
  const shownMs = Date.now() - shownAt;
  expect(shownMs).toBeGreaterThan(4_000);
  expect(shownMs).toBeLessThan(9_000);

  // A click on the toast opens the notification.
  await deliver();
  await toast.click();
  await expect(page).toHaveURL(new RegExp(`/${tilleuls.id}/notifications`));
  await expect(page.getByRole('dialog', { name: 'Détails des notifications' })).toContainText(
    'Le technicien passe demain matin.',
  );
  await page.keyboard.press('Escape');

  // No tab of ours: a system notification, whose click opens the page in a tab of ours.
  await page.goto('about:blank');
  const worker = context.serviceWorkers()[0];
  expect(worker.url()).toBe(`${origin}/sw.js`);
  // Until the page left is gone from the worker's clients, the push would still go to it as a
  // toast (a loaded CI machine once delivered it there).
  await expect
    .poll(() =>
      worker.evaluate(
        async () =>
          (
            await (
              self as unknown as { clients: { matchAll(o: object): Promise<unknown[]> } }
            ).clients.matchAll({
              type: 'window',
              includeUncontrolled: true,
            })
          ).length,
      ),
    )
    .toBe(0);
  await deliver();
  type Shown = { title: string; body: string; data: { url: string } };
  await expect
    .poll(() =>
      worker.evaluate(async () =>
        (
          await (
            self as unknown as { registration: ServiceWorkerRegistration }
          ).registration.getNotifications()
        ).map((n) => ({
          title: n.title,
          body: n.body,
          data: n.data,
        })),
      ),
    )
    .toEqual([
      {
        title: 'Ascenseur en panne',
        body: 'Le technicien passe demain matin.',
        data: { url: `/${tilleuls.id}/notifications?open=${notificationId}` },
      } satisfies Shown,
    ]);
  await page.goto(`/${tilleuls.id}/home`);
  await expect(page.getByTestId('notification-bell')).toBeVisible();
  // What the 'notificationclick' listener runs with the clicked notification (the OS click itself
  // cannot be driven): close it, then reuse our tab on its page.
  await worker.evaluate(async () => {
    const sw = self as unknown as {
      registration: ServiceWorkerRegistration;
      openFromNotification(d: unknown): Promise<unknown>;
    };
    const [n] = await sw.registration.getNotifications();
    n.close();
    await sw.openFromNotification(n.data);
  });
  await expect(page).toHaveURL(new RegExp(`/${tilleuls.id}/notifications`));
  await expect(page.getByRole('dialog', { name: 'Détails des notifications' })).toContainText(
    'Le technicien passe demain matin.',
  );
  await page.keyboard.press('Escape');

  // Logout deletes the device (SPEC §4): the server forgets it, so the next send queues no push.
  const deleted = page.waitForResponse(
    (r) => r.url().includes('/notifications/device-tokens/') && r.request().method() === 'DELETE',
  );
  await page.getByRole('button', { name: "Plus d'options" }).click();
  await page.getByRole('menuitem', { name: 'Déconnexion' }).click();
  const del = await deleted;
  expect(del.status()).toBe(200);
  expect(decodeURIComponent(del.url().split('/device-tokens/')[1])).toBe(JSON.stringify(push.subscription));
  await expect(page).toHaveURL(/\/login$/);
  const after = await sendNotification(page.request, 'Après la déconnexion');
  const afterId = after.delivery.recipients[0].id as string;
  // Its e-mail goes out (the worker ran), and no push row exists for it, nor did a push arrive.
  const delivery = async () =>
    (
      await (
        await page.request.get(`/api/syndic/v1/notifications/${after.delivery.external_id}`, {
          headers: { 'x-api-key': API_KEY },
        })
      ).json()
    ).data.totals;
  await expect.poll(async () => (await delivery()).emailed).toBe(1);
  expect((await delivery()).pushed).toBe(0);
  expect(await pushRowsFor(page.request, afterId)).toEqual([]);
  expect(push.received.filter((p) => p.text.includes(afterId))).toEqual([]);
  await context.close();
  await push.close();
});
