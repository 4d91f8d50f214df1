import { Group, Progress, Stack, Text } from '@mantine/core';
import { type FinanceRepartition, percentSpent } from '@tantieme/contract';
import { syntheseFr as t } from '../fr';

/** The total of one figure over the repartitions. */
export const sum = (rs: FinanceRepartition[], f: (r: FinanceRepartition) => number) =>
  rs.reduce((s, r) => s + f(r), 0);

/** A label and its amount on one line of a finance card. */
export function Line({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Text size="sm">{label}</Text>
      <Text size="sm" fw={strong ? 700 : 500} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </Group>
  );
}

/** The part of a budget consumed, as a bar and a percentage. */
export function Spent({ realised, budget }: { realised: number; budget: number }) {
  const p = percentSpent(realised, budget);
  return (
    <Stack gap={4}>
      <Progress
        value={Math.min(p, 100)}
        color={p > 100 ? 'red' : 'tantieme'}
        aria-label={t.finances.spent(p)}
        size="sm"
      />
      <Text size="xs" c="dimmed">
        {t.finances.spent(p)}
      </Text>
    </Stack>
  );
}
