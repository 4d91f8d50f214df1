import { CHART_PALETTE } from '@tantieme/contract';

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
