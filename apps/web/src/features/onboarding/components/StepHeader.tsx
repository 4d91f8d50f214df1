import { Stack, Text, Title } from '@mantine/core';
import { onboardingFr as t } from '../fr';

export function StepHeader({ step, title }: { step: 1 | 2; title: string }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed" fw={500}>
        {t.stepOf(step)}
      </Text>
      <Title order={1} size="h2">
        {title}
      </Title>
    </Stack>
  );
}
