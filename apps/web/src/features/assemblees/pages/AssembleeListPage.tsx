import {
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type Assemblee, formatParisTime, isUrgent } from '@tantieme/contract';
import type { MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { agCells } from '../components/status';
import { frAg as t } from '../fr';
import { useAgTarget, useAssemblees } from '../queries';

function UrgentBadge({ a }: { a: Assemblee }) {
  return isUrgent(a.priority) ? (
    <Badge color="red.8" variant="filled" size="sm" tt="none" style={{ flexShrink: 0, overflow: 'visible' }}>
      {t.urgent}
    </Badge>
  ) : null;
}

/** While the vote is open: its deadline and a 'Voter' call to action to the assembly's vote form. */
function VoteCall({ a, until }: { a: Assemblee; until: string | null }) {
  if (!until) return null;
  return (
    <Group justify="space-between" gap="xs" mt="sm" wrap="wrap">
      <Text size="sm" fw={500} c="teal.9">
        {until}
      </Text>
      <Button
        component={Link}
        to={`${a.id}?onglet=vote`}
        size="sm"
        aria-label={t.voteCtaLabel(a.name)}
        onClick={(ev: MouseEvent) => ev.stopPropagation()}
      >
        {t.voteCta}
      </Button>
    </Group>
  );
}

/** 'Assemblées Générales' (SPEC §2.20): a table on a desktop, cards on a phone; a row opens assemblee/{id}. */
export default function AssembleeListPage() {
  const { target, isLoading } = useAgTarget();
  const q = useAssemblees(target);
  const phone = useMediaQuery('(max-width: 48em)');
  const navigate = useNavigate();

  if (isLoading || q.isLoading)
    return (
      <Center py="xl">
        <Loader aria-label="Chargement…" />
      </Center>
    );

  const list = q.data ?? [];
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t.listTitle}
      </Title>
      {q.isError ? (
        <Alert color="red" role="alert" title={t.loadError}>
          <Button variant="light" size="xs" onClick={() => q.refetch()}>
            {t.retry}
          </Button>
        </Alert>
      ) : list.length === 0 ? (
        <Text c="dimmed">{t.empty}</Text>
      ) : phone ? (
        <SimpleGrid cols={1} spacing="sm">
          {list.map((a) => {
            const c = agCells(a);
            return (
              // The whole card opens the assembly on a tap; its links serve the keyboard and
              // screen readers (no link inside a link).
              <Card
                key={a.id}
                withBorder
                radius="md"
                padding="md"
                onClick={() => navigate(a.id)}
                style={{ cursor: 'pointer' }}
              >
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Text
                    component={Link}
                    to={a.id}
                    fw={600}
                    c="inherit"
                    onClick={(ev) => ev.stopPropagation()}
                  >
                    {a.name}
                  </Text>
                  <UrgentBadge a={a} />
                </Group>
                <Text size="sm" c="dimmed">
                  {a.copr_name}
                </Text>
                <Text size="sm" mt={4}>
                  {c.date} à {formatParisTime(a.date)} · {c.type} · {a.year}
                </Text>
                <SimpleGrid cols={2} spacing={4} mt="xs">
                  <Text size="sm">
                    {t.columns.convocation} : {c.convocation}
                  </Text>
                  <Text size="sm">
                    {t.columns.pv} : {c.pv}
                  </Text>
                  <Text size="sm">
                    {t.columns.done} : {c.done}
                  </Text>
                  <Text size="sm">
                    {t.columns.totals} : {c.totals}
                  </Text>
                </SimpleGrid>
                <VoteCall a={a} until={c.voteUntil} />
              </Card>
            );
          })}
        </SimpleGrid>
      ) : (
        <Table.ScrollContainer minWidth={900}>
          <Table highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                {Object.values(t.columns).map((h) => (
                  <Table.Th key={h}>{h}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((a) => {
                const c = agCells(a);
                return (
                  <Table.Tr key={a.id} onClick={() => navigate(a.id)} style={{ cursor: 'pointer' }}>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Text
                          component={Link}
                          to={a.id}
                          fw={600}
                          c="tantieme.8"
                          onClick={(ev) => ev.stopPropagation()}
                        >
                          {a.name}
                        </Text>
                        <UrgentBadge a={a} />
                      </Group>
                      <VoteCall a={a} until={c.voteUntil} />
                    </Table.Td>
                    <Table.Td>{a.copr_name}</Table.Td>
                    <Table.Td>{c.type}</Table.Td>
                    <Table.Td>{a.year}</Table.Td>
                    <Table.Td>{c.date}</Table.Td>
                    <Table.Td>{formatParisTime(a.date)}</Table.Td>
                    <Table.Td>{c.convocation}</Table.Td>
                    <Table.Td>{c.pv}</Table.Td>
                    <Table.Td>{c.done}</Table.Td>
                    <Table.Td>{c.totals}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
