import { Skeleton } from '@mantine/core';
import { CHART_PALETTE } from '@tantieme/contract';
import { lazy, Suspense } from 'react';
import { useAfterPaint } from './layout';

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

// chart.js (~50 KB compressed) is requested once the page has painted (useAfterPaint), never
// with the entry: requested at mount, it came before the dashboard's first screen on a phone.
const DoughnutChart = lazy(() => import('./DoughnutChart'));

/**
 * Doughnut chart (SPEC §9 cutout: '70%' on the dashboard, '80%' on bill charts). Until
 * chart.js has loaded, a placeholder of the chart's exact size holds its place (no layout shift).
 */
export function Doughnut(props: DoughnutProps) {
  const size = props.size ?? 200;
  const painted = useAfterPaint();
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
