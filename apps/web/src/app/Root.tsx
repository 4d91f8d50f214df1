import { MantineProvider } from '@mantine/core';
import { NOTIFICATION_TOAST_DURATION_MS } from '@tantieme/contract';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, StrictMode, Suspense } from 'react';
import { RealtimeProvider } from '../features/notifications/realtime';
import { fr } from '../i18n/fr';
import { FormErrorFocus } from '../ui/FormErrorFocus';
import { ModalsHost } from './ModalsHost';
import { SessionProvider } from './session';
import { theme } from './theme';

// The toast container (and its transition library) loads after the first paint, not with /login
// (bundle budget); toasts shown before it mounts are kept by the store and appear then.
const Notifications = lazy(() =>
  import('@mantine/notifications').then((m) => ({ default: m.Notifications })),
);

/**
 * The providers around the router. One tree for the browser (`main.tsx`) and for the build's
 * prerender of /login (`prerender.tsx`): hydration needs the same components in the same places
 * (Mantine's generated class names come from `useId`).
 */
export function Root({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <StrictMode>
      <MantineProvider theme={theme}>
        <QueryClientProvider client={client}>
          <FormErrorFocus />
          <Suspense fallback={null}>
            <Notifications autoClose={NOTIFICATION_TOAST_DURATION_MS} position="top-right" />
          </Suspense>
          <SessionProvider>
            <ModalsHost labels={{ confirm: fr.confirm.confirm, cancel: fr.confirm.cancel }} />
            <RealtimeProvider>{children}</RealtimeProvider>
          </SessionProvider>
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>
  );
}
