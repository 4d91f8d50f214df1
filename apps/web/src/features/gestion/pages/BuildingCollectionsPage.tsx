import { Badge, Button, FileButton, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatCents, formatDate } from '@tantieme/contract';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { saveBlob } from '../../../ui/download';
import { apiMessage } from '../../auth/validate';
import { BuildingHeader } from '../components/BuildingHeader';
import { QueryState } from '../components/QueryState';
import { moneyFr } from '../frMoney';
import {
  remiseFile,
  useCollections,
  useGenerateCollection,
  useImportAnswers,
  useSetCreditor,
  useSettleCollection,
} from '../queriesMoney';

const t = moneyFr.collections;
const fail = (err: unknown) => notifications.show({ color: 'red', message: apiMessage(err) });
const done = (message: string) => notifications.show({ color: 'teal', message });

function CreditorForm({
  coproId,
  current,
}: {
  coproId: string;
  current: { name: string; ics: string; bic: string | null } | null;
}) {
  const [v, setV] = useState({
    name: current?.name ?? '',
    ics: current?.ics ?? '',
    iban: '',
    bic: current?.bic ?? '',
  });
  const save = useSetCreditor(coproId);
  return (
    <Paper withBorder p="md">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate({ ...v, bic: v.bic || null }, { onSuccess: () => done(t.saved), onError: fail });
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h3">
            {t.creditor}
          </Title>
          <Text size="sm" c="gray.7">
            {t.creditorHelp}
          </Text>
          <Group grow align="flex-start">
            <TextInput
              label={t.name}
              value={v.name}
              onChange={(e) => setV({ ...v, name: e.currentTarget.value })}
              required
            />
            <TextInput
              label={t.ics}
              value={v.ics}
              onChange={(e) => setV({ ...v, ics: e.currentTarget.value })}
              required
            />
          </Group>
          <Group grow align="flex-start">
            <TextInput
              label={t.iban}
              value={v.iban}
              onChange={(e) => setV({ ...v, iban: e.currentTarget.value })}
              required
            />
            <TextInput
              label={t.bic}
              value={v.bic}
              onChange={(e) => setV({ ...v, bic: e.currentTarget.value })}
            />
          </Group>
          <Button type="submit" loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
            {t.save}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

/** A building's SEPA collections: the creditor, a remise per due date, its file, the bank's answers. */
export default function BuildingCollectionsPage() {
  const { coproId = '' } = useParams();
  const page = useCollections(coproId);
  const generate = useGenerateCollection(coproId);
  const settle = useSettleCollection(coproId);
  const answers = useImportAnswers(coproId);
  const [due, setDue] = useState('');
  return (
    <Stack gap="lg" maw={1200}>
      <BuildingHeader coproId={coproId} tab="collections" />
      <QueryState query={page}>
        {(data) => (
          <Stack gap="lg">
            <CreditorForm coproId={coproId} current={data.creditor} />
            {data.creditor ? (
              <Paper withBorder p="md">
                <form
                  onSubmit={(e) => {
                    e.preventDefault();
                    generate.mutate(
                      { due_date: due || data.earliest_due_date },
                      { onSuccess: (r) => done(t.generated(r.items)), onError: fail },
                    );
                  }}
                >
                  <Group align="flex-end">
                    <TextInput
                      type="date"
                      label={t.dueDate}
                      min={data.earliest_due_date}
                      value={due || data.earliest_due_date}
                      onChange={(e) => setDue(e.currentTarget.value)}
                    />
                    <Button type="submit" loading={generate.isPending}>
                      {t.generate}
                    </Button>
                    <Text size="sm" c="gray.7">
                      {t.mandates(data.mandates)}
                    </Text>
                  </Group>
                </form>
              </Paper>
            ) : null}
            <Paper withBorder p="md">
              <Stack gap="xs">
                <Title order={2} size="h3">
                  {t.answers}
                </Title>
                <Text size="sm" c="gray.7">
                  {t.answersHelp}
                </Text>
                <FileButton
                  accept=".xml,application/xml,text/xml"
                  onChange={async (f) => {
                    if (!f) return;
                    answers.mutate(
                      { content: await f.text() },
                      { onSuccess: (r) => done(t.imported(r)), onError: fail },
                    );
                  }}
                >
                  {(props) => (
                    <Button
                      {...props}
                      variant="default"
                      loading={answers.isPending}
                      style={{ alignSelf: 'flex-start' }}
                    >
                      {t.importFile}
                    </Button>
                  )}
                </FileButton>
              </Stack>
            </Paper>
            <Title order={2} size="h3">
              {t.remises}
            </Title>
            {data.collections.length === 0 ? <Text c="gray.7">{t.empty}</Text> : null}
            {data.collections.map((c) => (
              <Paper withBorder p="md" key={c.id} data-testid="remise">
                <Group justify="space-between" mb="xs">
                  <div>
                    <Text fw={600}>
                      {formatDate(c.due_date)} · {formatCents(c.total_cents)}
                    </Text>
                    <Badge color={c.status === 'settled' ? 'teal' : 'gray'} variant="light">
                      {t.status[c.status]}
                    </Badge>
                  </div>
                  <Group gap="xs">
                    <Button
                      variant="default"
                      onClick={() =>
                        remiseFile(coproId, c.id).then(
                          (f) => saveBlob(new Blob([f.content], { type: 'application/xml' }), f.filename),
                          fail,
                        )
                      }
                    >
                      {t.download}
                    </Button>
                    {c.status === 'generated' ? (
                      <Button
                        loading={settle.isPending}
                        onClick={() =>
                          settle.mutate(
                            { collection_id: c.id },
                            { onSuccess: (r) => done(t.settledDone(r.settled)), onError: fail },
                          )
                        }
                      >
                        {t.settle}
                      </Button>
                    ) : null}
                  </Group>
                </Group>
                <Table.ScrollContainer minWidth={480}>
                  <Table verticalSpacing="xs">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th scope="col">{t.cols.owner}</Table.Th>
                        <Table.Th scope="col" ta="right">
                          {t.cols.amount}
                        </Table.Th>
                        <Table.Th scope="col">{t.cols.status}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {c.items.map((i) => (
                        <Table.Tr key={i.id}>
                          <Table.Td>{i.coproprietaire.name}</Table.Td>
                          <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                            {formatCents(i.amount_cents)}
                          </Table.Td>
                          <Table.Td>
                            {t.item[i.status]}
                            {i.reason ? ` (${i.reason})` : ''}
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              </Paper>
            ))}
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
