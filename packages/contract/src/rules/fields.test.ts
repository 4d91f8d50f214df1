import { describe, expect, it } from 'vitest';
import { idField, isId } from '../fields.js';

describe('isId', () => {
  it('accepts exactly what idField accepts', () => {
    const hex = '0123456789abcdefABCDEF';
    const rnd = (n: number) =>
      Array.from({ length: n }, () => hex[Math.floor(Math.random() * hex.length)]).join('');
    const values: unknown[] = [
      undefined,
      null,
      42,
      {},
      ['123e4567-e89b-12d3-a456-426614174000'],
      '',
      '123e4567-e89b-12d3-a456-426614174000',
      '123E4567-E89B-12D3-A456-426614174000',
      '00000000-0000-0000-0000-000000000000',
      ' 123e4567-e89b-12d3-a456-426614174000',
      '123e4567-e89b-12d3-a456-426614174000\n',
      '123e4567e89b12d3a456426614174000',
      '123e4567-e89b-12d3-a456-42661417400g',
      '{123e4567-e89b-12d3-a456-426614174000}',
    ];
    for (let i = 0; i < 500; i++) values.push(`${rnd(8)}-${rnd(4)}-${rnd(4)}-${rnd(4)}-${rnd(12)}`);
    for (let i = 0; i < 500; i++) {
      const v = `${rnd(8)}-${rnd(4)}-${rnd(4)}-${rnd(4)}-${rnd(12)}`.split('');
      v[Math.floor(Math.random() * v.length)] = 'xg-_ '[Math.floor(Math.random() * 5)];
      values.push(v.join(''));
    }
    for (const v of values) expect(isId(v), String(v)).toBe(idField.safeParse(v).success);
    expect(isId('123e4567-e89b-12d3-a456-426614174000')).toBe(true);
    expect(isId(undefined)).toBe(false);
  });
});
