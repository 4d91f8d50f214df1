import { Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { useCurrentCoproprietaire } from '../../features/coproprietaire/queries';
import { fr } from '../../i18n/fr';
import { dashboardMenu, type MenuEntry } from './menu';

/** At most this many entries on the bar, the last one 'Plus' when some do not fit. */
export const MOBILE_BAR_MAX = 5;

/** Which entries keep a place of their own on the bar when not all fit, most wanted first. */
const PRIORITY: MenuEntry['name'][] = ['Home', 'Facture', 'Document', 'Assemblee', 'Invoices', 'Setting'];

/**
 * The bar's entries: SPEC §2.2's mobile rules (Messages hidden, the maintenance log under
 * Documents), then at most five places in the menu's order; when more remain, the four most
 * wanted keep theirs and the rest go under 'Plus'.
 */
export function mobileBarEntries(all: MenuEntry[]): { bar: MenuEntry[]; more: MenuEntry[] } {
  const carnet = all.find((e) => e.name === 'CarnetEntretien');
  const entries = all
    .filter((e) => !e.hideOnMobile && e.name !== 'CarnetEntretien')
    // A council member's working carnet replaces the read-only one under Documents.
    .map((e) =>
      e.name === 'Document' && carnet
        ? { ...e, children: [...(e.children ?? []).filter((c) => c.name !== 'DocumentCarnet'), carnet] }
        : e,
    );
  if (entries.length <= MOBILE_BAR_MAX) return { bar: entries, more: [] };
  const rank = (e: MenuEntry) => {
    const i = PRIORITY.indexOf(e.name);
    return i < 0 ? PRIORITY.length : i;
  };
  const kept = new Set([...entries].sort((a, b) => rank(a) - rank(b)).slice(0, MOBILE_BAR_MAX - 1));
  return { bar: entries.filter((e) => kept.has(e)), more: entries.filter((e) => !kept.has(e)) };
}

function Item({ icon, label, active }: { icon: ReactNode; label: string; active: boolean }) {
  return (
    <>
      {icon}
      <Text fz={12} lh={1.15} ta="center" lineClamp={2} className="mobile-bar-label">
        {label}
      </Text>
      {active && <span className="mobile-bar-dot" />}
    </>
  );
}

/** A bar entry that opens a menu (Documents, Plus): its links are tall enough for a finger. */
function MenuItem({
  entry,
  links,
  active,
  base,
}: {
  entry: { name: string; label: string; icon: ReactNode };
  links: MenuEntry[];
  active: boolean;
  base: string;
}) {
  return (
    <Menu position="top-end" withinPortal>
      <Menu.Target>
        <UnstyledButton
          className="mobile-bar-item"
          data-active={active || undefined}
          data-testid={`bar-${entry.name}`}
        >
          <Item icon={entry.icon} label={entry.label} active={active} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {links.map((c) => (
          <Menu.Item key={c.name} component={Link} to={`${base}/${c.segment}`} leftSection={c.icon} mih={44}>
            {c.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** Bottom bar on phones (SPEC §2.2: five places at most, 12 px labels, 44 px targets). */
export function MobileBar() {
  const { coproId } = useParams();
  const { record } = useCurrentCoproprietaire();
  const { pathname } = useLocation();
  const base = `/${coproId}`;
  const { bar, more } = mobileBarEntries(dashboardMenu(record));
  const at = (segment: string) => pathname.startsWith(`${base}/${segment}`);
  // Inside 'Plus', Documents' children are listed flat.
  const moreLinks = more.flatMap((e) => e.children ?? [e]);
  return (
    <Group
      component="nav"
      aria-label={fr.header.mainNav}
      h="100%"
      gap={0}
      justify="space-around"
      wrap="nowrap"
    >
      {bar.map((e) =>
        e.children ? (
          <MenuItem key={e.name} entry={e} links={e.children} active={at(e.segment)} base={base} />
        ) : (
          <UnstyledButton
            key={e.name}
            component={Link}
            to={`${base}/${e.segment}`}
            className="mobile-bar-item"
            data-active={at(e.segment) || undefined}
            aria-current={at(e.segment) ? 'page' : undefined}
            data-testid={`bar-${e.name}`}
          >
            <Item icon={e.icon} label={e.label} active={at(e.segment)} />
          </UnstyledButton>
        ),
      )}
      {moreLinks.length > 0 && (
        <MenuItem
          entry={{ name: 'More', label: fr.menu.More, icon: <IconDots size={20} /> }}
          links={moreLinks}
          active={more.some((e) => at(e.segment))}
          base={base}
        />
      )}
    </Group>
  );
}
