import { Button, Menu } from '@mantine/core';
import { IconBuildingCommunity } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useAfterFirstScreen } from '../../../app/afterFirstScreen';
import { spaceFr } from '../frSpace';
import { useConsoleMe } from '../me';

/** Whether the signed-in co-owner also runs a building (asked once the first screen is shown). */
function useRunsBuilding() {
  const after = useAfterFirstScreen();
  return !!useConsoleMe(after).data;
}

/**
 * In the co-owner header, from a tablet's width: the way to the console (the console's header
 * shows both spaces; here the name and building need the room).
 */
export function OwnerSpaceSwitch() {
  if (!useRunsBuilding()) return null;
  return (
    <Button
      component={Link}
      to="/gestion"
      size="compact-sm"
      variant="default"
      mr="xs"
      visibleFrom="sm"
      leftSection={<IconBuildingCommunity size={16} />}
      data-testid="space-gestion"
    >
      {spaceFr.gestion}
    </Button>
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
