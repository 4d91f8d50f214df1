/**
 * The application, started by `main.tsx` (after the first paint when the page came prerendered).
 * Its chunk and static imports are initial JavaScript (counted by scripts/bundle-budget.mjs).
 */
import { QueryClient } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { config as zodConfig } from 'zod';
import { getToken, setUnauthorizedHandler } from '../api';
import { loginPath } from './guard';
import { isPrerendered } from './prerendered';
import { Root } from './Root';
import { router } from './router';
import { SYNDIC_ALIAS_KEY, wipeLocalSession } from './session';

// zod compiles object parsers with `new Function` unless told not to; the CSP has no
// 'unsafe-eval', so every form validation would log a CSP violation.
zodConfig({ jitless: true });

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});

// SPEC §7: any HTTP 401 sends the user to /login (keeping the syndic alias).
setUnauthorizedHandler(() => {
  const p = window.location.pathname;
  if (
    /\/login$/.test(p) ||
    p.startsWith('/syndic-preview') ||
    p.startsWith('/signature') ||
    p.startsWith('/m/')
  )
    return;
  wipeLocalSession();
  queryClient.clear();
  void router.navigate(loginPath(localStorage.getItem(SYNDIC_ALIAS_KEY)), { replace: true });
});

// A signed-in page opened from its URL: its chunks and data start now, in parallel.
const token = getToken();
if (token) {
  void import('./preload').then((m) => m.preloadSignedIn(queryClient, token, window.location.pathname));
}

const container = document.getElementById('root')!;
const app = (
  <Root client={queryClient}>
    <RouterProvider router={router} />
  </Root>
);
// /login comes prerendered by the build (scripts/prerender.mjs): React takes over that HTML
// instead of painting it again, so the page is visible before this script has run. Either way
// the first render is a transition: React renders in slices of a few milliseconds and lets the
// browser answer input in between, instead of one long task (Total Blocking Time).
startTransition(() => {
  if (isPrerendered(container)) hydrateRoot(container, app);
  else createRoot(container).render(app);
});
