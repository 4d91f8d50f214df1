import { type APIRequestContext, type BrowserContext, checkA11y, expect, test } from './tenant.fixture';
import { claireOfOwnTenant, ext } from './notifications.helpers';
import { desktopChromiumLaunch } from '../browsers';
import { fakeSubscribeScript, startPushService } from './push-service';

/**
 * Browser push (SPEC §4): the permission dialog granted or denied, then a notification sent
 * through the syndic API delivered by the push service to Claire's browser (of a tenant of this
 * spec's own), shown as a toast or by the service worker, forgotten on logout.
 */
const w = claireOfOwnTenant();

test.describe.configure({ mode: 'serial' });
// Notifications and Web Push: the desktop browser (the headless shell has neither).
test.use({ launchOptions: desktopChromiumLaunch });

async function permissionPage(context: BrowserContext) {
  const page = await context.newPage();
  await w.claire(page.request);
  await page.goto('/login');
  await page.evaluate((t) => localStorage.setItem('TOKEN', t), w.token);
  await page.goto(`/${w.tilleuls.id}/home`);
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
    { headers: { authorization: `Bearer ${w.token}` } },
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
    data: { email: w.t.owners.claire.email, password: w.t.password },
  });
  const session = (await login.json()).data.token as string;
  await w.claire(page.request);
  await page.goto('/login');
  await page.evaluate((t) => localStorage.setItem('TOKEN', t), session);
  // SPEC §4 granted state: the browser registers on its own.
  const registered = page.waitForResponse(
    (r) => r.url().endsWith('/notifications/device-tokens') && r.request().method() === 'POST',
  );
  await page.goto(`/${w.tilleuls.id}/home`);
  expect((await registered).status()).toBe(200);
  const vapid = await page.request.get('/api/coproprietaires/notifications/vapid-public-key', {
    headers: { authorization: `Bearer ${session}` },
  });
  push.setApplicationServerKey((await vapid.json()).data.public_key);

  // The syndic sends; the server's worker pushes to the registered subscription.
  const sent = await page.request.put(`/api/syndic/v1/notifications/${ext('push')}`, {
    headers: { 'x-api-key': w.apiKey },
    data: {
      title: 'Ascenseur en panne',
      body: 'Le technicien passe demain matin.',
      to: { coproprietaire: w.account },
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
    url: `/${w.tilleuls.id}/notifications?open=${notificationId}`,
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
  await expect(page).toHaveURL(new RegExp(`/${w.tilleuls.id}/notifications`));
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
  // The push listener itself was driven above (the toasts); here the worker's own handler runs
  // the payload, so a push DevTools drops while the idle worker restarts cannot fail the check.
  expect(
    await worker.evaluate(
      (text) => (self as unknown as { showPush(t: string): Promise<string> }).showPush(text),
      received.text,
    ),
  ).toBe('system');
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
        data: { url: `/${w.tilleuls.id}/notifications?open=${notificationId}` },
      } satisfies Shown,
    ]);
  await page.goto(`/${w.tilleuls.id}/home`);
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
  await expect(page).toHaveURL(new RegExp(`/${w.tilleuls.id}/notifications`));
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
  const after = await w.sendNotification(page.request, 'Après la déconnexion');
  const afterId = after.delivery.recipients[0].id as string;
  // Its e-mail goes out (the worker ran), and no push row exists for it, nor did a push arrive.
  const delivery = async () =>
    (
      await (
        await page.request.get(`/api/syndic/v1/notifications/${after.delivery.external_id}`, {
          headers: { 'x-api-key': w.apiKey },
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
