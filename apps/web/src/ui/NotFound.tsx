import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { fr } from '../i18n/fr';

export function NotFound() {
  return (
    <Stack align="center" py="xl" gap="sm">
      <Title order={1} size="h2">
        {fr.notFoundTitle}
      </Title>
      <Text c="dimmed">{fr.notFoundText}</Text>
      <Button component={Link} to="/">
        {fr.backHome}
      </Button>
    </Stack>
  );
}
