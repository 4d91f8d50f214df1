import { useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { startTransition, useEffect, useState } from 'react';

/**
 * Whether the screen is wide enough for the left sidebar (Mantine's md breakpoint): the one rule
 * for the layout, the dashboard's phone order and the messaging columns. Read at the first
 * render, so a phone never renders the desktop layout first.
 */
export function useWideLayout(): boolean {
  const theme = useMantineTheme();
  return useMediaQuery(`(min-width: ${theme.breakpoints.md})`, false, { getInitialValueInEffect: false });
}

/**
 * True once `ready` and the page has then painted: what comes after the first screen (chart.js,
 * the blocks below the fold) waits for it, so a phone's slow CPU paints that screen first
 *. A timeout queued from a frame callback runs after that frame is painted; the
 * switch itself is a transition (rendered in slices).
 */
export function useAfterPaint(ready = true): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    if (!ready || after) return;
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => startTransition(() => setAfter(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [ready, after]);
  return after;
}
