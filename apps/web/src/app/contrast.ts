import { DEFAULT_THEME, type MantineColorsTuple } from '@mantine/core';

/**
 * Readable colours (WCAG 2.1 AA): Mantine's default palettes put text at shade 6
 * (`c="red"`, `c="dimmed"` = gray 6, light badges, outline buttons) and white text on shade 6
 * (filled buttons and badges). Shades 6 to 9 of yellow, orange, green, teal, cyan, lime, gray
 * and red give 1.9 to 3.8:1 there. Each palette is darkened here, hue kept, only as far as
 * needed: from shade 6 on, every shade reads at least 4.5:1 as text on white, on the palette's
 * own light tint and on its shade 0, and white text on it reads at least 4.5:1.
 */

export const MIN_TEXT_CONTRAST = 4.5;
/** A little above the threshold, so rounding in the browser never dips below it. */
const TARGET = 4.6;

type Rgb = [number, number, number];

function parse(hex: string): Rgb {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h;
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as Rgb;
}

const toHex = (rgb: Rgb) => `#${rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

function luminance(rgb: Rgb) {
  const [r, g, b] = rgb.map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two #rrggbb colours. */
export function contrastRatio(a: string, b: string) {
  const [x, y] = [luminance(parse(a)), luminance(parse(b))].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

/** `color` at `alpha` over white, as Mantine's light variants draw their background. */
export function overWhite(color: string, alpha: number) {
  return toHex(parse(color).map((v) => v * alpha + 255 * (1 - alpha)) as Rgb);
}

function toHsl([r, g, b]: Rgb): [number, number, number] {
  const [R, G, B] = [r / 255, g / 255, b / 255];
  const max = Math.max(R, G, B);
  const min = Math.min(R, G, B);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === R ? (G - B) / d + (G < B ? 6 : 0) : max === G ? (B - R) / d + 2 : (R - G) / d + 4;
  return [h / 6, s, l];
}

function fromHsl([h, s, l]: [number, number, number]): Rgb {
  if (s === 0) return [l * 255, l * 255, l * 255];
  const hue = (p: number, q: number, t: number) => {
    const u = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    if (u < 1 / 6) return p + (q - p) * 6 * u;
    if (u < 1 / 2) return q;
    if (u < 2 / 3) return p + (q - p) * (2 / 3 - u) * 6;
    return p;
  };
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  return [hue(p, q, h + 1 / 3) * 255, hue(p, q, h) * 255, hue(p, q, h - 1 / 3) * 255];
}

/** Lowers the lightness of `color`, keeping its hue, until `ok` holds. */
export function darkenUntil(color: string, ok: (c: string) => boolean) {
  const [h, s, l0] = toHsl(parse(color));
  for (let l = l0; l > 0; l -= 0.005) {
    const c = toHex(fromHsl([h, s, l]));
    if (ok(c)) return c;
  }
  return '#000000';
}

/** Is `c` readable as text on white, on its light tint and on `shade0`, and under white text? */
function readable(c: string, shade0: string) {
  return (
    contrastRatio(c, '#ffffff') >= TARGET &&
    contrastRatio(c, overWhite(c, 0.2)) >= TARGET &&
    contrastRatio(c, shade0) >= TARGET
  );
}

/** The palette with shades 6 to 9 darkened as far as needed (and never lighter than the one before). */
export function readablePalette(shades: readonly string[]): MantineColorsTuple {
  const out = [...shades];
  for (let i = 6; i <= 9; i++) {
    let c = darkenUntil(out[i], (x) => readable(x, out[0]));
    if (luminance(parse(c)) > luminance(parse(out[i - 1])) && i > 6) c = out[i - 1];
    out[i] = c;
  }
  return out as unknown as MantineColorsTuple;
}

/** Every Mantine default palette made readable (the theme's own palettes go through it too). */
export function readableColors(extra: Record<string, readonly string[]> = {}) {
  const all: Record<string, MantineColorsTuple> = {};
  for (const [name, shades] of Object.entries({ ...DEFAULT_THEME.colors, ...extra })) {
    all[name] = readablePalette(shades);
  }
  return all;
}
