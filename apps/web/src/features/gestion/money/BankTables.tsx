import { Badge, Button, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { type BankLineView, type BankView, formatCents, formatDate } from '@tantieme/contract';
import { useState } from 'react';
import { moneyFr } from './fr';
import { MatchDialog } from './MatchDialog';

const t = moneyFr.bank;

/** Each statement with its rapprochement state. */
export function StatementsTable({ statements }: { statements: BankView['statements'] }) {
  if (!statements.length) return <Text c="gray.7">{t.noStatement}</Text>;
  return (
    <Paper withBorder>
      <Table.ScrollContainer minWidth={520}>
        <Table verticalSpacing="xs" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t.statement}</Table.Th>
              <Table.Th scope="col">{t.importedAt}</Table.Th>
              <Table.Th scope="col" ta="right">
                {t.lines}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {t.amount}
              </Table.Th>
              <Table.Th scope="col">{t.state}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {statements.map((s) => (
              <Table.Tr key={s.id}>
                <Table.Td>
                  {t.formats[s.format as 'csv'] ?? s.format}
                  <Text span size="xs" c="gray.7" style={{ wordBreak: 'break-all' }}>
                    {' '}
                    {s.statement_ref.slice(0, 12)}
                  </Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(s.imported_at)}</Table.Td>
                <Table.Td ta="right">{s.lines}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  +{formatCents(s.credits_cents)} / −{formatCents(s.debits_cents)}
                </Table.Td>
                <Table.Td>
                  {s.unmatched === 0 ? (
                    <Text size="sm" fw={600} c="green.9">
                      {t.reconciled}
                    </Text>
                  ) : (
                    <Text size="sm" fw={600} c="orange.9">
                      {t.pending(s.unmatched)}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

/** Credits: waiting in 471 (matched by hand) or matched, with the confidence and the reason. */
export function LinesTable({
  coproId,
  lines,
  owners,
  waiting,
  canWrite,
}: {
  coproId: string;
  lines: BankLineView[];
  owners: BankView['coproprietaires'];
  waiting: boolean;
  canWrite: boolean;
}) {
  const [open, setOpen] = useState<BankLineView | null>(null);
  const nameOf = new Map(owners.map((o) => [o.id, o.name]));
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {waiting ? t.queue : t.matched}
      </Title>
      {lines.length === 0 ? (
        <Text c="gray.7">{waiting ? t.queueEmpty : t.matchedEmpty}</Text>
      ) : (
        <Paper withBorder>
          <Table.ScrollContainer minWidth={520}>
            <Table verticalSpacing="xs" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t.date}</Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t.amount}
                  </Table.Th>
                  <Table.Th scope="col">{t.payer}</Table.Th>
                  <Table.Th scope="col">{t.owner}</Table.Th>
                  <Table.Th scope="col">{waiting ? t.matchHeader : t.reason}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lines.map((l) => {
                  const best = l.suggestions[0];
                  return (
                    <Table.Tr key={l.id}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(l.date)}</Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                        {formatCents(l.amount_cents)}
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{l.name}</Text>
                        <Text size="xs" c="gray.7" style={{ wordBreak: 'break-word' }}>
                          {l.reference}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        {waiting
                          ? best
                            ? t.suggestion(nameOf.get(best.coproprietaireId) ?? '', best.confidence)
                            : ''
                          : (l.coproprietaire?.name ?? '')}
                        {!waiting && l.confidence !== null ? (
                          <Badge ml="xs" variant="light" color={l.confidence >= 80 ? 'green' : 'orange'}>
                            {l.confidence}&#8239;%
                          </Badge>
                        ) : null}
                      </Table.Td>
                      <Table.Td>
                        {waiting ? (
                          canWrite ? (
                            <Button
                              size="xs"
                              onClick={() => setOpen(l)}
                              aria-label={t.matchAction(formatCents(l.amount_cents))}
                            >
                              {t.match}
                            </Button>
                          ) : null
                        ) : (
                          <Text size="xs">{l.reason ?? t.byHand}</Text>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      {open ? (
        <MatchDialog coproId={coproId} line={open} owners={owners} onClose={() => setOpen(null)} />
      ) : null}
    </Stack>
  );
}
