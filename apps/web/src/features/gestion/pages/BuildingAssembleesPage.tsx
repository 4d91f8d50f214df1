import { Anchor, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { formatParisDate, formatParisTime } from '@tantieme/contract';
import { Link, useParams } from 'react-router-dom';
import { pvFr } from '../pv/frPv';
import { BuildingHeader } from '../components/BuildingHeader';
import { QueryState } from '../components/QueryState';
import { assembleesFr as t } from '../frAssemblees';
import { may, useConsoleMe } from '../me';
import { useAssemblees } from '../queriesAssemblees';

function state(a: { published_at: string | null; status_session: number | null }) {
  if (a.status_session === 2) return { label: t.state.closed, color: 'gray' };
  if (a.status_session === 1) return { label: t.state.session, color: 'blue' };
  if (a.published_at) return { label: t.state.convened, color: 'green' };
  return { label: t.state.draft, color: 'orange' };
}

/** A building's assemblies, the next first; a new one is prepared from here. */
export default function BuildingAssembleesPage() {
  const { coproId = '' } = useParams();
  const me = useConsoleMe().data;
  const list = useAssemblees(coproId);
  return (
    <Stack gap="lg" maw={1200}>
      <BuildingHeader coproId={coproId} tab="assemblies" />
      <Stack gap="sm" component="section" aria-labelledby="assemblies-title">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h3" id="assemblies-title">
            {t.title}
          </Title>
          {may(me, 'assemblees.write') ? (
            <Button component={Link} to={`/gestion/immeubles/${coproId}/assemblees/nouvelle`}>
              {t.new}
            </Button>
          ) : null}
        </Group>
        <Text size="sm" c="gray.7">
          {t.intro}
        </Text>
        <QueryState query={list}>
          {({ assemblees }) =>
            assemblees.length === 0 ? (
              <Text>{t.empty}</Text>
            ) : (
              <Paper withBorder style={{ overflowX: 'auto' }}>
                <Table>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t.columns.name}</Table.Th>
                      <Table.Th>{t.columns.date}</Table.Th>
                      <Table.Th>{t.columns.state}</Table.Th>
                      <Table.Th ta="right">{t.columns.resolutions}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {assemblees.map((a) => {
                      const s = state(a);
                      return (
                        <Table.Tr key={a.id}>
                          <Table.Td>
                            <Anchor
                              component={Link}
                              to={`/gestion/immeubles/${coproId}/assemblees/${a.id}`}
                              aria-label={t.open(a.name)}
                              display="inline-block"
                              mih={24}
                            >
                              {a.name}
                            </Anchor>
                          </Table.Td>
                          <Table.Td>
                            {formatParisDate(a.date)} à {formatParisTime(a.date)}
                          </Table.Td>
                          <Table.Td>
                            <Text size="sm" fw={600} c={`${s.color}.9`}>
                              {s.label}
                            </Text>
                            {a.status_session === 2 ? (
                              <Anchor
                                component={Link}
                                to={`/gestion/immeubles/${coproId}/assemblees/${a.id}/proces-verbal`}
                                size="sm"
                                display="inline-block"
                                mih={24}
                              >
                                {pvFr.title}
                              </Anchor>
                            ) : null}
                          </Table.Td>
                          <Table.Td ta="right">{a.resolutions}</Table.Td>
                        </Table.Tr>
                      );
                    })}
                  </Table.Tbody>
                </Table>
              </Paper>
            )
          }
        </QueryState>
      </Stack>
    </Stack>
  );
}
