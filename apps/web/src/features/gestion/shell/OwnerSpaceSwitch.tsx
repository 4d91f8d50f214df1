import { Box, Menu } from '@mantine/core';
import { IconBuildingCommunity } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { useAfterFirstScreen } from '../../../app/afterFirstScreen';
import { spaceFr } from '../frSpace';
import { useConsoleMe } from '../me';

// Only a volunteer syndic sees it: its chunk loads for them alone.
const SpaceSwitch = lazy(() => import('./SpaceSwitch').then((m) => ({ default: m.SpaceSwitch })));

/** Whether the signed-in co-owner also runs a building (asked once the first screen is shown). */
function useRunsBuilding() {
  const after = useAfterFirstScreen();
  return !!useConsoleMe(after).data;
}

/** In the co-owner header, from a tablet's width: the switch to the console. */
export function OwnerSpaceSwitch() {
  if (!useRunsBuilding()) return null;
  return (
    <Box visibleFrom="sm" mr="xs">
      <Suspense fallback={null}>
        <SpaceSwitch current="owner" compact />
      </Suspense>
    </Box>
  );
}

/** In the header's menu on a phone: the way to the console. */
export function OwnerSpaceMenuItem() {
  if (!useRunsBuilding()) return null;
  return (
    <Menu.Item
      leftSection={<IconBuildingCommunity size={16} />}
      component={Link}
      to="/gestion"
      hiddenFrom="sm"
    >
      {spaceFr.gestion}
    </Menu.Item>
  );
}
