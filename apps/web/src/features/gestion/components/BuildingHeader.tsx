import { Anchor, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router-dom';
import { gestionFr } from '../fr';
import { useBuilding } from '../queries';

const t = gestionFr.building;
export type BuildingTab = keyof typeof t.tabs;
const SEGMENT: Record<BuildingTab, string> = {
  lots: 'lots',
  owners: 'coproprietaires',
  history: 'historique',
};

/** A building's name, address and its screens as tabs (each its own address). */
export function BuildingHeader({ coproId, tab }: { coproId: string; tab: BuildingTab }) {
  const building = useBuilding(coproId);
  const navigate = useNavigate();
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
      <Tabs
        value={tab}
        onChange={(v) => v && navigate(`/gestion/immeubles/${coproId}/${SEGMENT[v as BuildingTab]}`)}
      >
        <Tabs.List>
          {(Object.keys(t.tabs) as BuildingTab[]).map((k) => (
            <Tabs.Tab key={k} value={k}>
              {t.tabs[k]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
    </Stack>
  );
}
