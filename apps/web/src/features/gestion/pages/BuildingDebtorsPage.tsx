import { Badge, Box, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { AGE_BUCKETS, formatCents, formatDate } from '@tantieme/contract';
import { useParams } from 'react-router-dom';
import { apiMessage } from '../../auth/validate';
import { BuildingHeader } from '../components/BuildingHeader';
import { QueryState } from '../components/QueryState';
import { moneyFr } from '../frMoney';
import { letterFile, useDebtors, useSendStep } from '../queriesMoney';

const t = moneyFr.debtors;
type Step = 'relance' | 'mise_en_demeure' | 'exigibilite';
const fail = (err: unknown) => notifications.show({ color: 'red', message: apiMessage(err) });

/** Debts by age: one bar per bucket, its width the bucket's share of the largest (the amounts in text). */
function AgeChart({ totals }: { totals: Record<(typeof AGE_BUCKETS)[number]['key'], number> }) {
  const max = Math.max(1, ...AGE_BUCKETS.map((b) => totals[b.key]));
  const sum = AGE_BUCKETS.reduce((s, b) => s + totals[b.key], 0);
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h3" mb="xs">
        {t.chart}
      </Title>
      <Stack gap={6} component="dl" m={0}>
        {AGE_BUCKETS.map((b) => (
          <Group key={b.key} gap="sm" wrap="nowrap">
            <Text component="dt" size="sm" w={130}>
              {b.label}
            </Text>
            <Box component="dd" m={0} style={{ flex: 1 }}>
              <Group gap="xs" wrap="nowrap">
                <Box
                  aria-hidden
                  h={16}
                  bg={b.key === 'b90plus' ? 'red.7' : b.key === 'b90' ? 'orange.6' : 'tantieme.6'}
                  style={{
                    width: `${(totals[b.key] / max) * 100}%`,
                    minWidth: totals[b.key] ? 2 : 0,
                    borderRadius: 3,
                  }}
                />
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatCents(totals[b.key])}
                </Text>
              </Group>
            </Box>
          </Group>
        ))}
      </Stack>
      <Text size="sm" mt="xs" fw={600}>
        {`${t.total}\u202f: ${formatCents(sum)}`}
      </Text>
    </Paper>
  );
}

/** A building's debtors by age of debt, the steps sent to each, and the one the delays call for. */
export default function BuildingDebtorsPage() {
  const { coproId = '' } = useParams();
  const page = useDebtors(coproId);
  const send = useSendStep(coproId);
  return (
    <Stack gap="lg" maw={1200}>
      <BuildingHeader coproId={coproId} tab="debtors" />
      <QueryState query={page}>
        {(data) => (
          <Stack gap="lg">
            <AgeChart totals={data.totals} />
            {data.debtors.length === 0 ? (
              <Text c="gray.7">{t.empty}</Text>
            ) : (
              <Paper withBorder>
                <Table.ScrollContainer minWidth={720}>
                  <Table verticalSpacing="xs" striped>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th scope="col">{t.cols.owner}</Table.Th>
                        <Table.Th scope="col" ta="right">
                          {t.cols.due}
                        </Table.Th>
                        <Table.Th scope="col">{t.cols.since}</Table.Th>
                        <Table.Th scope="col">{t.cols.steps}</Table.Th>
                        <Table.Th scope="col">{t.cols.next}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {data.debtors.map((d) => {
                        const med = d.steps.some((s) => s.step === 'mise_en_demeure');
                        const actions: Step[] = med
                          ? ['relance', 'exigibilite']
                          : ['relance', 'mise_en_demeure'];
                        const shown = actions.filter(
                          (s) => s !== 'exigibilite' || d.due_step === 'exigibilite',
                        );
                        return (
                          <Table.Tr key={d.id} data-testid="debiteur">
                            <Table.Td>{d.name}</Table.Td>
                            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                              {formatCents(d.due_cents)}
                            </Table.Td>
                            <Table.Td style={{ whiteSpace: 'nowrap' }}>
                              {formatDate(d.oldest_due_date)} ({t.days(d.age_days)})
                            </Table.Td>
                            <Table.Td>
                              <Stack gap={2}>
                                {d.steps.map((s) => (
                                  <Text size="sm" key={s.id}>
                                    {t.step[s.step]}
                                    {s.step === 'relance' ? ` n°\u00a0${s.grade}` : ''} · {formatDate(s.date)}{' '}
                                    · {t.channel[s.channel]}
                                    {s.step === 'mise_en_demeure'
                                      ? ` · ${s.presented ? t.presented(formatDate(s.presented)) : t.notPresented}`
                                      : ''}
                                    {s.fee_cents > 0 ? ` · ${t.fee(formatCents(s.fee_cents))}` : ''}
                                    {s.step !== 'relance' ? (
                                      <>
                                        {' · '}
                                        <Button
                                          variant="subtle"
                                          size="compact-xs"
                                          mih={24}
                                          aria-label={t.letterOf(t.step[s.step], d.name)}
                                          onClick={() =>
                                            letterFile(coproId, s.id).then(
                                              (f) => window.open(f.url, '_blank', 'noopener'),
                                              fail,
                                            )
                                          }
                                        >
                                          {t.letter}
                                        </Button>
                                      </>
                                    ) : null}
                                  </Text>
                                ))}
                              </Stack>
                            </Table.Td>
                            <Table.Td>
                              <Group gap="xs">
                                {d.due_step ? (
                                  <Badge color="orange" variant="light">
                                    {t.step[d.due_step]}
                                  </Badge>
                                ) : null}
                                {shown.map((step) => (
                                  <Button
                                    key={step}
                                    size="xs"
                                    mih={28}
                                    variant={step === d.due_step ? 'filled' : 'default'}
                                    loading={
                                      send.isPending &&
                                      send.variables?.ownerId === d.id &&
                                      send.variables.step === step
                                    }
                                    onClick={() =>
                                      send.mutate(
                                        { ownerId: d.id, step },
                                        {
                                          onSuccess: () =>
                                            notifications.show({ color: 'teal', message: t.sent }),
                                          onError: fail,
                                        },
                                      )
                                    }
                                  >
                                    {t.send[step]}
                                  </Button>
                                ))}
                              </Group>
                            </Table.Td>
                          </Table.Tr>
                        );
                      })}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              </Paper>
            )}
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
