import { describe, expect, it } from 'vitest';
import { uuid7 } from './uuid7.js';

describe('uuid7', () => {
  it('is a version 7, variant 10 UUID carrying the current millisecond', () => {
    const before = Date.now();
    const id = uuid7();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const ms = Number.parseInt(id.replace(/-/g, '').slice(0, 12), 16);
    expect(ms).toBeGreaterThanOrEqual(before);
    expect(ms).toBeLessThanOrEqual(Date.now() + 1);
  });

  it('grows strictly within a burst larger than the 4,096 ids a millisecond holds', () => {
    const ids = Array.from({ length: 20_000 }, () => uuid7());
    for (let i = 1; i < ids.length; i++) expect(ids[i] > ids[i - 1]).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
