import { Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { formatCents } from '@tantieme/contract';
import { moneyFr } from './fr';
import { useBalances } from './queries';

const t = moneyFr.chart;

/** The voted budget against the provisions called and the charges recorded, as bars. */
export function BudgetChart({ coproId, exercice }: { coproId: string; exercice?: string }) {
  const q = useBalances(coproId, exercice);
  const b = q.data?.budget;
  if (!b) return null;
  const max = Math.max(b.voted_cents, b.called_cents, b.charges_cents, 1);
  const bars = [
    { label: t.voted, value: b.voted_cents, color: 'tantieme.7' },
    { label: t.called, value: b.called_cents, color: 'teal.8' },
    { label: t.charges, value: b.charges_cents, color: 'orange.8' },
  ];
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t.title}
        </Title>
        {bars.map((bar) => (
          <Stack key={bar.label} gap={4}>
            <Group justify="space-between">
              <Text size="sm">{bar.label}</Text>
              <Text size="sm" fw={600}>
                {formatCents(bar.value)}
              </Text>
            </Group>
            <Progress
              value={(bar.value / max) * 100}
              color={bar.color}
              size="lg"
              aria-label={`${bar.label}\u202f: ${formatCents(bar.value)}`}
            />
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
