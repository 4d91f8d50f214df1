import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('client address', () => {
  it('ignores a client-sent X-Forwarded-For by default, so per-IP limits cannot be dodged', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: `spoof${i}@example.fr`, password: 'Nope1234' },
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
  });
});
