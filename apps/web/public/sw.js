/* Tantième service worker: Web Push, and the last dashboard, statement, documents and next assembly
 * readable offline (decision 124).
 * The decisions are plain functions (`TantiemeSw`), unit-tested in src/features/notifications/sw.test.ts
 * and src/features/install/offline-sw.test.ts; the e2e drives the real worker (notifications-push.spec.ts:
 * a push through DevTools; offline.spec.ts: pages read again with the network cut). */
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
const ID = '[0-9a-f-]{36}';
/**
 * The reads kept for offline: what the dashboard, the statement, the documents and the assemblies
 * pages show, and the shell around them.
 */
const OFFLINE_READS = [
  // The dashboard ('Ma synthèse'): balance and pay button, lots, budgets, syndic and council.
  new RegExp(`^/api/finances/coproprietes/${ID}/coproprietaires/${ID}/(general|transactions)$`),
  new RegExp(`^/api/finances/coproprietes/${ID}/(budget-fonctionnement|budget-alur-avance)$`),
  new RegExp(`^/api/coproprietaires/${ID}/${ID}/lots$`),
  new RegExp(`^/api/coproprietaires/coproprietes/${ID}/(syndic-info|administrators)$`),
  new RegExp(`^/api/syndicat-verifications/coproprietes/${ID}/verification-status$`),
  /^\/api\/accounts\/profile$/,
  /^\/api\/coproprietaires\/all$/,
  /^\/api\/coproprietaires\/notifications\/unread-count$/,
  new RegExp(`^/api/coproprietaires/${ID}/messages/unread-count$`),
  new RegExp(`^/api/finances/coproprietes/${ID}/coproprietaires/${ID}/ledger(/settled)?$`),
  new RegExp(`^/api/finances/coproprietes/${ID}/check-stripe-ready$`),
  /^\/api\/parameters\/document-types\/list$/,
  new RegExp(`^/api/documents/${ID}/(types/[A-Z0-9_]+|search)$`),
  new RegExp(`^/api/assemblee/coproprietes/${ID}/coproprietaire/${ID}/get-list-ag-available$`),
  new RegExp(`^/api/assemblee/${ID}/coproprietes/${ID}/coproprietaire/${ID}/resolutions$`),
];
TantiemeSw.DATA_CACHE = 'tantieme-data-v1';
TantiemeSw.SHELL_CACHE = 'tantieme-shell-v1';
TantiemeSw.STORED_AT = 'x-tantieme-stored-at';
/**
 * How a request is served: 'read' (network first, the last answer kept per user), 'reads' (the
 * first screen's batch: its answers kept as their reads), 'asset' (hashed files: cache first),
 * 'page' (network first, the app's shell offline), or null (the worker stays out of it).
 */
TantiemeSw.kindOf = (method, url, mode, origin) => {
  let u;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  if (u.origin !== origin) return null;
  if (method === 'POST' && u.pathname === '/api/reads') return 'reads';
  if (method !== 'GET') return null;
  if (u.pathname.startsWith('/api/')) return TantiemeSw.isOfflineRead(u.pathname) ? 'read' : null;
  // The syndic's preview is another person's data; a file opened in a tab is not a page of the app.
  if (mode === 'navigate') return /^\/(syndic-preview|files|dev)\//.test(u.pathname) ? null : 'page';
  if (
    u.pathname.startsWith('/assets/') ||
    /^\/(favicon\.svg|manifest\.webmanifest|icon-[\w-]+\.png)$/.test(u.pathname)
  )
    return 'asset';
  return null;
};
TantiemeSw.isOfflineRead = (pathname) => OFFLINE_READS.some((r) => r.test(pathname));
/** The cache key of a read: its path under the user's token digest, so another user never reads it. */
TantiemeSw.readKey = (origin, userKey, url) => {
  const u = new URL(url, origin);
  return `${origin}/__offline/${userKey}${u.pathname}${u.search}`;
};
self.TantiemeSw = TantiemeSw;

