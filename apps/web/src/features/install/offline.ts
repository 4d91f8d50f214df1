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

/** The worker, registered once a signed-in page has shown its first screen. */
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
