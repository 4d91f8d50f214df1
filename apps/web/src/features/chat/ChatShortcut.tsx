import { ActionIcon, Indicator, Tooltip } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { badgeCount } from '@tantieme/contract';
import { Link } from 'react-router-dom';
import { chatFr as t } from './fr';
import { useChatLive, useChatUnseen } from './queries';

/** Header shortcut to the messaging page with the record's unseen chat messages (capped '+9'). */
export function ChatShortcut({ coproId }: { coproId: string }) {
  useChatLive(coproId);
  const n = useChatUnseen(coproId).data ?? 0;
  return (
    <Indicator label={badgeCount(n)} disabled={n <= 0} color="red.8" size={18} offset={6} inline>
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
