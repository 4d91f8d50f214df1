import { Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DOUGHNUT_CUTOUT_DASHBOARD, type FinanceRepartition, formatCents } from '@tantieme/contract';
import { useMemo } from 'react';
import { Doughnut, paletteColor } from '../../../ui/Doughnut';
import { syntheseFr as t } from '../fr';
import { Line, Spent } from './FinanceLines';

/** The doughnut of the member's share per repartition, with its amounts as a legend. */
export function RepartitionChart({ repartitions }: { repartitions: FinanceRepartition[] }) {
  const slices = useMemo(
    () => repartitions.map((r) => ({ label: r.name, value: r.amount / 100 })),
    [repartitions],
  );
  return (
    <Card withBorder padding="md" h="100%">
      <Title order={3} size="h5" mb="sm">
        {t.finances.repartitions}
      </Title>
      {repartitions.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t.finances.noCharges}
        </Text>
      ) : (
        <Group justify="center" gap="lg" wrap="wrap">
          <Doughnut
            slices={slices}
            cutout={DOUGHNUT_CUTOUT_DASHBOARD}
            size={180}
            label={t.finances.chartLabel}
            format={(v) => formatCents(Math.round(v * 100))}
          />
          <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0, minWidth: 200 }}>
            {repartitions.map((r, i) => (
              <Group component="li" key={r.id} justify="space-between" wrap="nowrap" gap="sm">
                <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                  <span
                    aria-hidden
                    style={{
                      width: 10,
                      height: 10,
                      borderRadius: 5,
                      background: paletteColor(i),
                      flex: 'none',
                    }}
                  />
                  <Text size="sm" truncate="end">
                    {r.name}
                  </Text>
                </Group>
                <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {formatCents(r.amount)}
                </Text>
              </Group>
            ))}
          </Stack>
        </Group>
      )}
    </Card>
  );
}

/** One card per repartition: the member's share, the building's total, budget and tantièmes. */
export function RepartitionCards({
  repartitions,
  wide = false,
}: {
  repartitions: FinanceRepartition[];
  wide?: boolean;
}) {
  if (repartitions.length === 0) return null;
  return (
    <SimpleGrid cols={wide ? { base: 1, sm: 2, lg: 3 } : { base: 1, sm: 2 }} spacing="sm">
      {repartitions.map((r, i) => (
        <Card withBorder padding="sm" key={r.id} data-testid="repartition-card">
          <Group gap="xs" wrap="nowrap" mb={4}>
            <span
              aria-hidden
              style={{ width: 10, height: 10, borderRadius: 5, background: paletteColor(i), flex: 'none' }}
            />
            <Title order={4} size="h6" style={{ minWidth: 0 }}>
              {r.name}
            </Title>
          </Group>
          <Line label={t.finances.myShare} value={formatCents(r.amount)} strong />
          <Line label={t.finances.building} value={formatCents(r.copropriete_amount)} />
          {r.budget > 0 && <Line label={t.finances.budget} value={formatCents(r.budget)} />}
          <Text size="xs" c="dimmed" mt={4}>
            {t.finances.tantiemes(r.tantieme, r.total_tantieme)}
          </Text>
          {r.budget > 0 && <Spent realised={r.amount} budget={r.budget} />}
        </Card>
      ))}
    </SimpleGrid>
  );
}
