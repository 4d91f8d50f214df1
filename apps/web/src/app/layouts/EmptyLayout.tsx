import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { LoadingOverlay } from '../../ui/LoadingOverlay';

/** Empty layout of public pages (login, register, invitations, signature…). */
export function EmptyLayout() {
  return (
    <main id="main" tabIndex={-1}>
      <Suspense fallback={<LoadingOverlay />}>
        <Outlet />
      </Suspense>
    </main>
  );
}
