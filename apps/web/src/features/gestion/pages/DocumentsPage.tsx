import { Alert, Stack, Title } from '@mantine/core';
import { gestionFr } from '../fr';

const t = gestionFr.documents;

/** The building's documents: not in the console yet (the syndic API publishes them). */
export default function DocumentsPage() {
  return (
    <Stack gap="lg" maw={900}>
      <Title order={1}>{t.title}</Title>
      <Alert color="blue">{t.soon}</Alert>
    </Stack>
  );
}
