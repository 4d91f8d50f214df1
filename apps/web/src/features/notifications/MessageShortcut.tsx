import { ActionIcon, Badge, Indicator, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { badgeCount } from '@tantieme/contract';
import { Link } from 'react-router-dom';
import { t } from './fr';
import { useUnreadMessages } from './queries';

/**
 * Header message shortcut with the record's unread messages (SPEC §2.2, capped '+9'): the
 * envelope of the menu's 'Messages' entry, apart from the chat's speech bubbles.
 */
export function MessageShortcut({ coproId }: { coproId: string }) {
  const n = useUnreadMessages(coproId).data ?? 0;
  return (
    <Indicator label={badgeCount(n)} disabled={n <= 0} color="red.8" size={18} offset={6} inline>
      <Tooltip label={t.messagesShortcut}>
        <ActionIcon
          component={Link}
          to={`/${coproId}/messages-communication`}
          variant="subtle"
          size="lg"
          aria-label={t.messagesLabel(n)}
          data-testid="message-shortcut"
        >
          <IconMail size={22} />
        </ActionIcon>
      </Tooltip>
    </Indicator>
  );
}

/** The unread badge of the 'Messages' menu entry (SPEC §2.2). */
export function MessagesBadge({ coproId }: { coproId: string | undefined }) {
  const n = useUnreadMessages(coproId).data ?? 0;
  if (n <= 0) return null;
  // The count is read as words beside the entry's name ('Messages, 4 non lus'), the badge shown.
  return (
    <>
      <Badge color="red.8" size="sm" circle={n < 10} aria-hidden>
        {badgeCount(n)}
      </Badge>
      <VisuallyHidden>{t.unreadSuffix(n)}</VisuallyHidden>
    </>
  );
}
