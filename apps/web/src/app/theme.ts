import { createTheme, type MantineColorsTuple } from '@mantine/core';
import { TOOLTIP_DEFAULTS } from '@tantieme/contract';

const tantieme: MantineColorsTuple = [
  '#e8f1fb',
  '#cfdff2',
  '#9dbde6',
  '#6899da',
  '#3f7bd0',
  '#2668ca',
  '#185ec8',
  '#0b4fb1',
  '#00459f',
  '#1c4e80',
];

export const theme = createTheme({
  primaryColor: 'tantieme',
  colors: { tantieme },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  components: {
    Tooltip: {
      defaultProps: {
        openDelay: TOOLTIP_DEFAULTS.delay,
        offset: TOOLTIP_DEFAULTS.distance,
        position: TOOLTIP_DEFAULTS.placement,
      },
    },
  },
});
