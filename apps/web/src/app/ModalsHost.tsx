import type { ModalsProviderProps } from '@mantine/modals';
import { lazy, type RefObject, Suspense, useEffect, useRef, useState } from 'react';

/** The window events `modals.open…/close…` of @mantine/modals dispatch to the provider. */
const EVENTS = [
  'openModal',
  'openConfirmModal',
  'openContextModal',
  'closeModal',
  'closeContextModal',
  'closeAllModals',
  'updateModal',
  'updateContextModal',
].map((e) => `mantine-modals:${e}`);

const ModalsProvider = lazy(() => import('@mantine/modals').then((m) => ({ default: m.ModalsProvider })));

/**
 * Mantine's ModalsProvider (Modal, ScrollArea, FocusTrap: ~30 KB compressed) loads on the
 * first `modals.*` call instead of with every page (the bundle budget). Calls made
 * before it is ready are queued and replayed once it listens. Like before, it sits outside
 * the router: modal contents get Mantine, React Query and the session, not router hooks.
 */
export function ModalsHost(props: Omit<ModalsProviderProps, 'children'>) {
  const [wanted, setWanted] = useState(false);
  const queue = useRef<CustomEvent[]>([]);
  const ready = useRef(false);
  useEffect(() => {
    const onEvent = (e: Event) => {
      if (ready.current) return;
      queue.current.push(e as CustomEvent);
      setWanted(true);
    };
    for (const name of EVENTS) window.addEventListener(name, onEvent);
    return () => {
      for (const name of EVENTS) window.removeEventListener(name, onEvent);
    };
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ModalsProvider {...props}>
        <Replay queue={queue} ready={ready} />
      </ModalsProvider>
    </Suspense>
  );
}

/** A passive effect runs after the provider's layout effect has added its listeners. */
function Replay({ queue, ready }: { queue: RefObject<CustomEvent[]>; ready: RefObject<boolean> }) {
  useEffect(() => {
    ready.current = true;
    for (const e of queue.current.splice(0))
      window.dispatchEvent(new CustomEvent(e.type, { detail: e.detail }));
  }, [queue, ready]);
  return null;
}
