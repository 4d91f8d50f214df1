import { Anchor, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { QueryState } from '../components/QueryState';
import { gestionFr } from '../fr';
import { may, useConsoleMe } from '../me';
import { usePortfolio } from '../queries';

const t = gestionFr.buildings;
const h = gestionFr.home;

/** Every building within reach, and the way to create one. */
export default function BuildingsPage() {
  const me = useConsoleMe().data;
  const portfolio = usePortfolio();
  return (
    <Stack gap="lg" maw={1200}>
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>{t.title}</Title>
        {may(me, 'building.create') ? (
          <Button component={Link} to="/gestion/immeubles/nouveau" leftSection={<IconPlus size={18} />}>
            {t.new}
          </Button>
        ) : null}
      </Group>
      <QueryState query={portfolio}>
        {(data) =>
          data.buildings.length === 0 ? (
            <Text c="gray.7">{t.empty}</Text>
          ) : (
            <Paper withBorder>
              <Table.ScrollContainer minWidth={560}>
                <Table verticalSpacing="sm" highlightOnHover>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t.name}</Table.Th>
                      <Table.Th>{t.address}</Table.Th>
                      <Table.Th ta="right">{gestionFr.lots.title}</Table.Th>
                      <Table.Th ta="right">{gestionFr.owners.title}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.buildings.map((b) => (
                      <Table.Tr key={b.id}>
                        <Table.Td>
                          <Anchor component={Link} to={`/gestion/immeubles/${b.id}`} fw={500}>
                            {b.name}
                          </Anchor>
                        </Table.Td>
                        <Table.Td>{b.full_address}</Table.Td>
                        <Table.Td ta="right">{b.lots}</Table.Td>
                        <Table.Td ta="right">
                          <Anchor component={Link} to={`/gestion/immeubles/${b.id}/coproprietaires`}>
                            {h.owners(b.coproprietaires)}
                          </Anchor>
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
