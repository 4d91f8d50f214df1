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
  VisuallyHidden,
} from '@mantine/core';
import { billColumn, formatCents, formatDate, type OwnerBill } from '@tantieme/contract';
import { frFinances as t } from '../fr';
import { type FinanceTarget, useBills } from '../queries';

/** Réglées / Non réglées: the co-owner's bills, each opening its breakdown. */
export function BillsTab({
  target,
  which,
  active,
  onDetails,
}: {
  target: FinanceTarget;
  which: 'paid' | 'unpaid';
  active: boolean;
  onDetails: (bill: OwnerBill) => void;
}) {
  const q = useBills(target, which, active);
  if (q.isLoading)
    return (
      <Center py="xl">
        <Loader aria-label="Chargement…" />
      </Center>
    );
  if (q.isError)
    return (
      <Alert color="red" title={t.loadError}>
        <Button variant="light" size="xs" onClick={() => q.refetch()}>
          {t.retry}
        </Button>
      </Alert>
    );
  const bills = q.data ?? [];
  if (bills.length === 0)
    return (
      <Text c="dimmed" ta="center" py="xl">
        {t.noBills}
      </Text>
    );
  const c = t.columns;
  const details = (b: OwnerBill) => (
    <Button size="xs" variant="light" onClick={() => onDetails(b)} aria-label={`${t.details} : ${b.name.fr}`}>
      {t.details}
    </Button>
  );
  return (
    <>
      <Table.ScrollContainer minWidth={640} visibleFrom="sm">
        <Table striped highlightOnHover verticalSpacing="sm" data-testid={`bills-${which}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{c.date}</Table.Th>
              <Table.Th>{c.name}</Table.Th>
              <Table.Th>{c.type}</Table.Th>
              <Table.Th ta="right">{c.amount}</Table.Th>
              {which === 'unpaid' && <Table.Th ta="right">{c.remaining}</Table.Th>}
              <Table.Th>
                <VisuallyHidden>{t.details}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {bills.map((b) => (
              <Table.Tr key={b.ledger_line_id}>
                <Table.Td>{formatDate(b.date)}</Table.Td>
                <Table.Td>{b.name.fr}</Table.Td>
                <Table.Td>{t.billTypes[billColumn(b.bill_type)]}</Table.Td>
                <Table.Td ta="right">{formatCents(b.amount)}</Table.Td>
                {which === 'unpaid' && <Table.Td ta="right">{formatCents(b.remaining)}</Table.Td>}
                <Table.Td ta="right">{details(b)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap="sm" hiddenFrom="sm" data-testid={`bills-${which}-cards`}>
        {bills.map((b) => (
          <Card key={b.ledger_line_id} withBorder padding="sm" radius="md" component="article">
            <Text size="xs" c="dimmed">
              {formatDate(b.date)}
            </Text>
            <Text size="sm" fw={500}>
              {b.name.fr}
            </Text>
            <Group justify="space-between" mt={6}>
              <Badge variant="light" color="gray" size="sm" tt="none">
                {t.billTypes[billColumn(b.bill_type)]}
              </Badge>
              <Text fw={700} size="sm">
                {formatCents(which === 'unpaid' ? b.remaining : b.amount)}
              </Text>
            </Group>
            <Group justify="flex-end" mt={6}>
              {details(b)}
            </Group>
          </Card>
        ))}
      </Stack>
    </>
  );
}
