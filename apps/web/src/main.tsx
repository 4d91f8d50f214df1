import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import './app/a11y.css';
import './app/palette.css';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { NOTIFICATION_TOAST_DURATION_MS } from '@tantieme/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import dayjs from 'dayjs';
import 'dayjs/locale/fr';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { config as zodConfig } from 'zod';
import { setUnauthorizedHandler } from './api';
import { ModalsHost } from './app/ModalsHost';
import { loginPath } from './app/guard';
import { router } from './app/router';
import { SessionProvider, SYNDIC_ALIAS_KEY, wipeLocalSession } from './app/session';
import { RealtimeProvider } from './features/notifications/realtime';
import { theme } from './app/theme';
import { fr } from './i18n/fr';
import { FormErrorFocus } from './ui/FormErrorFocus';

dayjs.locale('fr');
// The toast container (and its transition library) loads after the first paint, not with /login
// (bundle budget); toasts shown before it mounts are kept by the store and appear then.
const Notifications = lazy(() =>
  import('@mantine/notifications').then((m) => ({ default: m.Notifications })),
);
// zod compiles object parsers with `new Function` unless told not to; the CSP has no
// 'unsafe-eval', so every form validation would log a CSP violation (issue 13).
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

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme}>
      <DatesProvider settings={{ locale: 'fr' }}>
        <QueryClientProvider client={queryClient}>
          <FormErrorFocus />
          <Suspense fallback={null}>
            <Notifications autoClose={NOTIFICATION_TOAST_DURATION_MS} position="top-right" />
          </Suspense>
          <SessionProvider>
            <ModalsHost labels={{ confirm: fr.confirm.confirm, cancel: fr.confirm.cancel }} />
            <RealtimeProvider>
              <RouterProvider router={router} />
            </RealtimeProvider>
          </SessionProvider>
        </QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
  </StrictMode>,
);
