import { ActionIcon, Alert, Anchor, Box, Button, Group, Indicator, Popover, Text } from '@mantine/core';
import { IconBell, IconBellOff } from '@tabler/icons-react';
import { badgeCount, NOTIFICATION_DROPDOWN_MAX_HEIGHT } from '@tantieme/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { NotificationsFeed } from './components/NotificationsFeed';
import { t } from './fr';
import { askPushPermission, canAskPush, isBlocked } from './push';
import { keys, useUnreadNotifications } from './queries';

/**
 * Header bell with the dropdown of SPEC §2.21 (max height 650 px): paging reset on open,
 * counts refreshed on close, the blocked text when browser notifications are blocked.
 */
export function NotificationBell() {
  const { coproId } = useParams();
  const qc = useQueryClient();
  const unread = useUnreadNotifications(coproId);
  const n = unread.data ?? 0;
  const [opened, setOpened] = useState(false);
  const [openCount, setOpenCount] = useState(0);
  const [total, setTotal] = useState(0);
  const [blocked, setBlockedState] = useState(isBlocked);
  const [askable, setAskable] = useState(canAskPush);
  useEffect(() => {
    const sync = () => {
      setBlockedState(isBlocked());
      setAskable(canAskPush());
    };
    window.addEventListener('tantieme-push-permission', sync);
    return () => window.removeEventListener('tantieme-push-permission', sync);
  }, []);

  const toggle = (next: boolean) => {
    setOpened(next);
    if (next) {
      setOpenCount((c) => c + 1);
      setBlockedState(isBlocked());
      setAskable(canAskPush());
    } else {
      qc.invalidateQueries({ queryKey: [...keys.notifications, 'count'] });
    }
  };
  const allPath = coproId ? `/${coproId}/notifications` : '/notifications';

  return (
    <Popover
      opened={opened}
      onChange={toggle}
      position="bottom-end"
      width="min(420px, calc(100vw - 16px))"
      shadow="md"
      withinPortal
      trapFocus
    >
      {/* The target is the button itself (aria-expanded belongs on it, not on the badge's box). */}
      <Indicator
        label={badgeCount(n)}
        disabled={n <= 0}
        color="red.8"
        size={18}
        offset={6}
        inline
        data-testid="bell-badge"
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            size="lg"
            aria-label={t.bellLabel(n)}
            onClick={() => toggle(!opened)}
            data-testid="notification-bell"
          >
            {blocked ? <IconBellOff size={22} /> : <IconBell size={22} />}
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown p={0} data-testid="bell-dropdown">
        <Box
          style={{ maxHeight: NOTIFICATION_DROPDOWN_MAX_HEIGHT, display: 'flex', flexDirection: 'column' }}
        >
          <Group
            justify="space-between"
            px="sm"
            py="xs"
            style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
          >
            <Text fw={700}>{t.titleWithTotal(t.notificationsTitle, total)}</Text>
            <Anchor component={Link} to={allPath} size="sm" onClick={() => toggle(false)}>
              {t.seeAll}
            </Anchor>
          </Group>
          {blocked && (
            <Alert color="red" variant="light" m="xs" p="xs" data-testid="bell-blocked">
              <Text size="sm" fw={600}>
                {t.blocked}
              </Text>
              <Anchor href={t.blockedHelpUrl} target="_blank" rel="noreferrer" size="sm">
                {t.blockedHelp}
              </Anchor>
            </Alert>
          )}
          {askable && !blocked && (
            <Button
              variant="light"
              size="xs"
              m="xs"
              style={{ flex: 'none' }}
              onClick={() => {
                toggle(false);
                askPushPermission();
              }}
            >
              {t.enablePush}
            </Button>
          )}
          {opened && (
            <NotificationsFeed
              coproId={coproId}
              onlyUnread={false}
              maxHeight={NOTIFICATION_DROPDOWN_MAX_HEIGHT - 60}
              resetSignal={openCount}
              onTotal={setTotal}
              testId="bell-list"
            />
          )}
        </Box>
      </Popover.Dropdown>
    </Popover>
  );
}
