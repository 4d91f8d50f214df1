import { Anchor, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { gestionFr } from '../fr';
import { deskFr } from '../desk/frDesk';
import { useDeskMeetings } from '../desk/meetings';
import { useBuilding } from '../queries';

const t = gestionFr.building;
export type BuildingTab = keyof typeof t.tabs;
const BORDER = '1px solid var(--mantine-color-gray-3)';
const SEGMENT: Record<BuildingTab, string> = {
  lots: 'lots',
  owners: 'coproprietaires',
  budget: 'budget',
  journal: 'journal',
  bank: 'banque',
  invoices: 'factures',
  signalements: 'signalements',
  documents: 'documents',
  assemblies: 'assemblees',
  communications: 'communications',
  history: 'historique',
  collections: 'prelevements',
  debtors: 'impayes',
};

/** A building's name, address and its screens (each its own address, the current one marked). */
export function BuildingHeader({ coproId, tab }: { coproId: string; tab: BuildingTab }) {
  const building = useBuilding(coproId);
  const meetings = useDeskMeetings(coproId);
  const b = building.data;
  return (
    <Stack gap="xs">
      <Anchor component={Link} to="/gestion/immeubles" size="sm" style={{ alignSelf: 'flex-start' }}>
        <Group gap={4} component="span" mih={24}>
          <IconArrowLeft size={16} aria-hidden />
          {t.back}
        </Group>
      </Anchor>
      <div>
        <Title order={1} data-testid="building-name">
          {b?.name ?? gestionFr.loading}
        </Title>
        {b ? (
          <Text c="gray.7" size="sm">
            {b.address.full_address}
          </Text>
        ) : null}
      </div>
      {(meetings.data ?? []).map((m) => (
        <Anchor
          key={m.id}
          component={Link}
          to={`/gestion/immeubles/${coproId}/assemblees/${m.id}/seance`}
          fw={600}
          style={{ alignSelf: 'flex-start' }}
          data-testid="desk-link"
        >
          <Group gap={4} component="span" mih={24}>
            {deskFr.todayLink(m.name)}
          </Group>
        </Anchor>
      ))}
      <Group component="nav" aria-label={t.sections} gap={0} style={{ borderBottom: BORDER }}>
        {(Object.keys(t.tabs) as BuildingTab[]).map((k) => {
          const here = k === tab;
          return (
            <UnstyledButton
              key={k}
              component={Link}
              to={`/gestion/immeubles/${coproId}/${SEGMENT[k]}`}
              aria-current={here ? 'page' : undefined}
              px="md"
              py={10}
              fw={here ? 600 : 400}
              c={here ? 'tantieme.8' : undefined}
              style={{
                borderBottom: here ? '2px solid var(--mantine-color-tantieme-7)' : '2px solid transparent',
                marginBottom: -1,
              }}
            >
              {t.tabs[k]}
            </UnstyledButton>
          );
        })}
      </Group>
    </Stack>
  );
}
