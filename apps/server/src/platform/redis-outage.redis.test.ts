import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshEmail, freshIp } from '../test/factories.identity.js';
import { makeUser, TEST_PASSWORD } from '../test/factories.js';
import { createTestApp, json, type TestApp } from '../test/harness.js';
import { ownRedis, until } from '../test/own-redis.js';

/**
 * The shared Redis goes away under a running instance: sign-in, the captcha challenge and the
 * rate limits keep answering (counted in the instance's memory meanwhile), never a 500; the
 * readiness check says degraded while liveness and health stay up; once Redis is back the
 * counters are shared again. The test stops and starts a redis-server of its own (the machine's
 * is never touched); it runs with the Redis suite (TEST_REDIS_URL, vitest.config.ts).
 */
const redis = ownRedis();
let t: TestApp;
let user: Awaited<ReturnType<typeof makeUser>>;
const NS = `outage-${Date.now()}-`;

beforeAll(async () => {
  await redis.start();
  t = await createTestApp({ env: { REDIS_URL: redis.url, RATE_LIMIT_NAMESPACE: NS } });
  user = await makeUser(t.database.db, { email: freshEmail() });
  await until(async () => (await ready()).redis === 'up', 'instance connected to Redis');
});
afterAll(async () => {
  redis.resume();
  await t?.close();
  await redis.kill();
});

const get = (url: string) => t.app.inject({ method: 'GET', url, remoteAddress: freshIp() });
const ready = async () => json(await get('/api/ready')).data ?? {};
const login = (ip: string, email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: ip, payload: { email, password } });

async function sharedKeys() {
  const c = new Redis(redis.url, { lazyConnect: true });
  await c.connect();
  const keys = await c.keys(`${NS}*`);
  c.disconnect();
  return keys;
}

describe('Redis goes away', () => {
  it('while Redis answers, the counters are in Redis and the instance is ready', async () => {
    expect(json(await get('/api/ready'))).toEqual({
      success: true,
      data: { status: 'ok', database: 'up', redis: 'up' },
    });
    expect((await login(freshIp(), user.email as string, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await sharedKeys()).length).toBeGreaterThan(0);
  });

  it('Redis killed: sign-in, captcha and limits answer (never 500), ready says degraded, live and health stay up', {
    timeout: 120_000,
  }, async () => {
    await redis.kill();
    await until(async () => (await ready()).status === 'degraded', 'readiness degraded');
    const res = await get('/api/ready');
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toEqual({ status: 'degraded', database: 'up', redis: 'down' });
    expect((await get('/api/live')).statusCode).toBe(200);
    expect((await get('/api/health')).statusCode).toBe(200);

    const signIn = await login(freshIp(), user.email as string, TEST_PASSWORD);
    expect(signIn.statusCode).toBe(200);
    expect(json(signIn).data.token).toEqual(expect.any(String));
    const challenge = await get('/api/captcha/challenge');
    expect(challenge.statusCode).toBe(200);
    expect(json(challenge).data).toMatchObject({ algorithm: expect.any(String) });

    // The limits still hold, in this instance's memory: past 5 failures of one account a captcha
    // is asked for, and one address is stopped after 30 sign-ins in 10 minutes.
    const victim = await makeUser(t.database.db, { email: freshEmail() });
    const ip = freshIp();
    const answers: { statusCode: number; body: string }[] = [];
    for (let i = 0; i < 6; i++) answers.push(await login(ip, victim.email as string, 'Mauvais1234'));
    for (const a of answers.slice(0, 5)) expect(a.statusCode).toBe(401);
    expect(json(answers[5]).code).toBe('CAPTCHA_REQUIRED');
    const flood = freshIp();
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) codes.push((await login(flood, freshEmail(), 'Mauvais1234')).statusCode);
    expect(codes.filter((c) => c >= 500)).toEqual([]);
    expect(codes.at(-1)).toBe(429);
    expect(json(await login(flood, freshEmail(), 'Mauvais1234')).message).toMatch(
      /Trop de tentatives|réessayer/i,
    );
  });

  it('Redis back: the instance is ready again and counts in Redis', async () => {
    await redis.start();
    await until(async () => (await ready()).status === 'ok', 'readiness ok again');
    const before = (await sharedKeys()).length;
    expect((await login(freshIp(), user.email as string, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await sharedKeys()).length).toBeGreaterThan(before);
  });

  it('a Redis that hangs (connection open, no answer) costs a sign-in one timeout, then none', {
    timeout: 60_000,
  }, async () => {
    redis.pause();
    const started = Date.now();
    const first = await login(freshIp(), user.email as string, TEST_PASSWORD);
    const firstMs = Date.now() - started;
    expect(first.statusCode).toBe(200);
    expect(json(await get('/api/ready')).data.status).toBe('degraded');
    const again = Date.now();
    expect((await login(freshIp(), user.email as string, TEST_PASSWORD)).statusCode).toBe(200);
    // The first waited on one command's timeout (1 s); the next goes straight to memory.
    expect(firstMs).toBeLessThan(5_000);
    expect(Date.now() - again).toBeLessThan(firstMs);
    redis.resume();
  });
});
