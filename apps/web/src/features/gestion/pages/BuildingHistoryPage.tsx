import { Paper, Stack, Table, Text } from '@mantine/core';
import { formatDate } from '@tantieme/contract';
import { useParams } from 'react-router-dom';
import { BuildingHeader } from '../components/BuildingHeader';
import { QueryState } from '../components/QueryState';
import { gestionFr } from '../fr';
import { useHistory } from '../queries';

const t = gestionFr.history;

/** Every write on the building, from the console, the syndic API or an import: who, when, what. */
export default function BuildingHistoryPage() {
  const { coproId = '' } = useParams();
  const history = useHistory(coproId);
  return (
    <Stack gap="lg" maw={1200}>
      <BuildingHeader coproId={coproId} tab="history" />
      <QueryState query={history}>
        {(data) =>
          data.lines.length === 0 ? (
            <Text c="gray.7">{t.empty}</Text>
          ) : (
            <Paper withBorder>
              <Table.ScrollContainer minWidth={560}>
                <Table verticalSpacing="xs" striped>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">{t.when}</Table.Th>
                      <Table.Th scope="col">{t.who}</Table.Th>
                      <Table.Th scope="col">{t.what}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.lines.map((l) => (
                      <Table.Tr key={l.id}>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(l.at)}</Table.Td>
                        <Table.Td>
                          {l.actor.name}
                          <Text span size="xs" c="gray.7">
                            {' '}
                            ({t.actors[l.actor.kind]})
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          {l.action} · {l.resource}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Paper>
          )
        }
      </QueryState>
    </Stack>
  );
}
