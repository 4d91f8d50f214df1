import { NavLink, ScrollArea } from '@mantine/core';
import {
  IconAlertTriangle,
  IconBuilding,
  IconHome,
  IconMessages,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { ConsoleMe } from '@tantieme/contract';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { gestionFr } from '../fr';
import { may } from '../me';

const t = gestionFr.nav;

interface Entry {
  to: string;
  label: string;
  icon: ReactNode;
}

/** The console's entries; Équipe only for who manages the staff (the administrateur). */
export function consoleMenu(me: ConsoleMe): Entry[] {
  const I = 20;
  const entries: Entry[] = [
    { to: '/gestion', label: t.home, icon: <IconHome size={I} /> },
    { to: '/gestion/immeubles', label: t.buildings, icon: <IconBuilding size={I} /> },
    { to: '/gestion/coproprietaires', label: t.owners, icon: <IconUsers size={I} /> },
    { to: '/gestion/signalements', label: t.signalements, icon: <IconAlertTriangle size={I} /> },
    { to: '/gestion/messagerie', label: t.messaging, icon: <IconMessages size={I} /> },
  ];
  if (may(me, 'staff.manage'))
    entries.push({ to: '/gestion/equipe', label: t.team, icon: <IconUsersGroup size={I} /> });
  return entries;
}

/** The side navigation of the console. */
export function ConsoleNav({ me, onNavigate }: { me: ConsoleMe; onNavigate(): void }) {
  const { pathname } = useLocation();
  const isActive = (to: string) =>
    to === '/gestion' ? pathname === '/gestion' || pathname === '/gestion/' : pathname.startsWith(to);
  return (
    <ScrollArea component="nav" aria-label={t.label} p="xs">
      {consoleMenu(me).map((e) => (
        <NavLink
          key={e.to}
          component={Link}
          to={e.to}
          label={e.label}
          leftSection={e.icon}
          active={isActive(e.to)}
          aria-current={isActive(e.to) ? 'page' : undefined}
          onClick={onNavigate}
        />
      ))}
    </ScrollArea>
  );
}
