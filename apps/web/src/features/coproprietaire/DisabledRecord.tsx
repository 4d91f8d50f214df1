import { Button, Stack, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { fr } from '../../i18n/fr';

/** Shown instead of a dashboard page when the record's syndic is disabled (reached by URL). */
export function DisabledRecord() {
  return (
    <Stack align="center" py="xl" gap="sm">
      <Title order={1} size="h2" ta="center">
        {fr.disabledCoproprietaire.title}
      </Title>
      <Button component={Link} to="/">
        {fr.backHome}
      </Button>
    </Stack>
  );
}
