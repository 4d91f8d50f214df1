import { Group, Loader, Text } from '@mantine/core';
import { IconShieldCheck, IconShieldX } from '@tabler/icons-react';
import { authFr } from '../fr';
import type { CaptchaStatus as S } from './useCaptcha';

/** A quiet line telling where the invisible captcha stands. */
export function CaptchaStatus({ status }: { status: S }) {
  return (
    <Group gap={6} role="status" aria-live="polite" data-testid="captcha" data-status={status}>
      {status === 'solving' && <Loader size={14} />}
      {status === 'ok' && <IconShieldCheck size={16} color="var(--mantine-color-teal-7)" />}
      {status === 'error' && <IconShieldX size={16} color="var(--mantine-color-red-7)" />}
      <Text size="xs" c="dimmed">
        {authFr.captcha[status]}
      </Text>
    </Group>
  );
}
