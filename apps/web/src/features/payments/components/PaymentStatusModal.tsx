import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { paymentsFr as t } from '../fr';

/**
 * SPEC §2.8 / §4: opens when the URL query holds session_id and stripe_payment_success
 * 1 or 0; closing removes both from the query. On opening, every query is refetched so the
 * statement shows the new credit line.
 */
export function PaymentStatusModal() {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const sessionId = params.get('session_id');
  const flag = params.get('stripe_payment_success');
  const opened = !!sessionId && (flag === '1' || flag === '0');
  const success = flag === '1';

  useEffect(() => {
    if (opened) void queryClient.invalidateQueries();
  }, [opened, queryClient]);

  const close = () =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('session_id');
        next.delete('stripe_payment_success');
        return next;
      },
      { replace: true },
    );

  return (
    <Modal opened={opened} onClose={close} title={t.statusTitle} centered>
      <Stack align="center" gap="md">
        <ThemeIcon size={56} radius="xl" variant="light" color={success ? 'green' : 'red'} aria-hidden>
          {success ? <IconCircleCheck size={36} /> : <IconCircleX size={36} />}
        </ThemeIcon>
        <Text fw={600} ta="center" role="status">
          {success ? t.statusSuccess : t.statusCancelled}
        </Text>
        <Group justify="center">
          <Button onClick={close}>{t.close}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
