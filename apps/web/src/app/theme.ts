import { createTheme, type MantineColorsTuple } from '@mantine/core';
import { TOOLTIP_DEFAULTS } from '@tantieme/contract';

export const tantieme: MantineColorsTuple = [
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
  // Shades 6 to 9 of every palette are darkened in palette.css (readable text, tints
  // and filled colours); no fade-ins for those who asked their system for less motion.
  respectReducedMotion: true,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  components: {
    // A spinner's aria-label needs a role to be read (axe aria-prohibited-attr on a bare span).
    Loader: { defaultProps: { role: 'status' } },
    // Every close cross (toasts, modals, drawers, alerts) has a name.
    CloseButton: { defaultProps: { 'aria-label': 'Fermer la fenêtre' } },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Fermer la notification' } } },
    // No focus placeholder inside role="menu" (axe aria-required-children).
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // A field's error is a live region: read out as it appears. Set on the error element itself:
    // switches, checkboxes and radios take no `errorProps` and would pass it on to the DOM.
    InputError: { defaultProps: { role: 'alert' } },
    Tooltip: {
      defaultProps: {
        openDelay: TOOLTIP_DEFAULTS.delay,
        offset: TOOLTIP_DEFAULTS.distance,
        position: TOOLTIP_DEFAULTS.placement,
      },
    },
  },
});