async function userKeyOf(request) {
  const auth = request.headers.get('authorization') || '';
  if (!auth) return null;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(auth));
  return [...new Uint8Array(digest)]
    .slice(0, 12)
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('');
}

/** An answer kept with the moment it was received (the offline banner's date). */
async function keep(cacheName, key, body, status, headers) {
  const h = new Headers(headers);
  h.set(TantiemeSw.STORED_AT, new Date().toISOString());
  const cache = await caches.open(cacheName);
  await cache.put(key, new Response(body, { status, headers: h }));
}

async function serveRead(request) {
  const user = await userKeyOf(request);
  const key = user && TantiemeSw.readKey(self.location.origin, user, request.url);
  try {
    const res = await fetch(request);
    if (key && res.status === 200)
      await keep(TantiemeSw.DATA_CACHE, key, await res.clone().arrayBuffer(), 200, res.headers);
    return res;
  } catch (e) {
    const hit = key && (await (await caches.open(TantiemeSw.DATA_CACHE)).match(key));
    if (hit) return hit;
    throw e;
  }
}

/** The batch online: each of its answers kept as its own read. Offline: an error, so the page asks each read alone. */
async function serveReads(request) {
  const user = await userKeyOf(request);
  const res = await fetch(request);
  if (user && res.ok) {
    const copy = res.clone();
    const env = await copy.json().catch(() => null);
    for (const item of (env && env.data) || []) {
      const path = typeof item.url === 'string' ? item.url.split('?')[0] : '';
      if (item.status !== 200 || !TantiemeSw.isOfflineRead(path)) continue;
      await keep(
        TantiemeSw.DATA_CACHE,
        TantiemeSw.readKey(self.location.origin, user, item.url),
        JSON.stringify(item.body),
        200,
        { 'content-type': 'application/json' },
      );
    }
  }
  return res;
}

async function serveAsset(request) {
  const cache = await caches.open(TantiemeSw.SHELL_CACHE);
  const hit = await cache.match(request);
  if (hit) return hit;
  const res = await fetch(request);
  if (res.ok) await cache.put(request, res.clone());
  return res;
}

/** A page: the network's, else the shell kept from the last page of the app (the router draws the rest). */
async function servePage(request) {
  const cache = await caches.open(TantiemeSw.SHELL_CACHE);
  try {
    const res = await fetch(request);
    const login = new URL(request.url).pathname.endsWith('/login');
    if (res.ok && !login && (res.headers.get('content-type') || '').includes('text/html'))
      await cache.put('/__shell', res.clone());
    return res;
  } catch (e) {
    const hit = await cache.match('/__shell');
    if (hit) return hit;
    throw e;
  }
}

/**
 * The page registered the worker after its first screen: what it had already loaded (its scripts
 * and styles, its own HTML as the shell) is kept now, so the next visit already reads offline.
 */
async function warm(data) {
  const origin = self.location.origin;
  const assets = (Array.isArray(data.assets) ? data.assets : []).filter(
    (u) => TantiemeSw.kindOf('GET', u, 'no-cors', origin) === 'asset',
  );
  const cache = await caches.open(TantiemeSw.SHELL_CACHE);
  await Promise.all(assets.map((u) => cache.add(u).catch(() => {})));
  if (typeof data.page === 'string' && TantiemeSw.kindOf('GET', data.page, 'navigate', origin) === 'page') {
    const res = await fetch(data.page, { credentials: 'same-origin' }).catch(() => null);
    if (res && res.ok && (res.headers.get('content-type') || '').includes('text/html'))
      await cache.put('/__shell', res);
  }
}

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'tantieme-warm') event.waitUntil(warm(event.data));
});

self.addEventListener('fetch', (event) => {
  const r = event.request;
  const kind = TantiemeSw.kindOf(r.method, r.url, r.mode, self.location.origin);
  if (kind === 'read') event.respondWith(serveRead(r));
  else if (kind === 'reads') event.respondWith(serveReads(r));
  else if (kind === 'asset') event.respondWith(serveAsset(r));
  else if (kind === 'page') event.respondWith(servePage(r));
});

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
