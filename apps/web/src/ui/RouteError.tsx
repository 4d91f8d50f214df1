import { Button, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { fr } from '../i18n/fr';
import { NotFound } from './NotFound';

/** Error element of every route: a French message and a way out, never a blank page. */
export function RouteError() {
  const err = useRouteError();
  if (isRouteErrorResponse(err) && err.status === 404) return <NotFound />;
  return (
    <Stack align="center" py="xl" gap="sm" role="alert">
      <Title order={1} size="h2">
        {fr.errorTitle}
      </Title>
      <Text c="dimmed">{fr.errorText}</Text>
      <Button onClick={() => window.location.reload()}>{fr.reload}</Button>
    </Stack>
  );
}
