import { AppShell, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense } from 'react';
import { Outlet, useParams } from 'react-router-dom';
import { DisabledRecord } from '../../features/coproprietaire/DisabledRecord';
import { PendingAttachCheck } from '../../features/coproprietaire/PendingAttach';
import { OfflineBanner } from '../../features/install/OfflineBanner';
import { NotificationsLive } from '../../features/notifications/NotificationsLive';
import { useCoproprietaires } from '../../features/coproprietaire/queries';
import { OnboardingRedirect } from '../../features/onboarding/OnboardingRedirect';
import { fr } from '../../i18n/fr';
import { useWideLayout } from '../../ui/layout';
import { LoadingOverlay } from '../../ui/LoadingOverlay';
import { NotFound } from '../../ui/NotFound';
import { AppHeader } from '../shell/AppHeader';
import { DashboardNav } from '../shell/DashboardNav';
import { MobileBar } from '../shell/MobileBar';
import { LazyUserSidebar } from '../shell/LazyUserSidebar';

/** Dashboard layout: header, left sidebar on large screens, user sidebar, bottom bar on phones. */
export function DashboardLayout() {
  const [sidebar, { toggle, close }] = useDisclosure(false);
  const { coproId } = useParams();
  const list = useCoproprietaires();
  // The left sidebar shows from the md breakpoint, the bottom bar below it: only the one shown is
  // rendered (a phone's first screen renders ~100 fewer elements).
  const wide = useWideLayout();
  if (list.isLoading) return <LoadingOverlay />;
  const current = list.data?.find((r) => r.id === coproId);
  const known = !!current;
  // SPEC §4: a record of a disabled syndic cannot be selected, not even by its URL.
  const disabled = !!current?.coproprietes[0]?.syndic_disable;
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 250, breakpoint: 'md', collapsed: { mobile: true } }}
      // The bottom bar shows below md only: no room kept for it on a desktop.
      footer={{ height: { base: 64, md: 0 }, collapsed: false }}
      padding="md"
    >
      <AppShell.Header>
        <AppHeader sidebarOpened={sidebar} toggleSidebar={toggle} />
      </AppShell.Header>
      {wide ? (
        <AppShell.Navbar visibleFrom="md">
          <DashboardNav />
        </AppShell.Navbar>
      ) : null}
      <AppShell.Main id="main" tabIndex={-1}>
        <LazyUserSidebar opened={sidebar} onClose={close} />
        {known && !disabled ? <OnboardingRedirect /> : null}
        <PendingAttachCheck />
        <NotificationsLive />
        <OfflineBanner />
        <Suspense fallback={<LoadingOverlay />}>
          {disabled ? <DisabledRecord /> : known ? <Outlet /> : <NotFound />}
        </Suspense>
        <Text size="xs" c="dimmed" ta="center" mt="xl" visibleFrom="md">
          {fr.footer(new Date().getFullYear())}
        </Text>
      </AppShell.Main>
      {wide ? null : (
        <AppShell.Footer hiddenFrom="md">
          <MobileBar />
        </AppShell.Footer>
      )}
    </AppShell>
  );
}
