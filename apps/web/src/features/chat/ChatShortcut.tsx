import { ActionIcon, Badge, Indicator, Menu, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { badgeCount } from '@tantieme/contract';
import { Link } from 'react-router-dom';
import { chatFr as t } from './fr';
import { useChatLive, useChatUnseen } from './queries';

/**
 * Header shortcut to the messaging page with the record's unseen chat messages (capped '+9').
 * From a tablet up: on a phone the header keeps the envelope and the bell, and the chat is a
 * named entry of the dots menu (`ChatMenuItem`), so three look-alike badged icons do not crowd
 * out the building's name.
 */
export function ChatShortcut({ coproId }: { coproId: string }) {
  useChatLive(coproId);
  const n = useChatUnseen(coproId).data ?? 0;
  return (
    <Indicator
      visibleFrom="sm"
      label={badgeCount(n)}
      disabled={n <= 0}
      color="red.8"
      size={18}
      offset={6}
      inline
    >
      <Tooltip label={t.shortcutHint}>
        <ActionIcon
          component={Link}
          to={`/${coproId}/messaging`}
          variant="subtle"
          size="lg"
          aria-label={t.shortcutLabel(n)}
          data-testid="chat-shortcut"
          data-unseen={n}
        >
          <IconMessages size={22} />
        </ActionIcon>
      </Tooltip>
    </Indicator>
  );
}

/** The chat's entry in the header's dots menu on a phone, its unseen count beside the name. */
export function ChatMenuItem({ coproId }: { coproId: string }) {
  const n = useChatUnseen(coproId).data ?? 0;
  return (
    <Menu.Item
      hiddenFrom="sm"
      leftSection={<IconMessages size={16} />}
      rightSection={
        n > 0 ? (
          <Badge color="red.8" size="sm" circle={n < 10} aria-hidden>
            {badgeCount(n)}
          </Badge>
        ) : undefined
      }
      component={Link}
      to={`/${coproId}/messaging`}
      data-testid="chat-menu-item"
    >
      {/* The count is read as words after the name (« Messagerie, 2 non lus »), the badge shown. */}
      {t.menuLabel}
      {n > 0 ? <VisuallyHidden>{t.shortcutLabel(n).slice(t.menuLabel.length)}</VisuallyHidden> : null}
    </Menu.Item>
  );
}

/** Whether the record has unseen chat messages: the dots menu shows a dot on a phone. */
export const useChatUnseenAny = (coproId: string | undefined) => (useChatUnseen(coproId).data ?? 0) > 0;
