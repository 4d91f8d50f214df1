import { ActionIcon, Box, Burger, Group, Menu, Text, UnstyledButton, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDotsVertical, IconLogout, IconUser } from '@tabler/icons-react';
import { positionLabel } from '@tantieme/contract';
import { Link } from 'react-router-dom';
import { ChatMenuItem, ChatShortcut, useChatUnseenAny } from '../../features/chat/ChatShortcut';
import { useCurrentCoproprietaire } from '../../features/coproprietaire/queries';
import { OwnerSpaceMenuItem, OwnerSpaceSwitch } from '../../features/gestion/shell/OwnerSpaceSwitch';
import { MessageShortcut } from '../../features/notifications/MessageShortcut';
import { NotificationBell } from '../../features/notifications/NotificationBell';
import { fr } from '../../i18n/fr';
import { useSession } from '../session';
import { loginPath } from '../guard';
import { SYNDIC_ALIAS_KEY } from '../session';
import { PRODUCT_LOGO_SRC } from '../../ui/logo';

/** Header of SPEC §2.2: sidebar toggle, current co-owner or 'Bonjour', messages, bell, dots menu. */
export function AppHeader({
  sidebarOpened,
  toggleSidebar,
}: {
  sidebarOpened: boolean;
  toggleSidebar: () => void;
}) {
  const { user, signOut } = useSession();
  const { record } = useCurrentCoproprietaire();
  const position = record ? positionLabel(record) : '';
  const building = record?.coproprietes[0]?.name ?? '';
  const theme = useMantineTheme();
  // Below Mantine's sm the chat is in the dots menu (ChatShortcut): the menu then says it is unseen.
  const phone = useMediaQuery(`(max-width: calc(${theme.breakpoints.sm} - 0.0625em))`);
  const chatUnseen = useChatUnseenAny(record?.id) && phone;
  const logout = async () => {
    const alias = localStorage.getItem(SYNDIC_ALIAS_KEY);
    await signOut();
    // SPEC §4 Logout ends with a page reload: nothing of the session stays in memory.
    window.location.replace(loginPath(alias));
  };
  return (
    <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
        <Burger
          opened={sidebarOpened}
          onClick={toggleSidebar}
          size="sm"
          aria-label={fr.header.toggleSidebar}
        />
        {/* On a phone the name and building need the room; home stays in the user sidebar. */}
        <Box component={Link} to="/" aria-label={fr.productName} style={{ display: 'flex' }} visibleFrom="sm">
          <img src={PRODUCT_LOGO_SRC} alt="" width={32} height={32} />
        </Box>
        <div style={{ minWidth: 0 }}>
          {record ? (
            <UnstyledButton
              component={Link}
              to={`/${record.id}/compte`}
              style={{ display: 'block', minWidth: 0 }}
              title={fr.header.coproprietaireInfo}
            >
              {/* A phone's header gives the name a smaller type rather than cutting it. */}
              <Text fw={600} fz={{ base: 'sm', sm: 'md' }} truncate="end" data-testid="header-name" lh={1.25}>
                {record.display_name.fr}
              </Text>
              {/* The building tells apart records that carry the same name. */}
              <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
                <Text size="xs" c="dimmed" truncate="end" lh={1.3} data-testid="header-building">
                  {building}
                </Text>
                {position && (
                  <Text size="xs" c="dimmed" lh={1.3} style={{ flex: 'none' }}>
                    {building && <span aria-hidden>· </span>}
                    <span data-testid="header-position">{position}</span>
                  </Text>
                )}
              </Group>
            </UnstyledButton>
          ) : (
            <Text fw={600} truncate="end" data-testid="header-name">
              {fr.header.hello} {user ? `${user.first_name} ${user.last_name}` : ''}
            </Text>
          )}
        </div>
      </Group>
      <Group gap={0} wrap="nowrap" style={{ flex: 'none' }}>
        <OwnerSpaceSwitch />
        {record && <ChatShortcut coproId={record.id} />}
        {record && <MessageShortcut coproId={record.id} />}
        <NotificationBell />
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon
              variant="subtle"
              size="lg"
              aria-label={chatUnseen ? fr.header.moreWithUnseen : fr.header.more}
              pos="relative"
            >
              <IconDotsVertical size={22} />
              {/* On a phone the chat lives in this menu: a dot says it holds something unseen. */}
              {chatUnseen && (
                <Box
                  aria-hidden
                  pos="absolute"
                  top={5}
                  right={5}
                  w={9}
                  h={9}
                  bg="red.8"
                  style={{ borderRadius: '50%' }}
                  data-testid="more-unseen-dot"
                />
              )}
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <OwnerSpaceMenuItem />
            {record && <ChatMenuItem coproId={record.id} />}
            <Menu.Item leftSection={<IconUser size={16} />} component={Link} to="/user-info">
              {fr.header.profile}
            </Menu.Item>
            <Menu.Item leftSection={<IconLogout size={16} />} color="red" onClick={logout}>
              {fr.header.logout}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Group>
  );
}
