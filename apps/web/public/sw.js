/* Tantième service worker: Web Push only (no offline cache).
 * The decisions are plain functions (`TantiemeSw`), unit-tested in src/features/notifications/sw.test.ts;
 * the e2e (notifications.spec.ts) drives the real worker: a push delivered through DevTools, and the
 * click handler's `openFromNotification` on a real window client. */
const TantiemeSw = {
  /** What a push shows, from its decrypted JSON (or text); only paths inside the app are opened. */
  pushPayload(text) {
    let data = {};
    try {
      data = text ? JSON.parse(text) : {};
    } catch {
      data = { title: 'Tantième', body: text || '' };
    }
    if (!data || typeof data !== 'object') data = {};
    return {
      title: typeof data.title === 'string' && data.title ? data.title : 'Tantième',
      body: typeof data.body === 'string' ? data.body : '',
      url:
        typeof data.url === 'string' && data.url.startsWith('/') && !data.url.startsWith('//')
          ? data.url
          : '/notifications',
      tag: data.tag,
      kind: data.kind,
      id: data.id,
    };
  },
  /** In the foreground (a visible tab of ours) the page shows a toast (SPEC §4), else the system shows it. */
  foregroundClients(clients) {
    return clients.filter((c) => c.visibilityState === 'visible');
  },
  /** The absolute URL a click opens: the notification's path on our origin, '/' otherwise. */
  clickUrl(data, origin) {
    const path =
      data && typeof data.url === 'string' && data.url.startsWith('/') && !data.url.startsWith('//')
        ? data.url
        : '/';
    return new URL(path, origin).href;
  },
  /** The window a click reuses: one of ours already open (focused first), else none (open a new one). */
  pickClient(clients, origin) {
    const ours = clients.filter((c) => {
      try {
        return new URL(c.url).origin === origin;
      } catch {
        return false;
      }
    });
    return ours.find((c) => c.focused) || ours[0] || null;
  },
};
self.TantiemeSw = TantiemeSw;

const windows = () => self.clients.matchAll({ type: 'window', includeUncontrolled: true });

/** Shows one push: posted to the visible tabs as a toast, or a system notification. */
self.showPush = async (text) => {
  const payload = TantiemeSw.pushPayload(text);
  const visible = TantiemeSw.foregroundClients(await windows());
  if (visible.length > 0) {
    for (const c of visible) c.postMessage({ type: 'tantieme-push', payload });
    return 'toast';
  }
  await self.registration.showNotification(payload.title, {
    body: payload.body,
    tag: payload.tag,
    icon: '/favicon.svg',
    badge: '/favicon.svg',
    data: { url: payload.url },
    lang: 'fr',
  });
  return 'system';
};

/** What a click on a system notification does: reuse a tab of ours on the notification's page, or open one. */
self.openFromNotification = async (data) => {
  const url = TantiemeSw.clickUrl(data, self.location.origin);
  const client = TantiemeSw.pickClient(await windows(), self.location.origin);
  if (!client) return self.clients.openWindow(url);
  try {
    // Allowed during a notification click; without that user gesture the browser refuses, the page still changes.
    await client.focus();
  } catch {
    // not focusable now
  }
  return client.navigate ? client.navigate(url) : client;
};

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  event.waitUntil(self.showPush(event.data ? event.data.text() : ''));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(self.openFromNotification(event.notification.data));
});
