import { Alert, Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useCurrentCoproprietaire } from '../../coproprietaire/queries';
import { Carnet } from '../components/CarnetContent';
import { carnetFr as t } from '../fr';
import { useCarnet } from '../queries';

/**
 * Route CarnetEntretien (/:coproId/carnet-entretien, IS_SYNDICAT; SPEC §2.22): the external
 * maintenance application in a frame when the server has one (its URL carries the ids and a
 * short-lived read token, never the session), else the built-in carnet of décret 2001-477.
 */
export default function CarnetEntretienPage() {
  const { record } = useCurrentCoproprietaire();
  const q = useCarnet(record?.id ?? '');
  if (!record) return null;
  let body: ReactNode;
  if (q.isLoading)
    body = (
      <Center py="xl">
        <Loader aria-label="Chargement…" />
      </Center>
    );
  else if (q.isError || !q.data)
    body = (
      <Alert color="red" title={t.loadError}>
        <Button variant="light" color="red" mt="sm" onClick={() => void q.refetch()}>
          {t.retry}
        </Button>
      </Alert>
    );
  else if (q.data.mode === 'external')
    body = (
      <iframe
        title={t.frameTitle}
        src={q.data.url}
        referrerPolicy="no-referrer"
        style={{ width: '100%', minHeight: '75vh', border: 0 }}
        data-testid="carnet-frame"
      />
    );
  else if (!q.data.carnet)
    body = (
      <Text c="gray.7" ta="center" py="xl">
        {t.empty}
      </Text>
    );
  else body = <Carnet c={q.data.carnet} />;
  return (
    <Stack gap="md" maw={1000} mx="auto">
      <Title order={1} size="h2">
        {t.title}
      </Title>
      {body}
    </Stack>
  );
}
