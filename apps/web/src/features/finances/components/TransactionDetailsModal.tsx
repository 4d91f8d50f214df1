import { Badge, Modal, Table } from '@mantine/core';
import {
  formatCents,
  formatDate,
  type PaymentTransaction,
  paymentMethodsLabel,
  transactionStatusLabel,
} from '@tantieme/contract';
import { frFinances as t } from '../fr';

const money = (cents: number, currency: string) =>
  formatCents(cents, currency.toUpperCase() === 'USD' ? 'USD' : 'EUR');

const time = (iso: string) =>
  new Date(iso).toLocaleTimeString('fr-FR', { hour: '2-digit', minute: '2-digit' });

/** Transaction details (SPEC §2.8, §3 Payment transaction). */
export function TransactionDetailsModal({
  transaction: tx,
  onClose,
}: {
  transaction: PaymentTransaction | null;
  onClose: () => void;
}) {
  const rows: [string, React.ReactNode][] = tx
    ? [
        [t.tx.date, `${formatDate(tx.date)} ${time(tx.date)}`],
        [t.tx.amount, money(tx.amount, tx.currency)],
        [t.tx.fee, money(tx.fee, tx.currency)],
        [t.tx.net, money(tx.net, tx.currency)],
        [t.tx.currency, tx.currency.toUpperCase()],
        [t.tx.method, paymentMethodsLabel(tx.payment_method)],
        [t.tx.destination, tx.transfer_destination.name ?? '—'],
        [t.tx.description, tx.description ?? '—'],
        [
          t.tx.status,
          <Badge key="s" color="green" variant="light" tt="none">
            {transactionStatusLabel(tx)}
          </Badge>,
        ],
      ]
    : [];
  return (
    <Modal
      opened={!!tx}
      onClose={onClose}
      title={t.transactionDetails}
      closeButtonProps={{ 'aria-label': t.close }}
    >
      <Table data-testid="transaction-details" verticalSpacing="xs">
        <Table.Tbody>
          {rows.map(([k, v]) => (
            <Table.Tr key={k}>
              <Table.Th w="40%">{k}</Table.Th>
              <Table.Td>{v}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}
