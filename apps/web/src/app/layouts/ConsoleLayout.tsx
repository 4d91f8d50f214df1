import { Alert, AppShell, Button, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense } from 'react';
import { Link, Outlet } from 'react-router-dom';
import { gestionFr } from '../../features/gestion/fr';
import { useConsoleMe } from '../../features/gestion/me';
import { ConsoleHeader } from '../../features/gestion/shell/ConsoleHeader';
import { ConsoleNav } from '../../features/gestion/shell/ConsoleNav';
import { LoadingOverlay } from '../../ui/LoadingOverlay';

/** Shown to a signed-in user who is neither staff of a syndic nor a volunteer syndic. */
function NotStaff() {
  const t = gestionFr.notStaff;
  return (
    <Stack component="main" id="main" align="center" py="xl" gap="sm" px="md" ta="center">
      <Title order={1} size="h2">
        {t.title}
      </Title>
      <Text c="gray.7">{t.text}</Text>
      <Button component={Link} to="/">
        {t.back}
      </Button>
    </Stack>
  );
}

/**
 * The syndic's console (`/gestion`): header, side navigation (collapsed behind a burger below a
 * tablet's width), the page. Desktop first; a tablet keeps the navigation on the side.
 */
export function ConsoleLayout() {
  const [nav, { toggle, close }] = useDisclosure(false);
  const me = useConsoleMe();
  if (me.isLoading) return <LoadingOverlay />;
  if (me.isError)
    return (
      <Stack component="main" id="main" p="md" maw={560} mx="auto" mt="xl">
        <Title order={1} size="h2">
          {gestionFr.title}
        </Title>
        <Alert color="red" title={gestionFr.loadError} role="alert">
          <Button variant="light" color="red" mt="sm" onClick={() => me.refetch()}>
            {gestionFr.retry}
          </Button>
        </Alert>
      </Stack>
    );
  if (!me.data) return <NotStaff />;
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: { sm: 200, lg: 240 }, breakpoint: 'sm', collapsed: { mobile: !nav } }}
      padding="md"
    >
      <AppShell.Header>
        <ConsoleHeader me={me.data} navOpened={nav} toggleNav={toggle} />
      </AppShell.Header>
      <AppShell.Navbar>
        <ConsoleNav me={me.data} onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main id="main" tabIndex={-1} bg="gray.0">
        <Suspense fallback={<LoadingOverlay />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
