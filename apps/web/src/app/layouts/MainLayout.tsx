import { AppShell, Container, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense } from 'react';
import { Navigate, Outlet, useParams } from 'react-router-dom';
import { PendingAttachCheck } from '../../features/coproprietaire/PendingAttach';
import { NotificationsLive } from '../../features/notifications/NotificationsLive';
import { fr } from '../../i18n/fr';
import { LoadingOverlay } from '../../ui/LoadingOverlay';
import { useSession } from '../session';
import { AppHeader } from '../shell/AppHeader';
import { LazyUserSidebar } from '../shell/LazyUserSidebar';

/** Main layout (home, profile, all notifications): header and user sidebar. */
export function MainLayout() {
  const [sidebar, { toggle, close }] = useDisclosure(false);
  const { user } = useSession();
  const { syndic } = useParams();
  // SPEC §2.1: a signed-in user without a phone goes to /register in link_phone mode.
  if (user && !user.phone)
    return (
      <Navigate to={`${syndic ? `/s/${encodeURIComponent(syndic)}` : ''}/register?mode=link_phone`} replace />
    );
  return (
    <AppShell header={{ height: 60 }} padding="md">
      <AppShell.Header>
        <AppHeader sidebarOpened={sidebar} toggleSidebar={toggle} />
      </AppShell.Header>
      <AppShell.Main id="main" tabIndex={-1}>
        <LazyUserSidebar opened={sidebar} onClose={close} />
        <PendingAttachCheck />
        <NotificationsLive />
        <Container size="lg" px={0}>
          <Suspense fallback={<LoadingOverlay />}>
            <Outlet />
          </Suspense>
        </Container>
        <Text size="xs" c="dimmed" ta="center" mt="xl">
          {fr.footer(new Date().getFullYear())}
        </Text>
      </AppShell.Main>
    </AppShell>
  );
}
