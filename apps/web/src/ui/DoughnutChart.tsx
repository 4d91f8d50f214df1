import { ArcElement, Chart as ChartJS, Legend, Tooltip } from 'chart.js';
import { useMemo } from 'react';
import { Doughnut as ChartDoughnut } from 'react-chartjs-2';
import { type DoughnutProps, doughnutLabel, paletteColor } from './doughnut-data';

ChartJS.register(ArcElement, Tooltip, Legend);

/**
 * Doughnut chart (SPEC §9 cutout: '70%' on the dashboard, '80%' on bill charts). The
 * accessible name lists every slice, since a canvas says nothing to a screen reader.
 */
export default function DoughnutChart({
  slices,
  cutout,
  size = 200,
  label,
  format = (v: number) => String(v),
  legend = false,
}: DoughnutProps) {
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
  const aria = doughnutLabel(label, slices, format);
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
            tooltip: { callbacks: { label: (ctx) => `${ctx.label} : ${format(Number(ctx.raw))}` } },
          },
        }}
      />
    </div>
  );
}
