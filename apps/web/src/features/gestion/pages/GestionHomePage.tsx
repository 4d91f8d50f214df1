import { Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { StaffInboxLink } from '../../chat/StaffInboxLink';
import { BuildingCard } from '../components/BuildingCard';
import { PortfolioSearch } from '../components/PortfolioSearch';
import { QueryState } from '../components/QueryState';
import { gestionFr } from '../fr';
import { may, useConsoleMe } from '../me';
import { usePortfolio } from '../queries';

const t = gestionFr.home;
/** A national syndic's home shows this many buildings, the most to do first, and a link to all. */
const HOME_FIRST = 50;

/** The syndic's dashboard: every building within reach with what needs action, and the search. */
export default function GestionHomePage() {
  const me = useConsoleMe().data;
  const [all, setAll] = useState(false);
  const portfolio = usePortfolio({ sort: 'actions', limit: all ? undefined : HOME_FIRST });
  const canCreate = may(me, 'building.create');
  return (
    <Stack gap="lg" maw={1200}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1}>{t.title}</Title>
          {me ? (
            <Text c="gray.7">{me.kind === 'benevole' ? t.introBenevole : t.intro(me.syndic.name)}</Text>
          ) : null}
        </div>
        {canCreate ? (
          <Button component={Link} to="/gestion/immeubles/nouveau" leftSection={<IconPlus size={18} />}>
            {t.newBuilding}
          </Button>
        ) : null}
      </Group>
      <PortfolioSearch />
      <StaffInboxLink />
      <QueryState query={portfolio}>
        {(data) =>
          data.buildings.length === 0 ? (
            <Text c="gray.7" py="lg">
              {canCreate ? t.empty : t.emptyAssigned}
            </Text>
          ) : (
            <Stack gap="md">
              {data.total > HOME_FIRST ? (
                <Group justify="space-between" wrap="wrap">
                  <Text c="gray.7">{all ? null : t.firstOf(data.buildings.length, data.total)}</Text>
                  <Button variant="light" onClick={() => setAll(!all)}>
                    {all ? t.seeFirst(HOME_FIRST) : t.seeAll(data.total)}
                  </Button>
                </Group>
              ) : null}
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
                {data.buildings.map((b) => (
                  <BuildingCard key={b.id} b={b} thresholdCents={data.balance_threshold_cents} />
                ))}
              </SimpleGrid>
            </Stack>
          )
        }
      </QueryState>
    </Stack>
  );
}
