import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '../db/schema/index.js';
import { sha256 } from '../lib/crypto.js';
import { createSession } from '../modules/identity/session.service.js';
import { makeSignedInUser, TEST_PASSWORD } from '../test/factories.js';
import { closed, sessionSocketsApp } from './session-sockets.fixture.js';

/**
 * A Socket.IO connection must not outlive its token: logout, password change and session expiry
 * close that session's sockets (on every instance: session-sockets.redis.test.ts). Real server,
 * real socket.io client.
 */
const { app, port, client, api } = sessionSocketsApp();

describe('a socket does not outlive its session', () => {
  it('logout closes the sockets of that session, and only those; the token no longer connects', async () => {
    const a = await makeSignedInUser(app().database.db);
    const other = await createSession(app().database.db, a.user.id);
    const s = await client(port(), a.token);
    const kept = await client(port(), other);
    const gone = closed(s);
    const res = await api('POST', '/api/auth/logout', a.token);
    expect(res.status).toBe(200);
    expect(await gone).toBe('io server disconnect');
    // Events sent afterwards to the user reach only the session still signed in.
    let leaked = false;
    s.on('finances-updated', () => (leaked = true));
    const got = new Promise((r) => kept.once('finances-updated', r));
    app().app.realtime.toUser(a.user.id, 'finances-updated', { coproprietaire_id: 'x' });
    expect(await got).toEqual({ coproprietaire_id: 'x' });
    expect(leaked).toBe(false);
    expect(kept.connected).toBe(true);
    await expect(client(port(), a.token)).rejects.toThrow('UNAUTHORIZED');
  });

  it("a password change closes the user's other sessions' sockets, not the current one", async () => {
    const a = await makeSignedInUser(app().database.db);
    const phone = await createSession(app().database.db, a.user.id);
    const here = await client(port(), a.token);
    const there = await client(port(), phone);
    const gone = closed(there);
    const res = await api('PUT', '/api/accounts/change-password', a.token, {
      old_password: TEST_PASSWORD,
      new_password: 'Nouveau2025',
    });
    expect(res.status).toBe(200);
    expect(await gone).toBe('io server disconnect');
    await new Promise((r) => setTimeout(r, 200));
    expect(here.connected).toBe(true);
  });

  it('closes a socket when its session expires', async () => {
    const a = await makeSignedInUser(app().database.db);
    await app()
      .database.db.update(sessions)
      .set({ expires_at: new Date(Date.now() + 1500) })
      .where(eq(sessions.token_hash, sha256(a.token)));
    const s = await client(port(), a.token);
    expect(await closed(s, 6000)).toBe('io server disconnect');
  });
});
