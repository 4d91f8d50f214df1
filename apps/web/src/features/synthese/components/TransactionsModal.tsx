import { Group, Modal, Paper, ScrollArea, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type FinanceTransaction, formatCents, formatDate } from '@tantieme/contract';
import { syntheseFr as t } from '../fr';
import { useTransactions } from '../queries';
import { LoadError } from './LoadError';

function TransactionList({ rows, compact }: { rows: FinanceTransaction[]; compact: boolean }) {
  if (rows.length === 0)
    return (
      <Text c="dimmed" ta="center" py="lg">
        {t.transactions.empty}
      </Text>
    );
  if (compact)
    return (
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {rows.map((r) => (
          <Paper component="li" withBorder p="sm" key={r.id} data-testid="transaction">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={500}>
                  {r.description}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDate(r.date)}
                </Text>
              </div>
              <div style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                <Text size="sm" fw={600} c={r.amount < 0 ? 'green.8' : undefined}>
                  {formatCents(r.amount)}
                </Text>
                <Text size="xs" c="dimmed">
                  {t.transactions.solde} {formatCents(r.solde)}
                </Text>
              </div>
            </Group>
          </Paper>
        ))}
      </Stack>
    );
  return (
    <Table striped highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t.transactions.date}</Table.Th>
          <Table.Th>{t.transactions.description}</Table.Th>
          <Table.Th ta="right">{t.transactions.amount}</Table.Th>
          <Table.Th ta="right">{t.transactions.solde}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.id} data-testid="transaction">
            <Table.Td>{formatDate(r.date)}</Table.Td>
            <Table.Td>{r.description}</Table.Td>
            <Table.Td ta="right" c={r.amount < 0 ? 'green.8' : undefined} style={{ whiteSpace: 'nowrap' }}>
              {formatCents(r.amount)}
            </Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              {formatCents(r.solde)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The transactions modal: all of them on Global, the year's on a year tab. */
export function TransactionsModal({
  opened,
  onClose,
  coproId,
  coproprietaireId,
  year,
  couple,
}: {
  opened: boolean;
  onClose: () => void;
  coproId: string;
  coproprietaireId: string;
  year: number | null;
  couple: string | null;
}) {
  const compact = useMediaQuery('(max-width: 36em)') ?? false;
  const q = useTransactions(coproId, coproprietaireId, opened);
  const rows = q.data
    ? year === null
      ? q.data.transactions
      : (q.data.years.find((y) => y.year === year)?.transactions ?? [])
    : [];
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={couple ? `${t.transactions.title} – ${couple}` : t.transactions.title}
      size="xl"
      fullScreen={compact}
      closeButtonProps={{ 'aria-label': t.transactions.close }}
      scrollAreaComponent={ScrollArea.Autosize}
    >
      {q.isLoading ? (
        <Skeleton h={160} />
      ) : q.isError ? (
        <LoadError onRetry={() => q.refetch()} />
      ) : (
        <TransactionList rows={[...rows].reverse()} compact={compact} />
      )}
    </Modal>
  );
}
