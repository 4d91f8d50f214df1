import { Alert, Stack, Title } from '@mantine/core';
import { gestionFr } from '../fr';

const t = gestionFr.signalements;

/** The signalements board: not in the console yet (the syndic API moves them). */
export default function SignalementsPage() {
  return (
    <Stack gap="lg" maw={900}>
      <Title order={1}>{t.title}</Title>
      <Alert color="blue">{t.soon}</Alert>
    </Stack>
  );
}
