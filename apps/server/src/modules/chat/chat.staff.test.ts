import { eq } from 'drizzle-orm';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { administrators } from '../../db/schema/index.js';
import { attachRealtime } from '../../realtime/index.js';
import { roomRules } from '../../realtime/rooms.js';
import { base, building, get, openConv, post, setUp, t } from './chat.fixture.js';

beforeAll(setUp);
afterAll(() => t.close());

describe('conversation rooms (Socket.IO)', () => {
  it('only members join a conversation room; staff join their syndic room', async () => {
    const b = await building();
    const conv = (await openConv(b.closed, { id: b.syndic.id, type: 'syndic' })).json().data;
    const http = createServer();
    const rt = attachRealtime(http, roomRules(t.database.db));
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
    const port = (http.address() as AddressInfo).port;
    const sockets: Socket[] = [];
    const client = (token: string) =>
      new Promise<Socket>((resolve, reject) => {
        const s = connect(`http://127.0.0.1:${port}`, {
          path: '/socket.io',
          auth: { token },
          transports: ['websocket'],
          reconnection: false,
        });
        sockets.push(s);
        s.on('connect', () => resolve(s));
        s.on('connect_error', reject);
      });
    const join = (s: Socket, id: string) =>
      new Promise<{ ok: boolean }>((resolve) => s.emit('join-conversation', id, resolve));
    try {
      const member = await client(b.closed.token);
      const staff = await client(b.staffUser.token);
      const third = await client(b.quiet.token);
      expect(await join(member, conv.id)).toEqual({ ok: true });
      expect(await join(staff, conv.id)).toEqual({ ok: true });
      expect(await join(third, conv.id)).toEqual({ ok: false });
      let leaked = false;
      third.on('chat-message', () => (leaked = true));
      const got = new Promise((r) => member.once('chat-message', r));
      const staffGot = new Promise((r) => staff.once('chat-update', r));
      rt.toRoom(`conversation:${conv.id}`, 'chat-message', { conversation_id: conv.id, message_id: 'm' });
      rt.toRoom(`syndic:${b.syndic.id}`, 'chat-update', {
        conversation_id: conv.id,
        coproprietaire_id: null,
      });
      expect(await got).toEqual({ conversation_id: conv.id, message_id: 'm' });
      expect(await staffGot).toEqual({ conversation_id: conv.id, coproprietaire_id: null });
      await new Promise((r) => setTimeout(r, 150));
      expect(leaked).toBe(false);
    } finally {
      for (const s of sockets) s.close();
      await rt.close();
      http.close();
    }
  });
});

describe('staff inbox (syndic staff answer for the syndic)', () => {
  it("lists and answers only its own syndic's conversations; the co-owner sees the staff member's name", async () => {
    const b = await building();
    const other = await building();
    const conv = (await openConv(b.open, { id: b.syndic.id, type: 'syndic' })).json().data;
    await openConv(other.open, { id: other.syndic.id, type: 'syndic' });
    await post(`${base(b.open.rec.id)}/conversations/${conv.id}/messages`, b.open.headers, {
      text: 'Bonjour, la porte du garage reste ouverte.',
    });
    const me = await get('/api/staff/me', b.staffUser.headers);
    expect(me.json().data).toMatchObject({ display_name: 'Sophie Garnier', syndic: { id: b.syndic.id } });
    const inbox = (await get('/api/staff/chat/conversations', b.staffUser.headers)).json().data;
    expect(inbox.conversations.map((c: { id: string }) => c.id)).toEqual([conv.id]);
    expect(inbox.conversations[0]).toMatchObject({ un_seen: 1, contact: { name: 'M. Paul Durand' } });
    t.realtime.sent.length = 0;
    const answer = await post(`/api/staff/chat/conversations/${conv.id}/messages`, b.staffUser.headers, {
      text: 'Bonjour, le serrurier passe demain.',
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toMatchObject({ mine: true, created_by_name: 'Sophie Garnier' });
    expect(t.realtime.sent.map((s) => `${s.event} ${s.room}`)).toContain(
      `chat-update coproprietaire:${b.open.rec.id}`,
    );
    expect((await get('/api/staff/chat/conversations', b.staffUser.headers)).json().data.un_seen).toBe(0);
    const seenByOwner = (
      await get(`${base(b.open.rec.id)}/conversations/${conv.id}/messages`, b.open.headers)
    ).json().data.messages;
    expect(seenByOwner[1]).toMatchObject({ mine: false, created_by_name: 'Sophie Garnier' });
    expect(seenByOwner[0]).toMatchObject({ mine: true, read: true });

    // another syndic's staff, a co-owner, a disabled staff member: 404
    for (const h of [other.staffUser.headers, b.open.headers]) {
      expect((await get(`/api/staff/chat/conversations/${conv.id}/messages`, h)).statusCode).toBe(404);
      expect(
        (await post(`/api/staff/chat/conversations/${conv.id}/messages`, h, { text: 'x' })).statusCode,
      ).toBe(404);
    }
    expect((await get('/api/staff/me', b.open.headers)).statusCode).toBe(404);
    await t.database.db
      .update(administrators)
      .set({ disabled_at: new Date() })
      .where(eq(administrators.id, b.staff.id));
    expect((await get('/api/staff/chat/conversations', b.staffUser.headers)).statusCode).toBe(404);
    expect((await get(`/api/syndics/${b.syndic.id}/accounts/chat`, b.open.headers)).json().data).toEqual([]);
  });
});
