import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { type DoughnutProps, doughnutLabel, paletteColor } from './doughnut-data';
import { useAfterPaint } from './layout';

export { paletteColor };
export type { DoughnutProps, DoughnutSlice } from './doughnut-data';

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
