import {
  Alert,
  Card,
  Center,
  Group,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { DOUGHNUT_CUTOUT_BILL, formatCents, formatDate, formatPercent } from '@tantieme/contract';
import { useMediaQuery } from '@mantine/hooks';
import { useRef } from 'react';
import { Doughnut, paletteColor } from '../../../ui/Doughnut';
import { frFinances as t } from '../fr';
import { useBillDetails } from '../queries';

function Chart({
  label,
  slices,
  total,
  size,
}: {
  label: string;
  slices: { label: string; value: number }[];
  total: number;
  size: number;
}) {
  return (
    <div style={{ position: 'relative', width: size, height: size, flex: 'none' }}>
      <Doughnut
        slices={slices}
        cutout={DOUGHNUT_CUTOUT_BILL}
        size={size}
        label={label}
        format={formatCents}
      />
      {size >= 120 && (
        <Center style={{ position: 'absolute', inset: 0, pointerEvents: 'none' }}>
          <Text fw={700} size={size > 150 ? 'md' : 'sm'} aria-hidden>
            {formatCents(total)}
          </Text>
        </Center>
      )}
    </div>
  );
}

const lotTitle = (l: { name: string; type_name: string }) =>
  l.name.toLowerCase().includes(l.type_name.toLowerCase()) ? `Lot ${l.name}` : t.lot(l.name, l.type_name);

/** Legend mark in the slice's colour. */
function Dot({ i, small = false }: { i: number; small?: boolean }) {
  const d = small ? 8 : 10;
  return (
    <span
      aria-hidden
      style={{
        display: 'inline-block',
        flex: 'none',
        width: d,
        height: d,
        borderRadius: d / 2,
        background: paletteColor(i),
      }}
    />
  );
}

/**
 * Bill details (SPEC §2.8): the co-owner's share of a bill broken down per lot, repartition
 * and charge, with doughnut charts (cutout 80%).
 */
export function BillDetailsModal({
  coproprieteId,
  bill,
  lotIds,
  onClose,
}: {
  coproprieteId: string;
  bill: { id: string; name: string } | null;
  lotIds: string[];
  onClose: () => void;
}) {
  const q = useBillDetails(coproprieteId, bill?.id ?? null, lotIds);
  // The dialog keeps its name while it fades out (an unnamed dialog is an axe violation).
  const shown = useRef(bill);
  if (bill) shown.current = bill;
  const phone = useMediaQuery('(max-width: 48em)');
  const lots = q.data?.lots ?? [];
  const total = lots.reduce((s, l) => s + l.total, 0);
  return (
    <Modal
      opened={!!bill}
      onClose={onClose}
      size="xl"
      fullScreen={!!phone}
      title={shown.current ? t.billDetails(shown.current.name) : ''}
      closeButtonProps={{ 'aria-label': t.close }}
    >
      {q.isLoading && (
        <Center py="xl">
          <Loader aria-label="Chargement…" />
        </Center>
      )}
      {q.isError && <Alert color="red">{t.loadError}</Alert>}
      {q.data && (
        <Stack gap="md" data-testid="bill-details">
          <Text size="sm" c="dimmed">
            {formatDate(q.data.bill.date)} · {t.share} : {formatCents(total)}
          </Text>
          {lots.length === 0 && <Text>{t.noBreakdown}</Text>}
          {lots.length > 1 && (
            <Group gap="lg" wrap="wrap">
              <Chart
                label={t.byLot}
                total={total}
                size={180}
                slices={lots.map((l) => ({ label: `Lot ${l.name}`, value: l.total }))}
              />
              <Stack gap={4}>
                <Title order={4}>{t.byLot}</Title>
                {lots.map((l, i) => (
                  <Group key={l.id} gap={6} wrap="nowrap">
                    <Dot i={i} />
                    <Text size="sm">
                      Lot {l.name} : {formatCents(l.total)} ({formatPercent(l.ratio)})
                    </Text>
                  </Group>
                ))}
              </Stack>
            </Group>
          )}
          {lots.map((lot) => (
            <Card
              key={lot.id}
              withBorder
              radius="md"
              padding="md"
              component="section"
              aria-label={lotTitle(lot)}
            >
              <Group justify="space-between" mb="sm">
                <Title order={4}>{lotTitle(lot)}</Title>
                <Text fw={700}>{formatCents(lot.total)}</Text>
              </Group>
              <Group align="flex-start" gap="lg" wrap="wrap">
                <Chart
                  label={t.repartitionChart(lot.name)}
                  total={lot.total}
                  size={160}
                  slices={lot.repartitions.map((r) => ({ label: r.name.fr, value: r.total }))}
                />
                <SimpleGrid cols={{ base: 1, sm: 2 }} style={{ flex: 1, minWidth: 240 }}>
                  {lot.repartitions.map((rep, i) => (
                    <Stack key={rep.id} gap={4}>
                      <Group gap="xs" wrap="nowrap" align="center">
                        <Dot i={i} />
                        <div>
                          <Text fw={600} size="sm">
                            {rep.name.fr}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {formatCents(rep.total)} · {formatPercent(rep.ratio)}
                          </Text>
                        </div>
                      </Group>
                      <Group gap="xs" wrap="nowrap" align="flex-start">
                        {rep.charges.length > 1 && (
                          <Chart
                            label={t.chargeChart(rep.name.fr)}
                            total={rep.total}
                            size={64}
                            slices={rep.charges.map((c) => ({ label: c.name.fr, value: c.total }))}
                          />
                        )}
                        <Table withRowBorders={false} verticalSpacing={2} fz="xs" style={{ flex: 1 }}>
                          <Table.Tbody>
                            {rep.charges.map((c, j) => (
                              <Table.Tr key={c.id}>
                                <Table.Td>
                                  <Group gap={4} wrap="nowrap">
                                    {rep.charges.length > 1 && <Dot i={j} small />}
                                    <span>{c.name.fr}</span>
                                  </Group>
                                </Table.Td>
                                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                                  {formatCents(c.total)}
                                </Table.Td>
                              </Table.Tr>
                            ))}
                          </Table.Tbody>
                        </Table>
                      </Group>
                    </Stack>
                  ))}
                </SimpleGrid>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </Modal>
  );
}
