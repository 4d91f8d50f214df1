import { Anchor, Badge, Card, Group, Stack, Table, Text } from '@mantine/core';
import {
  billColumn,
  formatCents,
  formatDate,
  type LedgerLine,
  type StatementRow,
  type StatementTotals,
} from '@tantieme/contract';
import { frFinances as t } from '../fr';
import { CollectingBadge, ReceiptLink, type ReceiptTarget } from './LineStatus';

const money = (v: number) => (v ? formatCents(v) : '');
const soldeColor = (v: number) => (v < 0 ? 'green.8' : undefined);

function LineName({
  line,
  showAll,
  onBill,
  receipts,
}: {
  line: LedgerLine;
  showAll: boolean;
  onBill?: (line: LedgerLine) => void;
  receipts?: ReceiptTarget;
}) {
  const partly = !showAll && line.remaining > 0 && line.remaining < line.amount;
  return (
    <>
      {line.bill_id && onBill ? (
        <Anchor component="button" type="button" size="sm" ta="left" onClick={() => onBill(line)}>
          {line.name.fr}
        </Anchor>
      ) : (
        <Text size="sm">{line.name.fr}</Text>
      )}
      {partly && (
        <Text size="xs" c="dimmed">
          {t.partly(formatCents(line.amount))}
        </Text>
      )}
      <CollectingBadge line={line} />
      <ReceiptLink line={line} target={receipts} />
    </>
  );
}

/** Desktop: the statement as a table (SPEC §2.8), with the totals in the footer. */
export function StatementTable({
  rows,
  totals,
  showAll,
  onBill,
  receipts,
}: {
  rows: StatementRow<LedgerLine>[];
  totals: StatementTotals;
  showAll: boolean;
  onBill?: (line: LedgerLine) => void;
  receipts?: ReceiptTarget;
}) {
  const c = t.columns;
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table
        striped
        highlightOnHover
        verticalSpacing="sm"
        aria-label={t.statementTitle}
        data-testid="statement-table"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{c.date}</Table.Th>
            <Table.Th>{c.name}</Table.Th>
            <Table.Th ta="right">{c.fonctionnement}</Table.Th>
            <Table.Th ta="right">{c.fond_travaux}</Table.Th>
            <Table.Th ta="right">{c.travaux}</Table.Th>
            <Table.Th ta="right">{c.other}</Table.Th>
            <Table.Th ta="right">{c.credit}</Table.Th>
            <Table.Th ta="right">{c.solde}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.line.id} data-settled={r.line.remaining === 0 ? 'true' : 'false'}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(r.line.date)}</Table.Td>
              <Table.Td>
                <LineName line={r.line} showAll={showAll} onBill={onBill} receipts={receipts} />
              </Table.Td>
              <Table.Td ta="right">{money(r.debit_fonctionnement)}</Table.Td>
              <Table.Td ta="right">{money(r.debit_fond_travaux)}</Table.Td>
              <Table.Td ta="right">{money(r.debit_travaux)}</Table.Td>
              <Table.Td ta="right">{money(r.debit_other)}</Table.Td>
              <Table.Td ta="right" c="green.8">
                {money(r.credit)}
              </Table.Td>
              <Table.Td ta="right" fw={500} c={soldeColor(r.solde)} style={{ whiteSpace: 'nowrap' }}>
                {formatCents(r.solde)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr data-testid="statement-totals" style={{ fontWeight: 700 }}>
            <Table.Th colSpan={2}>{t.totals}</Table.Th>
            <Table.Th ta="right">{formatCents(totals.totalDebitFonctionnement)}</Table.Th>
            <Table.Th ta="right">{formatCents(totals.totalDebitFondTravaux)}</Table.Th>
            <Table.Th ta="right">{formatCents(totals.totalDebitTravaux)}</Table.Th>
            <Table.Th ta="right">{formatCents(totals.totalDebitOther)}</Table.Th>
            <Table.Th ta="right" c="green.8">
              {formatCents(totals.totalCredit)}
            </Table.Th>
            <Table.Th ta="right" c={soldeColor(totals.totalSolde)} style={{ whiteSpace: 'nowrap' }}>
              {formatCents(totals.totalSolde)}
            </Table.Th>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Phones: one card per line, then a totals card. */
export function StatementCards({
  rows,
  totals,
  showAll,
  onBill,
  receipts,
}: {
  rows: StatementRow<LedgerLine>[];
  totals: StatementTotals;
  showAll: boolean;
  onBill?: (line: LedgerLine) => void;
  receipts?: ReceiptTarget;
}) {
  const c = t.columns;
  return (
    <Stack gap="sm" data-testid="statement-cards">
      {rows.map((r) => {
        const debit = r.line.amount_type === 'debit';
        return (
          <Card key={r.line.id} withBorder padding="sm" radius="md" component="article">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text size="xs" c="dimmed">
                  {formatDate(r.line.date)}
                </Text>
                <LineName line={r.line} showAll={showAll} onBill={onBill} receipts={receipts} />
              </Stack>
              <Text fw={700} size="sm" c={debit ? undefined : 'green.8'} style={{ whiteSpace: 'nowrap' }}>
                {debit ? formatCents(r.value) : `− ${formatCents(r.value)}`}
              </Text>
            </Group>
            <Group justify="space-between" mt={6}>
              <Badge variant="light" color={debit ? 'gray' : 'green'} size="sm" tt="none">
                {debit ? t.billTypes[billColumn(r.line.bill_type)] : t.credit}
              </Badge>
              <Text size="xs" c={soldeColor(r.solde) ?? 'dimmed'}>
                {c.solde} : {formatCents(r.solde)}
              </Text>
            </Group>
          </Card>
        );
      })}
      <Card withBorder padding="sm" radius="md" data-testid="statement-totals-card" bg="gray.0">
        <Text fw={700} mb={4}>
          {t.totals}
        </Text>
        <Stack gap={2}>
          {(
            [
              [c.fonctionnement, totals.totalDebitFonctionnement],
              [c.fond_travaux, totals.totalDebitFondTravaux],
              [c.travaux, totals.totalDebitTravaux],
              [c.other, totals.totalDebitOther],
              [c.credit, totals.totalCredit],
              [c.solde, totals.totalSolde],
            ] as const
          ).map(([label, v]) => (
            <Group key={label} justify="space-between" gap={4} wrap="nowrap">
              <Text size="sm">{label}</Text>
              <Text size="sm" fw={label === c.solde ? 700 : 500}>
                {formatCents(v)}
              </Text>
            </Group>
          ))}
        </Stack>
      </Card>
    </Stack>
  );
}
