import { Badge, Button, Group, Modal, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { formatCents, formatDate, type JournalEntry } from '@tantieme/contract';
import { useState } from 'react';
import { apiMessage } from '../../auth/validate';
import { moneyFr } from './fr';
import { useReverse } from './queries';

const t = moneyFr.journal;
const today = () => new Date().toISOString().slice(0, 10);

/** The écritures, each with its lines; a reversal asked in a dialog with its date. */
export function JournalTable({
  coproId,
  ecritures,
  canWrite,
}: {
  coproId: string;
  ecritures: JournalEntry[];
  canWrite: boolean;
}) {
  const [target, setTarget] = useState<JournalEntry | null>(null);
  const [date, setDate] = useState(today());
  const [error, setError] = useState<string | null>(null);
  const reverse = useReverse(coproId);
  return (
    <Paper withBorder>
      <Table.ScrollContainer minWidth={520}>
        <Table verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t.number}</Table.Th>
              <Table.Th scope="col">{t.date}</Table.Th>
              <Table.Th scope="col">{t.libelle}</Table.Th>
              <Table.Th scope="col">{t.account}</Table.Th>
              <Table.Th scope="col" ta="right">
                {t.debit}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {t.credit}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          {ecritures.map((e) => (
            <Table.Tbody key={e.id} style={{ borderTop: '2px solid var(--mantine-color-gray-3)' }}>
              <Table.Tr>
                <Table.Td fw={600}>{e.number}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(e.date)}</Table.Td>
                <Table.Td colSpan={4}>
                  <Group gap="xs" justify="space-between" wrap="wrap">
                    <Text size="sm" fw={600}>
                      {e.libelle}
                    </Text>
                    {e.reversed_by ? (
                      <Badge color="gray" variant="light">
                        {t.reversed}
                      </Badge>
                    ) : canWrite && !e.reverses_id ? (
                      <Button
                        size="xs"
                        style={{ flexShrink: 0 }}
                        variant="subtle"
                        onClick={() => setTarget(e)}
                        aria-label={t.reverseOf(e.number)}
                      >
                        {t.reverse}
                      </Button>
                    ) : null}
                  </Group>
                </Table.Td>
              </Table.Tr>
              {e.lines.map((l) => (
                <Table.Tr
                  key={`${e.id}-${l.account}-${l.coproprietaire?.id ?? ''}-${l.debit_cents}-${l.credit_cents}`}
                >
                  <Table.Td />
                  <Table.Td />
                  <Table.Td c="gray.8">{l.coproprietaire?.name ?? ''}</Table.Td>
                  <Table.Td>{l.account}</Table.Td>
                  <Table.Td ta="right">{l.debit_cents ? formatCents(l.debit_cents) : ''}</Table.Td>
                  <Table.Td ta="right">{l.credit_cents ? formatCents(l.credit_cents) : ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          ))}
        </Table>
      </Table.ScrollContainer>
      <Modal
        opened={!!target}
        onClose={() => setTarget(null)}
        title={target ? t.reverseOf(target.number) : ''}
      >
        <Stack>
          <Text size="sm">{target?.libelle}</Text>
          <TextInput
            type="date"
            label={t.reverseDate}
            value={date}
            onChange={(e) => setDate(e.currentTarget.value)}
          />
          {error ? (
            <Text c="red.8" role="alert">
              {error}
            </Text>
          ) : null}
          <Button
            loading={reverse.isPending}
            onClick={() =>
              target &&
              reverse.mutate(
                { ecritureId: target.id, date },
                { onSuccess: () => setTarget(null), onError: (err) => setError(apiMessage(err)) },
              )
            }
          >
            {t.reverse}
          </Button>
        </Stack>
      </Modal>
    </Paper>
  );
}
