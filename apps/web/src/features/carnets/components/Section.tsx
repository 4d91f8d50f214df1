import { Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled section of the carnet. */
export function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <Stack gap="xs" component="section" data-testid={testId}>
      <Title order={2} size="h4">
        {title}
      </Title>
      {children}
    </Stack>
  );
}
