import { Skeleton } from '@mantine/core';
import { CHART_PALETTE } from '@tantieme/contract';
import { lazy, Suspense, useEffect, useState } from 'react';

/** SPEC §9 chart palette: five fixed colours, then random ones (stable per index). */
export function paletteColor(i: number): string {
  if (i < CHART_PALETTE.length) return CHART_PALETTE[i];
  const hue = (i * 137.508) % 360;
  return `hsl(${hue.toFixed(0)} 60% 55%)`;
}

export interface DoughnutSlice {
  label: string;
  value: number;
}

export interface DoughnutProps {
  slices: DoughnutSlice[];
  cutout: string;
  size?: number;
  label: string;
  format?: (v: number) => string;
  legend?: boolean;
}

/** The accessible name lists every slice, since a canvas says nothing to a screen reader. */
export const doughnutLabel = (label: string, slices: DoughnutSlice[], format: (v: number) => string) =>
  `${label} : ${slices.map((s) => `${s.label} ${format(s.value)}`).join(', ')}`;

// chart.js (~50 KB compressed) loads after the page has rendered, never with the entry.
const DoughnutChart = lazy(() => import('./DoughnutChart'));

/**
 * True once the page has painted with this component mounted. chart.js is requested only then:
 * requested at mount, its download and evaluation came before the dashboard's first screen was
 * painted on a phone (~0.1 s of main thread at 4× slowdown, 50 KB on the link; issue 13).
 */
function usePainted() {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer = 0;
    // A timeout queued from a frame callback runs after that frame is painted.
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}

/**
 * Doughnut chart (SPEC §9 cutout: '70%' on the dashboard, '80%' on bill charts). Until
 * chart.js has loaded, a placeholder of the chart's exact size holds its place (no layout shift).
 */
export function Doughnut(props: DoughnutProps) {
  const size = props.size ?? 200;
  const painted = usePainted();
  const placeholder = (
    <Skeleton
      circle
      height={size}
      width={size}
      role="img"
      aria-label={doughnutLabel(props.label, props.slices, props.format ?? String)}
    />
  );
  if (!painted) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <DoughnutChart {...props} />
    </Suspense>
  );
}
