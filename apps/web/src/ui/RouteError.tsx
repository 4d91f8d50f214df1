import { Button, Stack, Text, Title } from '@mantine/core';
import { useEffect, useSyncExternalStore } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { fr } from '../i18n/fr';
import { NotFound } from './NotFound';

const subscribeOnline = (l: () => void) => {
  addEventListener('online', l);
  addEventListener('offline', l);
  return () => {
    removeEventListener('online', l);
    removeEventListener('offline', l);
  };
};
const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** A page's code that could not be fetched (never opened on this device, the network gone). */
export const isLoadFailure = (err: unknown) =>
  err instanceof TypeError &&
  /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(err.message);

/**
 * Error element of every route: a French message and a way out, never a blank page. Offline, it
 * says so instead of 'Une erreur est survenue', and the page comes back by itself with the network.
 */
export function RouteError() {
  const err = useRouteError();
  const offline = useSyncExternalStore(subscribeOnline, isOffline, () => false);
  useEffect(() => {
    const back = () => window.location.reload();
    addEventListener('online', back);
    return () => removeEventListener('online', back);
  }, []);
  if (isRouteErrorResponse(err) && err.status === 404) return <NotFound />;
  const away = offline || isLoadFailure(err);
  return (
    <Stack align="center" py="xl" gap="sm" role={away ? 'status' : 'alert'}>
      <Title order={1} size="h2">
        {away ? fr.offlineTitle : fr.errorTitle}
      </Title>
      <Text c="dimmed" ta="center" maw={520}>
        {away ? fr.offlineText : fr.errorText}
      </Text>
      <Button onClick={() => window.location.reload()}>{fr.reload}</Button>
    </Stack>
  );
}
