/* Tantième service worker: Web Push only (no offline cache). */
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { title: 'Tantième', body: event.data ? event.data.text() : '' };
  }
  const payload = {
    title: data.title || 'Tantième',
    body: data.body || '',
    url: typeof data.url === 'string' && data.url.startsWith('/') ? data.url : '/notifications',
    tag: data.tag,
    kind: data.kind,
    id: data.id,
  };
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((clients) => {
      const visible = clients.filter((c) => c.visibilityState === 'visible');
      // In the foreground the page shows it as a toast (SPEC §4); otherwise a system notification.
      if (visible.length > 0) {
        for (const c of visible) c.postMessage({ type: 'tantieme-push', payload });
        return undefined;
      }
      return self.registration.showNotification(payload.title, {
        body: payload.body,
        tag: payload.tag,
        icon: '/favicon.svg',
        badge: '/favicon.svg',
        data: { url: payload.url },
        lang: 'fr',
      });
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL((event.notification.data && event.notification.data.url) || '/', self.location.origin)
    .href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (clients) => {
      for (const c of clients) {
        if (new URL(c.url).origin === self.location.origin && 'focus' in c) {
          await c.focus();
          return c.navigate ? c.navigate(url) : undefined;
        }
      }
      return self.clients.openWindow(url);
    }),
  );
});
