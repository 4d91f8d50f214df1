/**
 * Reading offline (decision 124): the service worker (public/sw.js) keeps the last answer of the
 * statement, documents and assembly reads, and serves it when the network fails, marked with the
 * moment it was received. The API client's fetch passes every answer here: a kept one sets the
 * banner's date, a fresh one clears it.
 */
export const STORED_AT_HEADER = 'x-tantieme-stored-at';
const CACHES = ['tantieme-data-v1'];

let offlineSince: string | null = null;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

/** Notes whether an answer came from the worker's cache; returns it untouched. */
export function noteAnswer(res: Response): Response {
  const stored = res.headers.get(STORED_AT_HEADER);
  if (stored) {
    // The oldest data on screen is the date to tell.
    if (!offlineSince || stored < offlineSince) {
      offlineSince = stored;
      emit();
    }
  } else if (offlineSince && res.ok) {
    offlineSince = null;
    emit();
  }
  return res;
}

export const offlineDate = () => offlineSince;
export function subscribeOffline(l: () => void) {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
}

/**
 * How long after the page's load (and its first screen) the worker is registered. Its install
 * copies the page's files again, and on a phone those requests and the worker's start would
 * share the first seconds with the dashboard's own (Lighthouse counted them in its blocking time).
 * A returning visit is unaffected: its worker is already in control.
 */
export const REGISTER_AFTER_LOAD_MS = 5000;

/** Registers the worker at the next idle moment, `REGISTER_AFTER_LOAD_MS` after the load; returns a cancel. */
export function registerOfflineWorkerLater(): () => void {
  if (typeof window === 'undefined') return () => {};
  let timer: ReturnType<typeof setTimeout> | undefined;
  let idle: number | undefined;
  const go = () => {
    timer = setTimeout(() => {
      if ('requestIdleCallback' in window)
        idle = requestIdleCallback(registerOfflineWorker, { timeout: 2000 });
      else registerOfflineWorker();
    }, REGISTER_AFTER_LOAD_MS);
  };
  if (document.readyState === 'complete') go();
  else addEventListener('load', go, { once: true });
  return () => {
    removeEventListener('load', go);
    if (timer) clearTimeout(timer);
    if (idle !== undefined) cancelIdleCallback(idle);
  };
}

/** The worker, registered once a signed-in page has shown its first screen (see above). */
export function registerOfflineWorker() {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker
    .register('/sw.js')
    .then(() => navigator.serviceWorker.ready)
    .then((reg) => {
      const assets = performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .filter((u) => u.startsWith(`${location.origin}/assets/`));
      reg.active?.postMessage({ type: 'tantieme-warm', assets, page: location.href });
    })
    .catch(() => {
      // No worker (private mode, an old browser): the app works online as before.
    });
}

/** At sign-out: what was kept for offline reading leaves with the session. */
export function clearOfflineData() {
  offlineSince = null;
  if (typeof caches === 'undefined') return;
  for (const name of CACHES) void caches.delete(name).catch(() => {});
}
