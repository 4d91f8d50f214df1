/**
 * SPEC §5 / §9: the signature is cropped to its drawn area with padding 10. Given the RGBA pixels of
 * the pad, returns the rectangle of the non-transparent pixels grown by `padding` (clamped to the
 * canvas), or null when nothing is drawn.
 */
export function drawnBounds(
  rgba: Uint8ClampedArray,
  width: number,
  height: number,
  padding: number,
): { x: number; y: number; width: number; height: number } | null {
  let minX = width;
  let minY = height;
  let maxX = -1;
  let maxY = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (rgba[(y * width + x) * 4 + 3] === 0) continue;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
  }
  if (maxX < 0) return null;
  const x = Math.max(0, minX - padding);
  const y = Math.max(0, minY - padding);
  return {
    x,
    y,
    width: Math.min(width, maxX + 1 + padding) - x,
    height: Math.min(height, maxY + 1 + padding) - y,
  };
}
