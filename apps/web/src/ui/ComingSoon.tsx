import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { fr } from '../i18n/fr';

/** Placeholder for routes that no feature has built yet (SPEC §2.22 'Coming soon...'). */
export function ComingSoon() {
  return (
    <Stack align="center" py="xl" gap="sm">
      <Title order={1} size="h2">
        {fr.comingSoon}
      </Title>
      <Text c="dimmed">{fr.comingSoonHint}</Text>
      <Button component={Link} to="/" variant="light">
        {fr.backHome}
      </Button>
    </Stack>
  );
}
