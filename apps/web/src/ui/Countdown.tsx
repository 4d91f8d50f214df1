import { Text, VisuallyHidden } from '@mantine/core';
import { COUNTDOWN_TICK_MS, spokenCountdown } from '@tantieme/contract';
import { useEffect, useRef, useState } from 'react';

const remaining = (until: number) => Math.max(0, Math.ceil((until - Date.now()) / 1000));

/** 'Expiration : {m}m {s}s', ticking every second and cleared at zero (SPEC §2.22). */
export function Countdown({ until, onEnd }: { until: Date | string | number; onEnd?: () => void }) {
  const target = new Date(until).getTime();
  const [left, setLeft] = useState(() => remaining(target));
  const ended = useRef(false);
  const endRef = useRef(onEnd);
  endRef.current = onEnd;
  useEffect(() => {
    ended.current = false;
    setLeft(remaining(target));
    const timer = setInterval(() => {
      const l = remaining(target);
      setLeft(l);
      if (l === 0) {
        clearInterval(timer);
        if (!ended.current) {
          ended.current = true;
          endRef.current?.();
        }
      }
    }, COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, [target]);
  if (left <= 0) return null;
  const m = Math.floor(left / 60);
  const s = left % 60;
  return (
    <Text size="sm" c="dimmed" role="timer" aria-live="off">
      {/* The spec's short form for the eye; words for a screen reader. */}
      <span aria-hidden="true">
        Expiration dans : {m}m {s}s
      </span>
      <VisuallyHidden>{spokenCountdown(m, s)}</VisuallyHidden>
    </Text>
  );
}
