import { createApiClient, STORAGE_KEYS } from '@tantieme/contract';
import { takeEarly } from './app/early';
import { noteAnswer } from './features/install/offline';

/** Where a 401 sends the user (SPEC §7); set by the router once it exists. */
let onUnauthorized: () => void = () => {
  if (!window.location.pathname.endsWith('/login')) window.location.assign('/login');
};
export const setUnauthorizedHandler = (fn: () => void) => {
  onUnauthorized = fn;
};

export const getToken = () => localStorage.getItem(STORAGE_KEYS.TOKEN);
export const setToken = (t: string | null) =>
  t ? localStorage.setItem(STORAGE_KEYS.TOKEN, t) : localStorage.removeItem(STORAGE_KEYS.TOKEN);
export const getPreviewToken = () =>
  sessionStorage.getItem(STORAGE_KEYS.SPT) ?? localStorage.getItem(STORAGE_KEYS.SPT);

export const api = createApiClient({
  getToken,
  getPreviewToken,
  onUnauthorized: () => onUnauthorized(),
  // A read the entry started before the application loaded (app/early.ts) is taken, not re-sent.
  // A read the worker answered from its cache marks the page as offline (features/install/offline.ts).
  fetch: (input, init) => (takeEarly(String(input), init) ?? fetch(input, init)).then(noteAnswer),
});
