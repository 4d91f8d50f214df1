import {
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import {
  formatCents,
  formatDate,
  type PaymentTransaction,
  paymentMethodsLabel,
  transactionStatusLabel,
} from '@tantieme/contract';
import { frFinances as t } from '../fr';
import { type FinanceTarget, usePaymentTransactions } from '../queries';

const money = (tx: PaymentTransaction) =>
  formatCents(tx.amount, tx.currency.toUpperCase() === 'USD' ? 'USD' : 'EUR');

/** Transactions: 30 a page with 'Montre plus ...' while a page_state remains (SPEC §2.8, §9). */
export function TransactionsTab({
  target,
  active,
  onDetails,
}: {
  target: FinanceTarget;
  active: boolean;
  onDetails: (tx: PaymentTransaction) => void;
}) {
  const q = usePaymentTransactions(target, active);
  if (q.isLoading)
    return (
      <Center py="xl">
        <Loader aria-label="Chargement…" />
      </Center>
    );
  if (q.isError && !q.data)
    return (
      <Alert color="red" title={t.loadError}>
        <Button variant="light" size="xs" onClick={() => q.refetch()}>
          {t.retry}
        </Button>
      </Alert>
    );
  const txs = q.data?.pages.flatMap((p) => p.data) ?? [];
  if (txs.length === 0)
    return (
      <Text c="dimmed" ta="center" py="xl">
        {t.noTransaction}
      </Text>
    );
  const c = t.columns;
  const status = (tx: PaymentTransaction) => (
    <Badge color="green" variant="light" size="sm" tt="none">
      {transactionStatusLabel(tx)}
    </Badge>
  );
  return (
    <Stack gap="md">
      <Table.ScrollContainer minWidth={640} visibleFrom="sm">
        <Table striped highlightOnHover verticalSpacing="sm" data-testid="transactions">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{c.date}</Table.Th>
              <Table.Th>{c.description}</Table.Th>
              <Table.Th>{c.method}</Table.Th>
              <Table.Th ta="right">{c.amount}</Table.Th>
              <Table.Th>{c.status}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t.details}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {txs.map((tx) => (
              <Table.Tr key={tx.id}>
                <Table.Td>{formatDate(tx.date)}</Table.Td>
                <Table.Td>{tx.description ?? '—'}</Table.Td>
                <Table.Td>{paymentMethodsLabel(tx.payment_method)}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {money(tx)}
                </Table.Td>
                <Table.Td style={{ minWidth: 90 }}>{status(tx)}</Table.Td>
                <Table.Td ta="right">
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => onDetails(tx)}
                    aria-label={`${t.details} : ${tx.description ?? money(tx)}`}
                  >
                    {t.details}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap="sm" hiddenFrom="sm" data-testid="transactions-cards">
        {txs.map((tx) => (
          <UnstyledButton key={tx.id} onClick={() => onDetails(tx)}>
            <Card withBorder padding="sm" radius="md">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text size="xs" c="dimmed">
                    {formatDate(tx.date)} · {paymentMethodsLabel(tx.payment_method)}
                  </Text>
                  <Text size="sm">{tx.description ?? '—'}</Text>
                </Stack>
                <Stack gap={4} align="flex-end">
                  <Text fw={700} size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {money(tx)}
                  </Text>
                  {status(tx)}
                </Stack>
              </Group>
            </Card>
          </UnstyledButton>
        ))}
      </Stack>
      {q.hasNextPage && (
        <Center>
          <Button variant="subtle" onClick={() => q.fetchNextPage()} loading={q.isFetchingNextPage}>
            {t.more}
          </Button>
        </Center>
      )}
      {q.isError && <Alert color="red">{t.loadError}</Alert>}
    </Stack>
  );
}
