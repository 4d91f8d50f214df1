import { Alert, Button, Center, Loader, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { apiMessage } from '../../auth/validate';
import { gestionFr as t } from '../fr';

/** A read's loading and error states, in French; its content once there. */
export function QueryState<T>({
  query,
  children,
}: {
  query: { isLoading: boolean; isError: boolean; error: unknown; data: T | undefined; refetch(): unknown };
  children: (data: T) => ReactNode;
}) {
  if (query.isLoading)
    return (
      <Center py="xl">
        <Loader aria-label={t.loading} />
      </Center>
    );
  if (query.isError || query.data === undefined)
    return (
      <Alert color="red" title={t.loadError} role="alert">
        <Text size="sm">{apiMessage(query.error, '')}</Text>
        <Button variant="light" color="red" mt="sm" onClick={() => query.refetch()}>
          {t.retry}
        </Button>
      </Alert>
    );
  return <>{children(query.data)}</>;
}
