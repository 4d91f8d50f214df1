import { ActionIcon } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { Link, useParams } from 'react-router-dom';
import { fr } from '../../i18n/fr';

/** Header bell; the notifications feature turns it into the dropdown of SPEC §2.21. */
export function NotificationBell() {
  const { coproId } = useParams();
  return (
    <ActionIcon
      component={Link}
      to={coproId ? `/${coproId}/notifications` : '/notifications'}
      variant="subtle"
      size="lg"
      aria-label={fr.header.notifications}
    >
      <IconBell size={22} />
    </ActionIcon>
  );
}
