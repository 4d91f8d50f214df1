import { useIsFetching } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useAfterPaint } from '../ui/layout';
import { marksItsFirstScreen } from './early';

/**
 * Work the first screen does not show (the realtime socket, the chat badge, the pending attach
 * check) starts once the page's reads have answered and the page has painted: on a
 * phone's few connections it does not compete with them, and no request starts between the
 * first screen's data and its largest paint (Lighthouse counted such late requests as one more
 * round trip before the dashboard's LCP). Nothing is lost by waiting: the socket's room join
 * reads the counts again, and the badge and the check are read as before, a moment later.
 *
 * Once settled, it stays settled for the tab: later pages start this work at once.
 */
let settled = false;
const waiting = new Set<() => void>();
/**
 * A record's home or messages page opened from its URL says itself when its first screen is
 * shown (CoproHome, MessagesPanel): the moment no query is in flight comes before it there (see
 * `marksItsFirstScreen`).
 */
const pageMarks = typeof location !== 'undefined' && marksItsFirstScreen(location.pathname);

/**
 * An answer of the first screen stays fresh this long, so that each block mounting as its chunk
 * arrives does not fetch the dashboard's answer again (three times on one load otherwise), nor
 * what `app/preload.ts` has just read. Payments and live events invalidate these queries explicitly.
 */
export const FIRST_SCREEN_FRESH_MS = 15_000;

/** However busy the page, the deferred work never waits longer than this. */
const AFTER_FIRST_SCREEN_MAX_MS = 3000;

/** The page's first screen has painted (CoproHome, MessagesPanel: `useAfterPaint`); or see below. */
export function markFirstScreenShown() {
  if (settled) return;
  settled = true;
  for (const f of waiting) f();
  waiting.clear();
}

/**
 * Whether the route's page has mounted (its chunk arrived: `PageShown`, app/routes.tsx). Before
 * that, no query is in flight while the page's chunk downloads, and deferred work started then
 * would go ahead of the page's own reads (four requests before a record page's largest paint).
 */
let pageShown = false;
const pageWaiting = new Set<() => void>();

/** The route's page has committed (rendered after its lazy chunk, beside it in the route). */
export function markPageShown() {
  if (pageShown) return;
  pageShown = true;
  for (const f of pageWaiting) f();
  pageWaiting.clear();
}

function usePageShown(): boolean {
  const [shown, setShown] = useState(pageShown);
  useEffect(() => {
    if (shown) return;
    if (pageShown) {
      setShown(true);
      return;
    }
    const done = () => setShown(true);
    pageWaiting.add(done);
    return () => {
      pageWaiting.delete(done);
    };
  }, [shown]);
  return shown;
}

/**
 * True once the route's page has mounted and no query has been in flight for a whole frame since
 * (or the fallback has passed).
 */
export function useAfterFirstScreen(): boolean {
  const [ready, setReady] = useState(settled);
  const fetching = useIsFetching();
  const shown = usePageShown();

  useEffect(() => {
    if (ready) return;
    if (settled) {
      setReady(true);
      return;
    }
    const done = () => setReady(true);
    waiting.add(done);
    const fallback = setTimeout(markFirstScreenShown, AFTER_FIRST_SCREEN_MAX_MS);
    return () => {
      waiting.delete(done);
      clearTimeout(fallback);
    };
  }, [ready]);

  // No query in flight, and that painted (a query starting meanwhile cancels it).
  const idle = useAfterPaint(!pageMarks && shown && fetching === 0);
  useEffect(() => {
    if (idle) markFirstScreenShown();
  }, [idle]);

  return ready;
}
