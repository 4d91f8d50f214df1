import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';

/**
 * Generated from the route table: every operation that requires a session or an API key answers
 * 401 to a caller without one, whatever body it sends (malformed, nested too deep, invalid), so
 * an anonymous caller learns nothing from the body's errors.
 */
type Op = { method: string; path: string; auth: boolean; hasBody: boolean };

let t: TestApp;
let ops: Op[];
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_FACTOR: '1000', SYNDIC_API_PER_MINUTE: '100000' } });
  const doc = t.app.swagger() as unknown as {
    paths: Record<string, Record<string, Record<string, unknown>>>;
  };
  ops = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      auth: ((op.security as unknown[] | undefined) ?? []).length > 0,
      hasBody: !!op.requestBody,
    })),
  );
});
afterAll(() => t.close());

const fill = (path: string) => path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');

describe('authentication comes before the body', () => {
  it('every authenticated route with a body: 401 without credentials, for any bad body', async () => {
    const withBody = ops.filter((o) => o.auth && o.hasBody);
    expect(withBody.length).toBeGreaterThan(50);
    const wrong: string[] = [];
    for (const op of withBody) {
      for (const payload of ['{', `${'['.repeat(5000)}${']'.repeat(5000)}`, '{"unexpected":[1,2,3]}']) {
        const r = await t.app.inject({
          method: op.method as 'POST',
          url: `${fill(op.path)}`,
          headers: { 'content-type': 'application/json' },
          payload,
        });
        if (r.statusCode !== 401)
          wrong.push(`${op.method} ${op.path} ${payload.slice(0, 8)} → ${r.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
