import { describe, expect, it } from 'vitest';
import { drawnBounds } from './crop';

function canvas(w: number, h: number, dots: [number, number][]) {
  const px = new Uint8ClampedArray(w * h * 4);
  for (const [x, y] of dots) px[(y * w + x) * 4 + 3] = 255;
  return px;
}

describe('signature crop to the drawn area with padding 10 (SPEC §5, §9)', () => {
  it('grows the drawn box by the padding', () => {
    expect(
      drawnBounds(
        canvas(200, 100, [
          [50, 40],
          [80, 60],
        ]),
        200,
        100,
        10,
      ),
    ).toEqual({
      x: 40,
      y: 30,
      width: 51,
      height: 41,
    });
  });
  it('clamps the padding to the canvas edges', () => {
    expect(
      drawnBounds(
        canvas(100, 50, [
          [2, 3],
          [98, 49],
        ]),
        100,
        50,
        10,
      ),
    ).toEqual({ x: 0, y: 0, width: 100, height: 50 });
  });
  it('finds nothing on an empty pad', () => {
    expect(drawnBounds(canvas(10, 10, []), 10, 10, 10)).toBeNull();
  });
});
