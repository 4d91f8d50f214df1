import { describe, expect, it } from 'vitest';
import { notify } from '../modules/notifications/notify.js';
import { makeCoproprietaire, makeSignedInUser } from '../test/factories.js';
import { join, next, realtimeApp } from './realtime.fixture.js';

/**
 * Two server instances reach each other's sockets only through the Socket.IO Redis adapter: this
 * file runs with TEST_REDIS_URL (vitest.config.ts includes *.redis.test.ts then).
 */
const { app, startInstance, client } = realtimeApp();

describe('Socket.IO realtime across instances (Redis adapter)', () => {
  it('fans out across instances through Redis', async () => {
    const one = await startInstance();
    const two = await startInstance();
    const u = await makeSignedInUser(app().database.db);
    const s = await client(two.port, u.token);
    await new Promise((r) => setTimeout(r, 300));
    const got = next(s, 'ping-fanout');
    one.rt.toUser(u.user.id, 'ping-fanout', { from: 'one' });
    expect(await got).toEqual({ from: 'one' });
  });

  it("a notification created on one instance reaches the record's room on the other", async () => {
    const one = await startInstance();
    const two = await startInstance();
    const u = await makeSignedInUser(app().database.db);
    const rec = await makeCoproprietaire(app().database.db, { user_id: u.user.id });
    const s = await client(two.port, u.token);
    expect(await join(s, rec.id)).toEqual({ ok: true });
    await new Promise((r) => setTimeout(r, 200));
    const got = next(s, 'notification');
    // Once only, although the socket is in both the user's and the record's room.
    let count = 0;
    s.on('notification', () => count++);
    const res = await notify(
      { db: app().database.db, realtime: one.rt, config: { env: 'test', publicUrl: 'http://localhost' } },
      { coproprietaireId: rec.id },
      { title: 'Ascenseur', body: 'En service.' },
    );
    expect(await got).toMatchObject({
      notification_action: 'new',
      notification_id: res.ids[0],
      total_notification: 1,
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(count).toBe(1);
  });
});
