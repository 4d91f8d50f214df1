import { financeGeneralSchema } from '@tantieme/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileFastSerializer, crossChecked, toWire, WIRE_BUFFER_CHARS } from './serializer.js';

const user = z.object({
  id: z.string(),
  name: z.string().nullable(),
  avatar: z.object({ url: z.string() }).nullable(),
  tags: z.array(z.enum(['a', 'b'])),
  count: z.number().int(),
  note: z.string().optional(),
});

describe('compiled response serializer (decision 63)', () => {
  const fast = compileFastSerializer(user);

  it('writes only the declared fields, so nothing undeclared reaches the client', () => {
    const out = JSON.parse(
      fast?.({
        id: 'u1',
        name: null,
        avatar: { url: '/a.png', key: 'private/key' },
        tags: ['a'],
        count: 3,
        password_hash: 'secret',
      }) ?? '',
    );
    expect(out).toEqual({ id: 'u1', name: null, avatar: { url: '/a.png' }, tags: ['a'], count: 3 });
  });

  it('writes nullable values and omits an absent optional field, as zod does', () => {
    const data = { id: 'u2', name: 'Claire', avatar: null, tags: [], count: 0 };
    expect(JSON.parse(fast?.(data) ?? '')).toEqual(user.parse(data));
    expect(JSON.parse(fast?.({ ...data, note: 'x' }) ?? '')).toEqual({ ...data, note: 'x' });
  });

  it('compiles the largest answer of the product (the dashboard summary)', () => {
    expect(compileFastSerializer(financeGeneralSchema)).toBeTypeOf('function');
  });

  it('has no serializer for what JSON Schema cannot say: the route keeps zod', () => {
    expect(compileFastSerializer(z.string().transform((s) => s.length))).toBeNull();
  });

  it('outside production, an answer the two serializers write differently is an error', () => {
    const viaZod = (d: unknown) => JSON.stringify(user.parse(d));
    const wrong = (d: unknown) => JSON.stringify({ ...(d as object), count: 4 });
    const data = { id: 'u3', name: null, avatar: null, tags: [], count: 3 };
    expect(() => crossChecked(viaZod, wrong, 'GET /x')(data)).toThrow(/GET \/x at \$\.count: 3 ≠ 4/);
    expect(JSON.parse(crossChecked(viaZod, fast as never, 'GET /x')(data))).toEqual(data);
  });

  it('sends a large answer as UTF-8 bytes and a small one as it is', () => {
    const small = JSON.stringify({ name: 'Syndic Lefèvre' });
    expect(toWire(small)).toBe(small);
    const large = JSON.stringify({ items: Array.from({ length: 1000 }, (_, i) => `Électricité n° ${i}`) });
    expect(large.length).toBeGreaterThan(WIRE_BUFFER_CHARS);
    const wire = toWire(large);
    expect(Buffer.isBuffer(wire)).toBe(true);
    expect((wire as Buffer).toString('utf8')).toBe(large);
  });
});
