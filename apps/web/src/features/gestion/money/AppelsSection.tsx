import { Alert, Button, Group, NativeSelect, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { type AppelsPreview, formatCents, formatDate, type MoneyOverview } from '@tantieme/contract';
import { useState } from 'react';
import { apiMessage } from '../../auth/validate';
import { moneyFr } from './fr';
import { useGenerateAppels, usePreviewAppels } from './queries';

const t = moneyFr.appels;

/** A period's appels: the preview of what each co-owner will be called, then the confirmation. */
export function AppelsSection({
  coproId,
  data,
  canWrite,
}: {
  coproId: string;
  data: MoneyOverview;
  canWrite: boolean;
}) {
  const periods = data.budgets.find((b) => b.kind === 'budget')?.periods ?? 4;
  const called = new Set(data.runs.filter((r) => r.kind === 'budget').map((r) => r.period));
  const firstOpen = Array.from({ length: periods }, (_, i) => i + 1).find((p) => !called.has(p)) ?? 1;
  const [period, setPeriod] = useState(String(firstOpen));
  const [preview, setPreview] = useState<AppelsPreview | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const ask = usePreviewAppels(coproId);
  const make = useGenerateAppels(coproId);
  const label = (n: number) => (periods === 4 ? t.quarter(n) : t.periodN(n));
  const body = () => ({
    financial_year_id: data.exercice?.id ?? '',
    kind: 'budget' as const,
    period: Number(period),
  });

  return (
    <Stack gap="sm">
      <Title order={2}>{t.title}</Title>
      <Text size="sm" c="gray.7">
        {t.intro}
      </Text>
      {data.runs.length === 0 ? (
        <Text c="gray.7">{t.none}</Text>
      ) : (
        <Paper withBorder>
          <Table.ScrollContainer minWidth={420}>
            <Table verticalSpacing="xs" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t.period}</Table.Th>
                  <Table.Th scope="col">{t.dueDate}</Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t.total}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.runs.map((r) => (
                  <Table.Tr key={`${r.kind}-${r.period}`}>
                    <Table.Td>
                      {moneyFr.budget.kinds[r.kind]} · {label(r.period)}
                    </Table.Td>
                    <Table.Td>{formatDate(r.due_date)}</Table.Td>
                    <Table.Td ta="right">{formatCents(r.total_cents)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      {canWrite && data.exercice && !data.exercice.closed && data.budgets.length > 0 ? (
        <Paper withBorder p="md">
          <Stack gap="sm">
            <Group align="flex-end">
              <NativeSelect
                label={t.period}
                value={period}
                onChange={(e) => {
                  setPeriod(e.currentTarget.value);
                  setPreview(null);
                }}
                data={Array.from({ length: periods }, (_, i) => ({
                  value: String(i + 1),
                  label: label(i + 1),
                }))}
              />
              <Button
                variant="light"
                loading={ask.isPending}
                onClick={() => {
                  setMessage(null);
                  ask.mutate(body(), {
                    onSuccess: setPreview,
                    onError: (err) => setMessage({ ok: false, text: apiMessage(err) }),
                  });
                }}
              >
                {t.preview}
              </Button>
            </Group>
            {preview?.already ? <Text c="gray.7">{t.already}</Text> : null}
            {preview && !preview.already ? (
              <Stack gap="xs" data-testid="appels-preview">
                <Text fw={600}>
                  {preview.name} · {t.due(formatDate(preview.due_date))}
                </Text>
                <Table.ScrollContainer minWidth={360}>
                  <Table verticalSpacing={4}>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th scope="col">{t.owner}</Table.Th>
                        <Table.Th scope="col" ta="right">
                          {t.amount}
                        </Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {preview.coproprietaires.map((c) => (
                        <Table.Tr key={c.id}>
                          <Table.Td>{c.name}</Table.Td>
                          <Table.Td ta="right">{formatCents(c.amount_cents)}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
                <Group>
                  <Button
                    loading={make.isPending}
                    onClick={() =>
                      make.mutate(body(), {
                        onSuccess: (g) => {
                          setPreview(null);
                          // The next period not yet called is offered.
                          setPeriod(String(Math.min(Number(period) + 1, periods)));
                          setMessage({
                            ok: true,
                            text: t.generated(g.coproprietaires, formatCents(g.total_cents)),
                          });
                        },
                        onError: (err) => setMessage({ ok: false, text: apiMessage(err) }),
                      })
                    }
                  >
                    {t.confirm(formatCents(preview.total_cents))}
                  </Button>
                  <Button variant="default" onClick={() => setPreview(null)}>
                    {t.cancel}
                  </Button>
                </Group>
              </Stack>
            ) : null}
            {message ? (
              message.ok ? (
                <Text c="green.9" role="status">
                  {message.text}
                </Text>
              ) : (
                <Alert color="red" role="alert">
                  {message.text}
                </Alert>
              )
            ) : null}
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}
