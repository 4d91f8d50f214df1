import { Anchor, Badge, Button, Group, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ConsoleInvoice, formatCents, formatDate } from '@tantieme/contract';
import { useState } from 'react';
import { apiMessage } from '../../auth/validate';
import { facturesFr as t } from './fr';
import { usePayInvoice, useSendToCouncil } from './queries';

const COLOR: Record<ConsoleInvoice['stage'], string> = {
  a_valider: 'gray',
  au_conseil: 'blue',
  validee: 'teal',
  refusee: 'red',
  payee: 'green',
};
const fail = (err: unknown) => notifications.show({ color: 'red', message: apiMessage(err) });
const today = () => new Date().toISOString().slice(0, 10);

function Actions({ coproId, inv }: { coproId: string; inv: ConsoleInvoice }) {
  const send = useSendToCouncil(coproId);
  const pay = usePayInvoice(coproId);
  const [date, setDate] = useState(today());
  const canSend = inv.stage === 'a_valider';
  const canPay = (inv.stage === 'a_valider' && !inv.council_required) || inv.stage === 'validee';
  return (
    <Group gap="xs" wrap="wrap">
      {canSend ? (
        <Button
          size="xs"
          mih={28}
          variant={inv.council_required ? 'filled' : 'default'}
          loading={send.isPending}
          onClick={() =>
            send.mutate(inv.id, {
              onSuccess: () => notifications.show({ color: 'teal', message: t.sent }),
              onError: fail,
            })
          }
        >
          {t.send}
        </Button>
      ) : null}
      {canPay ? (
        <Group gap={4} wrap="nowrap">
          <TextInput
            type="date"
            size="xs"
            aria-label={`${t.payDate} – ${inv.fournisseur_name}`}
            value={date}
            onChange={(e) => setDate(e.currentTarget.value)}
          />
          <Button
            size="xs"
            mih={28}
            loading={pay.isPending}
            onClick={() =>
              pay.mutate(
                { invoiceId: inv.id, date },
                { onSuccess: () => notifications.show({ color: 'teal', message: t.paid }), onError: fail },
              )
            }
          >
            {t.pay}
          </Button>
        </Group>
      ) : null}
    </Group>
  );
}

/** The building's invoices with their stage; the writer's actions beside each. */
export function InvoicesTable({
  coproId,
  invoices,
  canWrite,
}: {
  coproId: string;
  invoices: ConsoleInvoice[];
  canWrite: boolean;
}) {
  if (!invoices.length) return <Text c="gray.7">{t.empty}</Text>;
  return (
    <Paper withBorder>
      <Table.ScrollContainer minWidth={820}>
        <Table verticalSpacing="xs" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t.cols.supplier}</Table.Th>
              <Table.Th scope="col">{t.cols.date}</Table.Th>
              <Table.Th scope="col" ta="right">
                {t.cols.amount}
              </Table.Th>
              <Table.Th scope="col">{t.cols.account}</Table.Th>
              <Table.Th scope="col">{t.cols.stage}</Table.Th>
              {canWrite ? <Table.Th scope="col">{t.cols.actions}</Table.Th> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invoices.map((inv) => (
              <Table.Tr key={inv.id} data-testid="facture">
                <Table.Td>
                  <Stack gap={0}>
                    <Text size="sm" fw={600}>
                      {inv.fournisseur_name}
                    </Text>
                    {inv.number ? (
                      <Text size="xs" c="gray.7">
                        {inv.number}
                      </Text>
                    ) : null}
                    {inv.file_url ? (
                      <Anchor href={inv.file_url} target="_blank" rel="noopener" size="xs">
                        {t.pdf}
                      </Anchor>
                    ) : null}
                  </Stack>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(inv.invoice_date)}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatCents(inv.amount_cents)}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{inv.account ? `${inv.account} – ${inv.account_label ?? ''}` : '—'}</Text>
                  <Text size="xs" c="gray.7">
                    {inv.repartition?.name ?? ''}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Stack gap={2}>
                    <Group gap={4}>
                      <Badge color={COLOR[inv.stage]} variant="light" data-testid="etat">
                        {t.stage[inv.stage]}
                      </Badge>
                      {inv.council_required && inv.stage === 'a_valider' ? (
                        <Badge color="orange" variant="outline">
                          {t.required}
                        </Badge>
                      ) : null}
                    </Group>
                    {inv.council_by || inv.council_comment ? (
                      <Text size="xs">{t.council(inv.council_by, inv.council_comment)}</Text>
                    ) : null}
                    {inv.paid_on ? (
                      <Text size="xs" c="gray.7">
                        {t.paidOn(formatDate(inv.paid_on), inv.payment_number)}
                      </Text>
                    ) : null}
                  </Stack>
                </Table.Td>
                {canWrite ? (
                  <Table.Td>
                    <Actions coproId={coproId} inv={inv} />
                  </Table.Td>
                ) : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
