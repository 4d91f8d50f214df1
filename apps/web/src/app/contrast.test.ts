import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrastRatio, MIN_TEXT_CONTRAST, overWhite, readableColors, readablePalette } from './contrast';
import { readFileSync } from 'node:fs';
import { tantieme } from './theme';

/** The shades palette.css sets, by palette: { red: [6, 7, 8, 9] }. */
function cssShades() {
  const css = readFileSync(new URL('./palette.css', import.meta.url), 'utf8');
  const out: Record<string, string[]> = {};
  for (const m of css.matchAll(/--mantine-color-([a-z]+)-([6-9]): (#[0-9a-f]{6});/g)) {
    out[m[1]] ??= [];
    out[m[1]][Number(m[2]) - 6] = m[3];
  }
  return out;
}

describe('contrast', () => {
  it('computes WCAG ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    // Mantine's grey secondary text: 3.32:1 against white.
    expect(contrastRatio('#868e96', '#ffffff')).toBeCloseTo(3.32, 2);
  });

  it('palette.css carries exactly the computed shades (it is not edited by hand)', () => {
    const computed = Object.fromEntries(
      Object.entries(readableColors({ tantieme })).map(([k, v]) => [k, v.slice(6)]),
    );
    expect(cssShades()).toEqual(computed);
  });

  it('Mantine defaults fail where the audit found them failing', () => {
    expect(contrastRatio(DEFAULT_THEME.colors.yellow[6], '#ffffff')).toBeLessThan(2);
    expect(contrastRatio(DEFAULT_THEME.colors.gray[6], '#ffffff')).toBeLessThan(MIN_TEXT_CONTRAST);
  });

  it('every theme colour reads >= 4.5:1 from shade 6 on: as text on white, on its tint and shade 0, under white text', () => {
    const colors = readableColors({ tantieme });
    expect(Object.keys(cssShades())).toEqual(expect.arrayContaining(['yellow', 'green', 'gray', 'tantieme']));
    for (const [name, shades] of Object.entries(colors)) {
      for (let i = 6; i <= 9; i++) {
        const c = (shades as readonly string[])[i];
        const where = `${name}.${i} ${c}`;
        expect(contrastRatio(c, '#ffffff'), where).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
        expect(contrastRatio(c, overWhite(c, 0.2)), where).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
        expect(contrastRatio(c, (shades as readonly string[])[0]), where).toBeGreaterThanOrEqual(
          MIN_TEXT_CONTRAST,
        );
      }
    }
  });

  it('keeps the hue: yellow stays yellow (owed), green stays green (credit), light shades untouched', () => {
    const y = readablePalette(DEFAULT_THEME.colors.yellow);
    const g = readablePalette(DEFAULT_THEME.colors.green);
    const hue = (hex: string) => {
      const [r, gg, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255);
      const max = Math.max(r, gg, b);
      const d = max - Math.min(r, gg, b);
      const h = max === r ? ((gg - b) / d) % 6 : max === gg ? (b - r) / d + 2 : (r - gg) / d + 4;
      return (h * 60 + 360) % 360;
    };
    expect(Math.abs(hue(y[6]) - hue(DEFAULT_THEME.colors.yellow[6]))).toBeLessThan(4);
    expect(Math.abs(hue(g[6]) - hue(DEFAULT_THEME.colors.green[6]))).toBeLessThan(4);
    expect(y.slice(0, 6)).toEqual(DEFAULT_THEME.colors.yellow.slice(0, 6));
    expect(Object.keys(readableColors())).toEqual(Object.keys(DEFAULT_THEME.colors));
  });
});
