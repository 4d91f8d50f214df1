import { type ComponentType, lazy, Suspense } from 'react';
import { LoadingOverlay } from '../../ui/LoadingOverlay';

/**
 * The signed-in layouts (app shell, menus, sidebars, notification bell) are their own chunks:
 * /login and the other public pages never download them (the bundle budget).
 */
function lazyLayout(load: () => Promise<ComponentType>) {
  const Layout = lazy(async () => ({ default: await load() }));
  return function LazyLayout() {
    return (
      <Suspense fallback={<LoadingOverlay />}>
        <Layout />
      </Suspense>
    );
  };
}

export const DashboardLayout = lazyLayout(async () => (await import('./DashboardLayout')).DashboardLayout);
export const MainLayout = lazyLayout(async () => (await import('./MainLayout')).MainLayout);
export const SyndicPreviewLayout = lazyLayout(
  async () => (await import('./SyndicPreviewLayout')).SyndicPreviewLayout,
);
export const ConsoleLayout = lazyLayout(async () => (await import('./ConsoleLayout')).ConsoleLayout);
