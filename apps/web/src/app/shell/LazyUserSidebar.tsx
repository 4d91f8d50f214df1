import { lazy, Suspense, useEffect, useState } from 'react';

const UserSidebar = lazy(() => import('./UserSidebar').then((m) => ({ default: m.UserSidebar })));

/**
 * The user sidebar (a drawer) loads its code the first time it opens: no first screen shows it,
 * and its dialogs (attach, detach) weighed on every signed-in page's initial JavaScript.
 * Once opened it stays mounted, so closing it animates as before.
 */
export function LazyUserSidebar({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [used, setUsed] = useState(opened);
  useEffect(() => {
    if (opened) setUsed(true);
  }, [opened]);
  if (!used && !opened) return null;
  return (
    <Suspense fallback={null}>
      <UserSidebar opened={opened} onClose={onClose} />
    </Suspense>
  );
}
