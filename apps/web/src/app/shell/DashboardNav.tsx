import { NavLink, ScrollArea } from '@mantine/core';
import { Link, useLocation, useParams } from 'react-router-dom';
import { useCurrentCoproprietaire } from '../../features/coproprietaire/queries';
import { MessagesBadge } from '../../features/notifications/MessageShortcut';
import { fr } from '../../i18n/fr';
import { dashboardMenu } from './menu';

/** Left sidebar on large screens. */
export function DashboardNav() {
  const { coproId } = useParams();
  const { record } = useCurrentCoproprietaire();
  const { pathname } = useLocation();
  const base = `/${coproId}`;
  const entries = dashboardMenu(record);
  return (
    <ScrollArea component="nav" aria-label={fr.header.mainNav} p="xs">
      {entries.map((e) =>
        e.children ? (
          <NavLink
            key={e.name}
            // Expands its children: a button, not a link without href.
            component="button"
            type="button"
            label={e.label}
            leftSection={e.icon}
            defaultOpened={pathname.startsWith(`${base}/${e.segment}`)}
            childrenOffset={28}
          >
            {e.children.map((c) => (
              <NavLink
                key={c.name}
                component={Link}
                to={`${base}/${c.segment}`}
                label={c.label}
                active={pathname === `${base}/${c.segment}`}
              />
            ))}
          </NavLink>
        ) : (
          <NavLink
            key={e.name}
            component={Link}
            to={`${base}/${e.segment}`}
            label={e.label}
            leftSection={e.icon}
            rightSection={
              e.name === 'MessagesCommunication' ? <MessagesBadge coproId={coproId} /> : undefined
            }
            active={pathname.startsWith(`${base}/${e.segment}`)}
          />
        ),
      )}
    </ScrollArea>
  );
}
