import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../../test/harness.js';
import { until } from '../../test/own-redis.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('foundation HTTP behaviour', () => {
  it('GET /api/health checks the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ success: true, data: { status: 'ok', database: 'up' } });
  });

  it('GET /api/live answers while the process runs; GET /api/ready says what the instance relies on', async () => {
    expect(json(await t.app.inject({ method: 'GET', url: '/api/live' }))).toEqual({
      success: true,
      data: { status: 'ok' },
    });
    // With REDIS_URL (the Redis suite), once its client has connected.
    await until(async () => t.app.redisLink.state() !== 'down', 'Redis connected');
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    // Without REDIS_URL there is no Redis to lose: ready, not degraded.
    expect(json(ready).data).toEqual({
      status: 'ok',
      database: 'up',
      redis: t.app.config.redisUrl ? 'up' : 'absent',
    });
  });

  it('unknown API routes answer 404 in the envelope, with their own code (not a missing record)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(json(res)).toMatchObject({
      success: false,
      code: 'ROUTE_NOT_FOUND',
      message: "Cette adresse de l'API n'existe pas.",
    });
  });

  it('malformed JSON answers 400 BAD_JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ success: false, code: 'BAD_JSON' });
  });

  it('schema violations answer 400 with French messages per field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: '', password: 3 },
    });
    expect(res.statusCode).toBe(400);
    const body = json(res);
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.errors.email).toBe('Ce champ est requis.');
    expect(body.errors.password).toMatch(/[a-zé]/);
    expect(body.errors.password).not.toMatch(/expected/i);
  });

  it('sets security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('serves the OpenAPI document at /api/docs/json', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(json(res).paths['/api/health']).toBeDefined();
  });

  it('an unreachable database makes /api/health answer 503', async () => {
    const broken = await createTestApp();
    await broken.database.close();
    const res = await broken.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(json(res)).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });
    await broken.app.close();
  });
});
