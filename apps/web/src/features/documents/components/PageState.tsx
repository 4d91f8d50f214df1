import { Alert, Button, Center, Loader, Text } from '@mantine/core';
import { frDocs as t } from '../fr';

export function Loading() {
  return (
    <Center py="xl">
      <Loader aria-label={t.loading} />
    </Center>
  );
}

export function LoadError({ retry }: { retry: () => void }) {
  return (
    <Alert color="red" role="alert" title={t.loadError}>
      <Button variant="light" size="xs" onClick={retry}>
        {t.retry}
      </Button>
    </Alert>
  );
}

export function Empty({ text = t.empty }: { text?: string }) {
  return (
    <Text c="dark.5" py="md">
      {text}
    </Text>
  );
}
