import { Alert, Button, Group, NumberInput, Paper, Stack, Table, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { notifications } from '@mantine/notifications';
import { type ConsoleLot, type ConsoleRepartition, formatInt } from '@tantieme/contract';
import { useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { apiMessage } from '../../auth/validate';
import { gestionFr } from '../fr';
import { useSaveTantiemes } from '../queries';
import { keyBalance } from './keyBalance';

const t = gestionFr.lots;

type Cell = number | '';
type Grid = Record<string, Record<string, Cell>>;

const gridOf = (lots: ConsoleLot[], keys: ConsoleRepartition[]): Grid =>
  Object.fromEntries(
    lots.map((l) => [l.id, Object.fromEntries(keys.map((k) => [k.id, l.tantiemes[k.id] ?? '']))]),
  );

/**
 * The lots' tantièmes in every key, each key's sum checked live against its total with the
 * difference named; saved whole, once every key makes its total (the server checks it again).
 */
export function TantiemesGrid({
  coproId,
  lots,
  keys,
}: {
  coproId: string;
  lots: ConsoleLot[];
  keys: ConsoleRepartition[];
}) {
  const values = useMemo(() => ({ grid: gridOf(lots, keys) }), [lots, keys]);
  // A lot or key added meanwhile comes in; what was typed and not saved stays.
  const form = useForm<{ grid: Grid }>({ values, resetOptions: { keepDirtyValues: true } });
  const grid = useWatch({ control: form.control, name: 'grid' }) ?? values.grid;
  const save = useSaveTantiemes(coproId);
  const balances = keys.map((k) =>
    keyBalance(
      lots.map((l) => Number(grid[l.id]?.[k.id] || 0)),
      k.total_tantieme,
    ),
  );
  const allOk = balances.every((b) => b.ok);
  const submit = form.handleSubmit(({ grid: g }) => {
    if (!allOk) return;
    save.mutate(
      {
        repartitions: keys.map((k) => ({
          repartition_id: k.id,
          tantiemes: lots.map((l) => ({ lot_id: l.id, tantieme: Number(g[l.id]?.[k.id] || 0) })),
        })),
      },
      {
        onSuccess: () => notifications.show({ color: 'teal', message: gestionFr.saved }),
        onError: (err) => form.setError('root', { message: apiMessage(err) }),
      },
    );
  });
  if (lots.length === 0) return <Text c="gray.7">{t.noLots}</Text>;
  return (
    <form onSubmit={submit} noValidate data-testid="tantiemes-grid">
      <Stack component="ul" gap={4} m={0} mb="sm" p={0} style={{ listStyle: 'none' }} aria-live="polite">
        {keys.map((k, i) => (
          <Group component="li" key={k.id} gap="xs" wrap="nowrap" data-testid={`key-balance-${k.code}`}>
            {balances[i].ok ? (
              <IconCircleCheck size={18} color="var(--mantine-color-teal-9)" aria-hidden />
            ) : (
              <IconAlertCircle size={18} color="var(--mantine-color-red-8)" aria-hidden />
            )}
            <Text size="sm">
              <Text span fw={600}>
                {k.name}
              </Text>
              {'\u202f: '}
              <Text span c={balances[i].ok ? 'teal.9' : 'red.8'} fw={600}>
                {balances[i].text}
              </Text>
            </Text>
          </Group>
        ))}
      </Stack>
      <Paper withBorder>
        <Table.ScrollContainer minWidth={360 + keys.length * 150}>
          <Table verticalSpacing={6} striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t.number}</Table.Th>
                <Table.Th scope="col">{t.type}</Table.Th>
                <Table.Th scope="col">{t.floor}</Table.Th>
                <Table.Th scope="col">{t.name}</Table.Th>
                {keys.map((k) => (
                  <Table.Th scope="col" key={k.id} ta="right">
                    {k.name}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lots.map((l) => (
                <Table.Tr key={l.id} data-testid="lot-row">
                  <Table.Th scope="row" fw={600}>
                    {l.number}
                  </Table.Th>
                  <Table.Td>{l.type_name}</Table.Td>
                  <Table.Td>{l.floor ?? ''}</Table.Td>
                  <Table.Td>{l.name}</Table.Td>
                  {keys.map((k) => (
                    <Table.Td key={k.id}>
                      <Controller
                        control={form.control}
                        name={`grid.${l.id}.${k.id}`}
                        render={({ field }) => (
                          <NumberInput
                            aria-label={t.tantiemesOf(l.number, k.name)}
                            size="xs"
                            min={0}
                            allowDecimal={false}
                            allowNegative={false}
                            hideControls
                            styles={{ input: { textAlign: 'right' } }}
                            value={field.value}
                            onChange={(v) => field.onChange(v === '' ? '' : Number(v))}
                            onBlur={field.onBlur}
                          />
                        )}
                      />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th scope="row" colSpan={4}>
                  {t.keyTotal}
                </Table.Th>
                {keys.map((k, i) => (
                  <Table.Td key={k.id} ta="right" style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm" fw={600} c={balances[i].ok ? 'teal.9' : 'red.8'}>
                      {t.sumOf(formatInt(balances[i].sum), formatInt(k.total_tantieme))}
                    </Text>
                  </Table.Td>
                ))}
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      {form.formState.errors.root ? (
        <Alert color="red" role="alert" mt="sm">
          {form.formState.errors.root.message}
        </Alert>
      ) : null}
      <Group justify="flex-end" mt="sm" gap="sm">
        {!allOk ? (
          <Text size="sm" c="red.8">
            {t.unbalanced}
          </Text>
        ) : null}
        <Button type="submit" disabled={!allOk || keys.length === 0} loading={save.isPending}>
          {t.save}
        </Button>
      </Group>
    </form>
  );
}
