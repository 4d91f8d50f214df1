/**
 * Shades 6 to 9 of every palette, made readable by `readablePalette` (contrast.ts; issue 15).
 * Written out so the entry chunk carries 60 colours rather than the colour maths (the /login
 * budget); contrast.test.ts fails if this table and the computation ever disagree.
 */
export const READABLE_SHADES: Record<string, readonly [string, string, string, string]> = {
  dark: ['#2e2e2e', '#242424', '#1f1f1f', '#141414'],
  gray: ['#5a6168', '#495057', '#343a40', '#212529'],
  red: ['#ba0505', '#ba0505', '#ba0505', '#ba0505'],
  pink: ['#b51950', '#b02355', '#b02355', '#a61e4d'],
  grape: ['#9824b5', '#9824b5', '#9824b5', '#862e9c'],
  violet: ['#6334f0', '#6334f0', '#6334f0', '#5f3dc4'],
  indigo: ['#1e49f2', '#1e49f2', '#1e49f2', '#364fc7'],
  blue: ['#1363a8', '#1662a7', '#1661a7', '#1661a7'],
  cyan: ['#0d6975', '#0d6975', '#0d6975', '#0d6975'],
  teal: ['#0b6e50', '#086d4f', '#086d4f', '#086d4f'],
  green: ['#246e32', '#226e30', '#226e30', '#226e30'],
  lime: ['#466c10', '#436b0d', '#416b0a', '#416b0a'],
  yellow: ['#7f5a03', '#855600', '#855600', '#944d00'],
  orange: ['#9a4701', '#9a4701', '#9a4701', '#a9380c'],
  tantieme: ['#175cc3', '#0b4fb1', '#00459f', '#00459f'],
};
