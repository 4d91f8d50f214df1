import { describe, expect, it } from 'vitest';
import { resolveToken } from '../modules/identity/session.service.js';
import { makeCoproprietaire, makeSignedInUser } from '../test/factories.js';
import { join, next, realtimeApp } from './realtime.fixture.js';

const { app, startInstance, client } = realtimeApp();

describe('Socket.IO realtime', () => {
  it('refuses a handshake without a valid session token', async () => {
    const inst = await startInstance();
    await expect(client(inst.port)).rejects.toThrow('UNAUTHORIZED');
    await expect(client(inst.port, 'not-a-session')).rejects.toThrow('UNAUTHORIZED');
    // The QR sign-in namespace stays public (the desktop has no session yet).
    const qr = await client(inst.port, undefined, '/qr');
    const id = '0b7c6a3e-6a43-4f4e-9d7c-2b4f0f6c1a11';
    qr.emit('join-qr', id);
    await new Promise((r) => setTimeout(r, 100));
    const got = next(qr, 'qr-scanned');
    inst.rt.toRoom(`qr:${id}`, 'qr-scanned', { fullName: 'X' });
    expect(await got).toEqual({ fullName: 'X' });
  });

  it("joins a record's room only for the user who holds it", async () => {
    const inst = await startInstance();
    const a = await makeSignedInUser(app().database.db);
    const b = await makeSignedInUser(app().database.db);
    const rec = await makeCoproprietaire(app().database.db, { user_id: a.user.id });
    const sa = await client(inst.port, a.token);
    const sb = await client(inst.port, b.token);
    expect(await join(sa, rec.id)).toEqual({ ok: true });
    expect(await join(sb, rec.id)).toEqual({ ok: false });
    expect(await join(sb, 'nope')).toEqual({ ok: false });
    let leaked = false;
    sb.on('notification', () => (leaked = true));
    const got = next(sa, 'notification');
    inst.rt.toRoom(`coproprietaire:${rec.id}`, 'notification', { n: 1 });
    expect(await got).toEqual({ n: 1 });
    await new Promise((r) => setTimeout(r, 200));
    expect(leaked).toBe(false);
  });

  it('disconnects the sockets of a session', async () => {
    const inst = await startInstance();
    const a = await makeSignedInUser(app().database.db);
    const s = await client(inst.port, a.token);
    const closed = new Promise((r) => s.on('disconnect', r));
    const session = await resolveToken(app().database.db, a.token);
    inst.rt.disconnectSession(session!.sessionId);
    expect(await closed).toBe('io server disconnect');
  });

  it("delivers a user's events to that user's sockets only", async () => {
    const inst = await startInstance();
    const a = await makeSignedInUser(app().database.db);
    const b = await makeSignedInUser(app().database.db);
    const sa = await client(inst.port, a.token);
    const sb = await client(inst.port, b.token);
    const gotA = next(sa, 'notification');
    let leaked = false;
    sb.on('notification', () => (leaked = true));
    inst.rt.toUser(a.user.id, 'notification', { action: 'new' });
    expect(await gotA).toEqual({ action: 'new' });
    await new Promise((r) => setTimeout(r, 200));
    expect(leaked).toBe(false);
  });
});
