import { Alert } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useEffect, useSyncExternalStore } from 'react';
import { useAfterFirstScreen } from '../../app/afterFirstScreen';
import { offlineDate, registerOfflineWorkerLater, subscribeOffline } from './offline';

const frDateTime = (iso: string) => {
  const d = new Date(iso);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getDate())}/${p(d.getMonth() + 1)}/${d.getFullYear()} à ${p(d.getHours())} h ${p(d.getMinutes())}`;
};

/** « Hors ligne — données du … » above a page drawn from the worker's cache. */
export function OfflineBanner() {
  const since = useSyncExternalStore(subscribeOffline, offlineDate, () => null);
  const ready = useAfterFirstScreen();
  useEffect(() => (ready ? registerOfflineWorkerLater() : undefined), [ready]);
  if (!since) return null;
  return (
    <Alert color="orange" variant="light" mb="md" role="status" icon={<IconCloudOff size={20} aria-hidden />}>
      Hors ligne — données du {frDateTime(since)}
    </Alert>
  );
}
