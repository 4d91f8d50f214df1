import { describe, expect, it } from 'vitest';
import { idField, invalidTextPaths, isId } from '../fields.js';

describe('invalidTextPaths', () => {
  it('names every string, nested or as a key, that no column can hold', () => {
    expect(
      invalidTextPaths({
        email: 'a\u0000b@example.fr',
        ok: 'Émilie 😀 — « Les Tilleuls »',
        lots: { 'k\u0000': { name: 'x' }, b: { tags: ['fine', 'bad\ud800'] } },
      }),
    ).toEqual(['email', 'lots.k\ufffd', 'lots.b.tags.1']);
  });

  it('accepts well-formed text, numbers, null and buffers', () => {
    expect(invalidTextPaths({ a: '😀', n: 1, z: null, b: Buffer.from([0]) })).toEqual([]);
    expect(invalidTextPaths('\udc00')).toEqual(['_']);
  });
});

describe('idField', () => {
  it('accepts any UUID PostgreSQL reads and refuses the rest', () => {
    expect(idField.safeParse('7ec6a629-3dc2-48d6-8e1c-9225c96c484e').success).toBe(true);
    expect(idField.safeParse('00000000-0000-0000-0000-000000000001').success).toBe(true);
    for (const bad of ['abc', '1', '', '00000000-0000-0000-0000-00000000000g']) {
      expect(idField.safeParse(bad).success, bad).toBe(false);
    }
  });
});

describe('isId', () => {
  it('is idField as a test, upper case included, and false for what is not a string', () => {
    expect(isId('7EC6A629-3DC2-48D6-8E1C-9225C96C484E')).toBe(true);
    for (const bad of [undefined, null, 42, {}, 'abc', '7ec6a629-3dc2-48d6-8e1c-9225c96c484e '])
      expect(isId(bad), String(bad)).toBe(false);
  });
});
