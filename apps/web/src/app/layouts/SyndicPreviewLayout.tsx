import { Alert, AppShell, Burger, Group, NavLink, ScrollArea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { STORAGE_KEYS } from '@tantieme/contract';
import { Suspense, useEffect } from 'react';
import { Link, Outlet, useLocation, useParams, useSearchParams } from 'react-router-dom';
import { fr } from '../../i18n/fr';
import { LoadingOverlay } from '../../ui/LoadingOverlay';
import { PRODUCT_LOGO_SRC } from '../../ui/logo';

/**
 * Read-only syndic preview (SPEC §2.1): sidebar only. The spt query parameter is kept for
 * the tab and sent as the preview-token header on every call.
 */
export function SyndicPreviewLayout() {
  const { coproId } = useParams();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const spt = params.get('spt');
  // On phones the sidebar is a drawer behind a burger, so the page itself stays visible.
  const [navOpened, { toggle: toggleNav, close: closeNav }] = useDisclosure(false);
  useEffect(() => {
    if (spt) sessionStorage.setItem(STORAGE_KEYS.SPT, spt);
  }, [spt]);
  if (spt && sessionStorage.getItem(STORAGE_KEYS.SPT) !== spt) sessionStorage.setItem(STORAGE_KEYS.SPT, spt);
  const base = `/syndic-preview/${coproId}`;
  const m = fr.menu;
  const items = [
    { to: `${base}/home`, label: m.Home },
    { to: `${base}/invoices`, label: m.Invoices },
    { to: `${base}/document/fonctionnement`, label: m.DocumentFonction },
    { to: `${base}/document/copropriete`, label: m.DocumentCopropriete },
    { to: `${base}/document/syndic`, label: m.DocumentSyndic },
    { to: `${base}/facture-v2`, label: m.Facture },
  ];
  return (
    <AppShell
      header={{ height: { base: 48, sm: 0 } }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding="md"
    >
      <AppShell.Header hiddenFrom="sm">
        <Group h="100%" px="md">
          <Burger opened={navOpened} onClick={toggleNav} size="sm" aria-label={fr.header.mainNav} />
          <img src={PRODUCT_LOGO_SRC} alt={fr.productName} width={28} height={28} />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar>
        <ScrollArea component="nav" aria-label={fr.header.mainNav} p="xs">
          {items.map((i) => (
            <NavLink
              key={i.to}
              component={Link}
              to={i.to}
              label={i.label}
              active={pathname === i.to}
              onClick={closeNav}
            />
          ))}
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main id="main" tabIndex={-1}>
        <Alert color="yellow" mb="md" title={fr.preview.banner} />
        <Suspense fallback={<LoadingOverlay />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
