import { Button, Group } from '@mantine/core';
import { IconBuildingCommunity, IconHome } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { spaceFr as t } from '../frSpace';

/**
 * The switch of a volunteer syndic (a co-owner who is also syndic of the building) between the
 * two spaces: two links, the current one marked. Coming to '/' from here shows the co-owner's
 * own home (no landing back into the console).
 */
export function SpaceSwitch({
  current,
  compact = false,
}: {
  current: 'owner' | 'gestion';
  compact?: boolean;
}) {
  const link = (space: 'owner' | 'gestion') => {
    const here = space === current;
    return (
      <Button
        component={Link}
        to={space === 'owner' ? '/' : '/gestion'}
        state={space === 'owner' ? { stayHome: true } : undefined}
        size={compact ? 'compact-sm' : 'sm'}
        variant={here ? 'filled' : 'default'}
        aria-current={here ? 'true' : undefined}
        leftSection={space === 'owner' ? <IconHome size={16} /> : <IconBuildingCommunity size={16} />}
        data-testid={`space-${space}`}
      >
        {space === 'owner' ? t.owner : t.gestion}
      </Button>
    );
  };
  return (
    <Group gap={4} wrap="nowrap" role="group" aria-label={t.label}>
      {link('owner')}
      {link('gestion')}
    </Group>
  );
}
