import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import { formatCents } from '@tantieme/contract';
import { moneyFr } from './fr';
import { useBalances } from './queries';

const t = moneyFr.balances;

/** Each account's debit, credit and balance over the exercice. */
export function BalancesTable({ coproId, exercice }: { coproId: string; exercice?: string }) {
  const q = useBalances(coproId, exercice);
  const accounts = q.data?.accounts ?? [];
  return (
    <Stack gap="sm">
      <Title order={2}>{t.title}</Title>
      {accounts.length === 0 ? (
        <Text c="gray.7">{t.none}</Text>
      ) : (
        <Paper withBorder>
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing={4} striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t.account}</Table.Th>
                  <Table.Th scope="col">{t.label}</Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t.debit}
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t.credit}
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t.balance}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {accounts.map((a) => (
                  <Table.Tr key={a.account}>
                    <Table.Td>{a.account}</Table.Td>
                    <Table.Td>{a.label}</Table.Td>
                    <Table.Td ta="right">{formatCents(a.debit_cents)}</Table.Td>
                    <Table.Td ta="right">{formatCents(a.credit_cents)}</Table.Td>
                    <Table.Td ta="right" fw={600}>
                      {formatCents(a.debit_cents - a.credit_cents)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
    </Stack>
  );
}
