import { Alert, Button } from '@mantine/core';
import { syntheseFr as t } from '../fr';

export function LoadError({ onRetry, text = t.loadError }: { onRetry: () => void; text?: string }) {
  return (
    <Alert color="red" variant="light" role="alert" title={text}>
      <Button size="xs" variant="light" color="red" onClick={onRetry}>
        {t.finances.retry}
      </Button>
    </Alert>
  );
}
