import { CHART_PALETTE } from '@tantieme/contract';
import { ArcElement, Chart as ChartJS, Legend, Tooltip } from 'chart.js';
import { useMemo } from 'react';
import { Doughnut as ChartDoughnut } from 'react-chartjs-2';

ChartJS.register(ArcElement, Tooltip, Legend);

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

/**
 * Doughnut chart (SPEC §9 cutout: '70%' on the dashboard, '80%' on bill charts). The
 * accessible name lists every slice, since a canvas says nothing to a screen reader.
 */
export function Doughnut({
  slices,
  cutout,
  size = 200,
  label,
  format = (v: number) => String(v),
  legend = false,
}: {
  slices: DoughnutSlice[];
  cutout: string;
  size?: number;
  label: string;
  format?: (v: number) => string;
  legend?: boolean;
}) {
  const data = useMemo(
    () => ({
      labels: slices.map((s) => s.label),
      datasets: [
        {
          data: slices.map((s) => s.value),
          backgroundColor: slices.map((_, i) => paletteColor(i)),
          borderWidth: 1,
        },
      ],
    }),
    [slices],
  );
  const aria = `${label} : ${slices.map((s) => `${s.label} ${format(s.value)}`).join(', ')}`;
  return (
    <div style={{ width: size, height: size, position: 'relative' }}>
      <ChartDoughnut
        data={data}
        aria-label={aria}
        role="img"
        options={{
          cutout,
          responsive: true,
          maintainAspectRatio: false,
          animation: false,
          plugins: {
            legend: { display: legend, position: 'bottom' },
            tooltip: { callbacks: { label: (ctx) => `${ctx.label} : ${format(Number(ctx.raw))}` } },
          },
        }}
      />
    </div>
  );
}
