import { Alert, Button, Center, Loader } from '@mantine/core';
import { frFinances as t } from '../fr';

export function PageLoader() {
  return (
    <Center py="xl">
      <Loader aria-label="Chargement…" />
    </Center>
  );
}

export function PageError({ onRetry }: { onRetry?: () => void }) {
  return (
    <Alert color="red" title={t.loadError} role="alert">
      {onRetry && (
        <Button variant="light" size="xs" onClick={onRetry}>
          {t.retry}
        </Button>
      )}
    </Alert>
  );
}
