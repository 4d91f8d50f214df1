import { Button, Group, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ConsoleInvoicesView, formatCents } from '@tantieme/contract';
import { useState } from 'react';
import { apiMessage } from '../../auth/validate';
import { parseEuros } from '../money/queries';
import { facturesFr } from './fr';
import { useSetThreshold } from './queries';

const t = facturesFr.threshold;

/** The amount the assembly set (loi art. 21, al. 2), with the resolution that set it. */
export function ThresholdPanel({
  coproId,
  view,
  canWrite,
}: {
  coproId: string;
  view: ConsoleInvoicesView;
  canWrite: boolean;
}) {
  const save = useSetThreshold(coproId);
  const th = view.threshold;
  const [amount, setAmount] = useState(th ? String(th.amount_cents / 100).replace('.', ',') : '');
  const [resolution, setResolution] = useState(th?.resolution_id ?? '');
  const cents = parseEuros(amount);
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t.title}
        </Title>
        <Text size="sm" data-testid="seuil">
          {th ? t.set(formatCents(th.amount_cents), th.resolution_title) : t.none}
        </Text>
        {canWrite ? (
          <Group align="flex-end" wrap="wrap">
            <TextInput
              label={t.amount}
              inputMode="decimal"
              value={amount}
              onChange={(e) => setAmount(e.currentTarget.value)}
              miw={160}
            />
            <NativeSelect
              label={t.resolution}
              value={resolution}
              onChange={(e) => setResolution(e.currentTarget.value)}
              data={[
                { value: '', label: t.noResolution },
                ...view.resolutions.map((r) => ({ value: r.id, label: r.title })),
              ]}
              maw={360}
            />
            <Button
              variant="default"
              loading={save.isPending}
              disabled={cents == null}
              onClick={() =>
                save.mutate(
                  { amount_cents: cents ?? 0, resolution_id: resolution || null },
                  {
                    onSuccess: () => notifications.show({ color: 'teal', message: t.saved }),
                    onError: (err) => notifications.show({ color: 'red', message: apiMessage(err) }),
                  },
                )
              }
            >
              {t.save}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
