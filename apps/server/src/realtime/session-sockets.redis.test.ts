import { describe, expect, it } from 'vitest';
import { makeSignedInUser } from '../test/factories.js';
import { closed, sessionSocketsApp } from './session-sockets.fixture.js';

/**
 * A logout closes the session's sockets held by another server instance, told through the
 * Socket.IO Redis adapter: this file runs with TEST_REDIS_URL (vitest.config.ts includes
 * *.redis.test.ts then).
 */
const { app, client, startInstance, api } = sessionSocketsApp();

describe('a socket does not outlive its session, on any instance', () => {
  it('logout on one instance closes the socket held by another', async () => {
    const other = await startInstance();
    const a = await makeSignedInUser(app().database.db);
    const s = await client(other.port, a.token);
    await new Promise((r) => setTimeout(r, 300));
    const gone = closed(s);
    expect((await api('POST', '/api/auth/logout', a.token)).status).toBe(200);
    expect(await gone).toBe('io server disconnect');
  });
});
