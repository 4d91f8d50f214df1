import {
  Alert,
  Button,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { formatCents, type MoneyOverview } from '@tantieme/contract';
import { useState } from 'react';
import { apiMessage } from '../../auth/validate';
import { moneyFr } from './fr';
import { parseEuros, useSaveBudget } from './queries';

const t = moneyFr.budget;

/** The exercice's voted budget per key, with the resolution that voted it, and its form. */
export function BudgetSection({
  coproId,
  data,
  canWrite,
}: {
  coproId: string;
  data: MoneyOverview;
  canWrite: boolean;
}) {
  const save = useSaveBudget(coproId);
  const [key, setKey] = useState(data.keys[0]?.id ?? '');
  const [kind, setKind] = useState<'budget' | 'travaux' | 'fonds_travaux'>('budget');
  const [amount, setAmount] = useState('');
  const [periods, setPeriods] = useState('4');
  const [resolution, setResolution] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setDone(false);
    const cents = parseEuros(amount);
    if (cents === null || !data.exercice) return setError(t.amountError);
    setError(null);
    save.mutate(
      {
        financial_year_id: data.exercice.id,
        repartition_id: key,
        kind,
        amount_cents: cents,
        periods: Number(periods) as 4,
        resolution_id: resolution || null,
      },
      { onSuccess: () => setDone(true), onError: (err) => setError(apiMessage(err)) },
    );
  };

  return (
    <Stack gap="sm">
      <Title order={2}>{t.title}</Title>
      <Text size="sm" c="gray.7">
        {t.intro}
      </Text>
      {data.budgets.length === 0 ? (
        <Text c="gray.7">{t.none}</Text>
      ) : (
        <Paper withBorder>
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="xs" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t.key}</Table.Th>
                  <Table.Th scope="col">{t.kind}</Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t.amount}
                  </Table.Th>
                  <Table.Th scope="col">{t.periods}</Table.Th>
                  <Table.Th scope="col">{t.resolution}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.budgets.map((b) => (
                  <Table.Tr key={b.id}>
                    <Table.Td>{b.repartition_name}</Table.Td>
                    <Table.Td>{t.kinds[b.kind]}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {formatCents(b.amount_cents)}
                    </Table.Td>
                    <Table.Td>{t.periodOptions[b.periods as 4] ?? b.periods}</Table.Td>
                    <Table.Td>{b.resolution_title ?? t.noResolution}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      {canWrite && data.exercice && !data.exercice.closed ? (
        <Paper withBorder p="md" component="form" onSubmit={submit} aria-label={t.formTitle}>
          <Stack gap="sm">
            <Title order={3} size="h4">
              {t.formTitle}
            </Title>
            <Group grow align="flex-start" wrap="wrap">
              <NativeSelect
                label={t.key}
                value={key}
                onChange={(e) => setKey(e.currentTarget.value)}
                data={data.keys.map((k) => ({ value: k.id, label: k.name }))}
                miw={200}
              />
              <NativeSelect
                label={t.kind}
                value={kind}
                onChange={(e) => setKind(e.currentTarget.value as typeof kind)}
                data={Object.entries(t.kinds).map(([value, label]) => ({ value, label }))}
                miw={200}
              />
              <TextInput
                label={t.amountLabel}
                value={amount}
                onChange={(e) => setAmount(e.currentTarget.value)}
                inputMode="decimal"
                placeholder="24 000,00"
                error={error === t.amountError ? error : undefined}
                miw={160}
              />
              <NativeSelect
                label={t.periodsLabel}
                value={periods}
                onChange={(e) => setPeriods(e.currentTarget.value)}
                data={Object.entries(t.periodOptions).map(([value, label]) => ({ value, label }))}
                miw={160}
              />
            </Group>
            <NativeSelect
              label={t.resolutionLabel}
              value={resolution}
              onChange={(e) => setResolution(e.currentTarget.value)}
              data={[
                { value: '', label: t.resolutionNone },
                ...data.resolutions.map((r) => ({
                  value: r.id,
                  label: r.assemblee_date
                    ? `${r.title} (AG du ${r.assemblee_date.split('-').reverse().join('/')})`
                    : r.title,
                })),
              ]}
            />
            {error && error !== t.amountError ? (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            ) : null}
            {done ? (
              <Text c="green.9" role="status">
                {t.saved}
              </Text>
            ) : null}
            <Group>
              <Button type="submit" loading={save.isPending} disabled={!key}>
                {t.save}
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}
