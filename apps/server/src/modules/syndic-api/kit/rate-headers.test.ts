import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSyndicWithKey } from '../../../test/factories.syndic.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SYNDIC_API_PER_MINUTE: '3' } });
});
afterAll(() => t.close());

describe('RateLimit headers on every answer of a syndic key', () => {
  it('success, error and 429 all say the limit, what is left and when the window resets', async () => {
    const { headers } = await makeSyndicWithKey(t.database.db);
    const call = (url: string) => t.app.inject({ method: 'GET', url: `/api/syndic/v1${url}`, headers });
    const window = (r: Awaited<ReturnType<typeof call>>) => ({
      status: r.statusCode,
      limit: r.headers['ratelimit-limit'],
      remaining: r.headers['ratelimit-remaining'],
    });
    const first = await call('/coproprietes');
    expect(window(first)).toEqual({ status: 200, limit: '3', remaining: '2' });
    const reset = Number(first.headers['ratelimit-reset']);
    expect(reset).toBeGreaterThan(0);
    expect(reset).toBeLessThanOrEqual(60);
    expect(window(await call('/coproprietes/NONE'))).toEqual({ status: 404, limit: '3', remaining: '1' });
    expect(window(await call('/coproprietes?x=1'))).toEqual({ status: 400, limit: '3', remaining: '0' });
    const over = await call('/coproprietes');
    expect(window(over)).toEqual({ status: 429, limit: '3', remaining: '0' });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // Another key has its own window.
    const other = await makeSyndicWithKey(t.database.db);
    const fresh = await t.app.inject({
      method: 'GET',
      url: '/api/syndic/v1/coproprietes',
      headers: other.headers,
    });
    expect(fresh.headers['ratelimit-remaining']).toBe('2');
  });
});
