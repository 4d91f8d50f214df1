import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { BrandLogo } from '../branding';

/** The centred card of every public identity page, with the syndic's or product's logo. */
export function AuthCard({
  alias,
  title,
  subtitle,
  children,
  maw = 440,
}: {
  alias?: string | null;
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  maw?: number;
}) {
  return (
    <Center mih="100dvh" p={{ base: 'xs', sm: 'md' }} bg="gray.0">
      <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} radius="lg" w="100%" maw={maw}>
        <Stack gap="md">
          <BrandLogo alias={alias} />
          <Title order={1} size="h2" ta="center">
            {title}
          </Title>
          {subtitle && (
            <Text size="sm" c="dimmed" ta="center">
              {subtitle}
            </Text>
          )}
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
