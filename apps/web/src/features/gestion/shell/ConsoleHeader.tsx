import { ActionIcon, Box, Burger, Group, Menu, Text } from '@mantine/core';
import { IconDotsVertical, IconLogout, IconUser } from '@tabler/icons-react';
import { CONSOLE_ROLE_LABELS, type ConsoleMe } from '@tantieme/contract';
import { Link } from 'react-router-dom';
import { loginPath } from '../../../app/guard';
import { SYNDIC_ALIAS_KEY, useSession } from '../../../app/session';
import { PRODUCT_LOGO_SRC } from '../../../ui/logo';
import { gestionFr } from '../fr';
import { SpaceSwitch } from './SpaceSwitch';

const t = gestionFr.header;

/** The console's header: the syndic, who is signed in and as what, the switch, the user menu. */
export function ConsoleHeader({
  me,
  navOpened,
  toggleNav,
}: {
  me: ConsoleMe;
  navOpened: boolean;
  toggleNav(): void;
}) {
  const { signOut } = useSession();
  const logout = async () => {
    const alias = localStorage.getItem(SYNDIC_ALIAS_KEY);
    await signOut();
    window.location.replace(loginPath(alias));
  };
  return (
    <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
        <Burger opened={navOpened} onClick={toggleNav} size="sm" hiddenFrom="sm" aria-label={t.toggleNav} />
        <Box component={Link} to="/gestion" aria-label={gestionFr.nav.home} style={{ display: 'flex' }}>
          <img src={PRODUCT_LOGO_SRC} alt="" width={32} height={32} />
        </Box>
        <div style={{ minWidth: 0 }}>
          <Text fw={600} truncate="end" lh={1.25} data-testid="console-syndic">
            {me.kind === 'benevole' && me.buildings.length === 1 ? me.buildings[0].name : me.syndic.name}
          </Text>
          <Text size="xs" c="gray.7" truncate="end" lh={1.3} data-testid="console-who">
            {t.roleOf(me.user.display_name, CONSOLE_ROLE_LABELS[me.role])}
          </Text>
        </div>
      </Group>
      <Group gap="xs" wrap="nowrap" style={{ flex: 'none' }}>
        {me.has_coproprietaire_space ? (
          <Box visibleFrom="sm">
            <SpaceSwitch current="gestion" compact />
          </Box>
        ) : null}
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" size="lg" aria-label={t.more}>
              <IconDotsVertical size={22} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {me.has_coproprietaire_space ? (
              <Menu.Item component={Link} to="/" state={{ stayHome: true }} hiddenFrom="sm">
                {gestionFr.space.owner}
              </Menu.Item>
            ) : null}
            <Menu.Item leftSection={<IconUser size={16} />} component={Link} to="/user-info">
              {t.profile}
            </Menu.Item>
            <Menu.Item leftSection={<IconLogout size={16} />} color="red" onClick={logout}>
              {t.logout}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Group>
  );
}
