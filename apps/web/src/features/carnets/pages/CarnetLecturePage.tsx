import { Alert, Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { ApiError } from '@tantieme/contract';
import type { ReactNode } from 'react';
import { useCurrentCoproprietaire } from '../../coproprietaire/queries';
import { Carnet } from '../components/CarnetContent';
import { carnetFr as t } from '../fr';
import { usePublicCarnet } from '../queries';

/**
 * Documents › Carnet d'entretien (every co-owner of the building): the built-in carnet, read-only
 * (décret 2019-502 art. 1, 3°). The council's working view stays at /:coproId/carnet-entretien.
 */
export default function CarnetLecturePage() {
  const { record, isLoading } = useCurrentCoproprietaire();
  const q = usePublicCarnet(record?.id ?? '');
  let body: ReactNode;
  if (isLoading || q.isLoading)
    body = (
      <Center py="xl">
        <Loader aria-label="Chargement…" />
      </Center>
    );
  else if (q.isError && !(q.error instanceof ApiError && q.error.status === 404))
    body = (
      <Alert color="red" role="alert" title={t.loadError}>
        <Button variant="light" color="red" mt="sm" onClick={() => void q.refetch()}>
          {t.retry}
        </Button>
      </Alert>
    );
  else if (!q.data?.carnet)
    body = (
      <Text c="gray.7" ta="center" py="xl" data-testid="carnet-empty">
        {t.empty}
      </Text>
    );
  else body = <Carnet c={q.data.carnet} />;
  return (
    <Stack gap="md" maw={1000} data-testid="carnet-public">
      <Title order={1} size="h2">
        {t.publicTitle}
      </Title>
      <Text size="sm">{t.publicIntro}</Text>
      {body}
    </Stack>
  );
}
