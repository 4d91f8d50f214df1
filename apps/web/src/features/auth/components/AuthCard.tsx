import { Box, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { BrandLogo } from '../branding';

/**
 * The card of every public identity page, with the syndic's or product's logo. Its top is fixed
 * about where a centred card of the sign-in form's height would start, rather than centred: a
 * phone paints the prerendered /login before its HTML is fully parsed, and a centred card moved
 * up as its fields arrived (a layout shift of 0.04–0.14 at 4× CPU). Growing downwards,
 * nothing painted moves.
 */
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
    <Box
      mih="100dvh"
      p={{ base: 'xs', sm: 'md' }}
      // A phone keeps the form near the top (its keyboard takes the lower half).
      pt={{
        base: 'max(var(--mantine-spacing-xs), min(3rem, calc(50dvh - 16rem)))',
        sm: 'max(var(--mantine-spacing-md), calc(50dvh - 16rem))',
      }}
      bg="gray.0"
      style={{ display: 'flex', justifyContent: 'center', alignItems: 'flex-start' }}
    >
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
    </Box>
  );
}
