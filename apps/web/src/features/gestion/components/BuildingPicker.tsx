import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { QueryState } from './QueryState';
import { gestionFr } from '../fr';
import { usePortfolio } from '../queries';

/**
 * The buildings as links to one of their screens: what a page across the portfolio shows until
 * a building is chosen.
 */
export function BuildingPicker({ title, hint, segment }: { title: string; hint: string; segment: string }) {
  const portfolio = usePortfolio();
  return (
    <Stack gap="lg" maw={900}>
      <Title order={1}>{title}</Title>
      <Text c="gray.7">{hint}</Text>
      <QueryState query={portfolio}>
        {(data) =>
          data.buildings.length === 0 ? (
            <Text c="gray.7">{gestionFr.buildings.empty}</Text>
          ) : (
            <Paper withBorder p="sm">
              <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
                {data.buildings.map((b) => (
                  <li key={b.id}>
                    <Anchor component={Link} to={`/gestion/immeubles/${b.id}/${segment}`} fw={500}>
                      {b.name}
                    </Anchor>
                    <Text span size="sm" c="gray.7">
                      {' '}
                      · {b.full_address} · {gestionFr.home.owners(b.coproprietaires)}
                    </Text>
                  </li>
                ))}
              </Stack>
            </Paper>
          )
        }
      </QueryState>
    </Stack>
  );
}
