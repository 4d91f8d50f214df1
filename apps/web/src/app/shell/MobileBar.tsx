import { Group, Menu, UnstyledButton, Text } from '@mantine/core';
import { Link, useLocation, useParams } from 'react-router-dom';
import { useCurrentCoproprietaire } from '../../features/coproprietaire/queries';
import { fr } from '../../i18n/fr';
import { dashboardMenu, type MenuEntry } from './menu';
import classes from './MobileBar.module.css';

/**
 * Bottom bar on phones (SPEC §2.2): Messages is hidden (the header has a shortcut) and the
 * maintenance log moves under Documents.
 */
export function MobileBar() {
  const { coproId } = useParams();
  const { record } = useCurrentCoproprietaire();
  const { pathname } = useLocation();
  const base = `/${coproId}`;
  const all = dashboardMenu(record);
  const carnet = all.find((e) => e.name === 'CarnetEntretien');
  const entries = all
    .filter((e) => !e.hideOnMobile && e.name !== 'CarnetEntretien')
    .map((e) => (e.name === 'Document' && carnet ? { ...e, children: [...(e.children ?? []), carnet] } : e));
  const item = (e: MenuEntry, active: boolean) => (
    <>
      {e.icon}
      <Text size="10px" lh={1.1} ta="center" lineClamp={2}>
        {e.label}
      </Text>
      {active && <span className={classes.dot} />}
    </>
  );
  return (
    <Group
      component="nav"
      aria-label={fr.header.mainNav}
      h="100%"
      gap={0}
      justify="space-around"
      wrap="nowrap"
    >
      {entries.map((e) =>
        e.children ? (
          <Menu key={e.name} position="top" withinPortal>
            <Menu.Target>
              <UnstyledButton
                className={classes.item}
                data-active={pathname.startsWith(`${base}/document`) || undefined}
              >
                {item(e, pathname.startsWith(`${base}/document`))}
              </UnstyledButton>
            </Menu.Target>
            <Menu.Dropdown>
              {e.children.map((c) => (
                <Menu.Item key={c.name} component={Link} to={`${base}/${c.segment}`}>
                  {c.label}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        ) : (
          <UnstyledButton
            key={e.name}
            component={Link}
            to={`${base}/${e.segment}`}
            className={classes.item}
            data-active={pathname.startsWith(`${base}/${e.segment}`) || undefined}
            aria-current={pathname.startsWith(`${base}/${e.segment}`) ? 'page' : undefined}
          >
            {item(e, pathname.startsWith(`${base}/${e.segment}`))}
          </UnstyledButton>
        ),
      )}
    </Group>
  );
}
