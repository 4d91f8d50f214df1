import { eq } from 'drizzle-orm';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { administrators, chatMessages, coproprietaireSettings } from '../../db/schema/index.js';
import { attachRealtime } from '../../realtime/index.js';
import { roomRules } from '../../realtime/rooms.js';
import { makeCopropriete, makeCoproprietaire, makeSignedInUser, makeSyndic } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Who = Awaited<ReturnType<typeof makeSignedInUser>> & { rec: { id: string } };

/** A building of its own syndic: ordinary owners (opted in / out), a council member, staff. */
async function building() {
  const db = t.database.db;
  const syndic = await makeSyndic(db, { name: 'Cabinet Lefèvre Immobilier' });
  const copro = await makeCopropriete(db, { syndic_id: syndic.id });
  const owner = async (name: string, v: { council?: boolean; allow?: '0' | '1' } = {}): Promise<Who> => {
    const u = await makeSignedInUser(db);
    const rec = await makeCoproprietaire(db, {
      copropriete_id: copro.id,
      user_id: u.user.id,
      name,
      is_member_syndicat: !!v.council,
    });
    if (v.allow)
      await db.insert(coproprietaireSettings).values({
        coproprietaire_id: rec.id,
        key: 'chat-allow-other-owners',
        value: v.allow,
      });
    return { ...u, rec };
  };
  const staffUser = await makeSignedInUser(db);
  const [staff] = await db
    .insert(administrators)
    .values({
      syndic_id: syndic.id,
      user_id: staffUser.user.id,
      first_name: 'Sophie',
      last_name: 'Garnier',
      display_name: 'Sophie Garnier',
    })
    .returning();
  await db.insert(administrators).values({
    syndic_id: syndic.id,
    first_name: 'Sans',
    last_name: 'Compte',
    display_name: 'Sans Compte',
  });
  return {
    syndic,
    copro,
    staff: staff as typeof administrators.$inferSelect,
    staffUser,
    open: await owner('M. Paul Durand', { allow: '1' }),
    closed: await owner('Mme Léa Fontaine', { allow: '0' }),
    quiet: await owner('M. Karim Bensaïd'), // default: '0'
    council: await owner('Mme Claire Martin', { council: true, allow: '0' }),
  };
}

const base = (id: string) => `/api/coproprietaires/${id}/chat`;
const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, headers: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers, payload: payload as Record<string, unknown> });
const put = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'PUT', url, headers });

async function openConv(from: Who, to: { id: string; type: 'syndic' | 'coproprietaire' }) {
  return post(`${base(from.rec.id)}/conversations`, from.headers, {
    participant_id: to.id,
    participant_type: to.type,
  });
}
const rec = (w: Who) => ({ id: w.rec.id, type: 'coproprietaire' as const });

describe('§7 co-owner calls', () => {
  it('syndic-cpptr gives the syndic as a chat contact; another user gets 404', async () => {
    const b = await building();
    const res = await get(`/api/coproprietaires/${b.open.rec.id}/syndic-cpptr`, b.open.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: b.syndic.id,
      type: 'syndic',
      name: 'Cabinet Lefèvre Immobilier',
    });
    const other = await makeSignedInUser(t.database.db);
    expect((await get(`/api/coproprietaires/${b.open.rec.id}/syndic-cpptr`, other.headers)).statusCode).toBe(
      404,
    );
  });

  it('/syndics/{id}/accounts/chat lists the staff with an account; a co-owner of another syndic gets 404', async () => {
    const b = await building();
    const res = await get(`/api/syndics/${b.syndic.id}/accounts/chat`, b.open.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((a: { display_name: string }) => a.display_name)).toEqual(['Sophie Garnier']);
    const elsewhere = await building();
    expect((await get(`/api/syndics/${b.syndic.id}/accounts/chat`, elsewhere.open.headers)).statusCode).toBe(
      404,
    );
  });
});

describe('opt-out rule (SPEC §1), enforced by the server', () => {
  it('ordinary co-owners reach only those who opted in; council and syndic always', async () => {
    const b = await building();
    // ordinary → opted out, and → default (not opted in): refused
    expect((await openConv(b.open, rec(b.closed))).statusCode).toBe(403);
    expect((await openConv(b.open, rec(b.quiet))).statusCode).toBe(403);
    // ordinary → opted in: fine
    expect((await openConv(b.quiet, rec(b.open))).statusCode).toBe(200);
    // an opted-out co-owner can always write to the council (even one who opted out) and the syndic
    expect((await openConv(b.closed, rec(b.council))).statusCode).toBe(200);
    expect((await openConv(b.closed, { id: b.syndic.id, type: 'syndic' })).statusCode).toBe(200);
    // a council member reaches an opted-out co-owner
    const c = await openConv(b.council, rec(b.closed));
    expect(c.statusCode).toBe(200);
    expect(c.json().data.can_write).toBe(true);
    // the candidates say who is reachable, never oneself, syndic first
    const cand = (await get(`${base(b.open.rec.id)}/candidates`, b.open.headers)).json().data as {
      id: string;
      type: string;
      reachable: boolean;
    }[];
    expect(cand[0]).toMatchObject({ id: b.syndic.id, type: 'syndic', reachable: true });
    expect(cand.find((x) => x.id === b.open.rec.id)).toBeUndefined();
    expect(cand.find((x) => x.id === b.closed.rec.id)?.reachable).toBe(false);
    expect(cand.find((x) => x.id === b.council.rec.id)?.reachable).toBe(true);
  });

  it('an opted-out co-owner who wrote first gets answers; otherwise sending is refused', async () => {
    const b = await building();
    const conv = (await openConv(b.closed, rec(b.open))).json().data;
    expect(conv.can_write).toBe(true);
    // open (opted in) cannot write to closed until closed wrote
    const list = (await get(`${base(b.open.rec.id)}/conversations`, b.open.headers)).json().data;
    expect(list.conversations[0].can_write).toBe(false);
    const refused = await post(`${base(b.open.rec.id)}/conversations/${conv.id}/messages`, b.open.headers, {
      text: 'Bonjour',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      "Ce copropriétaire n'accepte pas les messages des autres copropriétaires.",
    );
    const first = await post(`${base(b.closed.rec.id)}/conversations/${conv.id}/messages`, b.closed.headers, {
      text: 'Bonjour Paul, une question sur le parking.',
    });
    expect(first.statusCode).toBe(200);
    const reply = await post(`${base(b.open.rec.id)}/conversations/${conv.id}/messages`, b.open.headers, {
      text: 'Bonjour, je vous écoute.',
    });
    expect(reply.statusCode).toBe(200);
  });
});

describe('conversations, unseen counts, realtime', () => {
  it('sends, counts unseen, marks seen and read, emits to the rooms', async () => {
    const b = await building();
    const conv = (await openConv(b.council, rec(b.open))).json().data;
    // opening again finds the same conversation (one per pair)
    expect((await openConv(b.open, rec(b.council))).json().data.id).toBe(conv.id);
    t.realtime.sent.length = 0;
    for (const text of ['Bonjour Paul', 'Le conseil se réunit jeudi.'])
      expect(
        (
          await post(`${base(b.council.rec.id)}/conversations/${conv.id}/messages`, b.council.headers, {
            text,
          })
        ).statusCode,
      ).toBe(200);
    const rooms = t.realtime.sent.map((s) => `${s.event} ${s.room}`);
    expect(rooms).toContain(`chat-message conversation:${conv.id}`);
    expect(rooms).toContain(`chat-update coproprietaire:${b.open.rec.id}`);
    expect(rooms).toContain(`chat-update coproprietaire:${b.council.rec.id}`);

    expect((await get(`${base(b.open.rec.id)}/unseen`, b.open.headers)).json().data).toEqual({ un_seen: 2 });
    const list = (await get(`${base(b.open.rec.id)}/conversations`, b.open.headers)).json().data;
    expect(list.un_seen).toBe(2);
    expect(list.conversations[0]).toMatchObject({
      id: conv.id,
      un_seen: 2,
      contact: { id: b.council.rec.id, name: 'Mme Claire Martin', position: 'Conseil Syndical' },
      last_message: { text: 'Le conseil se réunit jeudi.', mine: false },
    });
    let msgs = (
      await get(`${base(b.council.rec.id)}/conversations/${conv.id}/messages`, b.council.headers)
    ).json().data.messages;
    expect(msgs.map((m: { read: boolean; mine: boolean }) => [m.mine, m.read])).toEqual([
      [true, false],
      [true, false],
    ]);
    expect(
      (await put(`${base(b.open.rec.id)}/conversations/${conv.id}/seen`, b.open.headers)).statusCode,
    ).toBe(200);
    expect((await get(`${base(b.open.rec.id)}/unseen`, b.open.headers)).json().data).toEqual({ un_seen: 0 });
    msgs = (
      await get(`${base(b.council.rec.id)}/conversations/${conv.id}/messages`, b.council.headers)
    ).json().data.messages;
    expect(msgs.every((m: { read: boolean }) => m.read)).toBe(true);
    expect(msgs[0].created_by_name).toBe('Mme Claire Martin');
  });

  it("in a conversation with 'the syndic', a staff member's answer is the syndic's and carries their name", async () => {
    const b = await building();
    const conv = (await openConv(b.open, { id: b.syndic.id, type: 'syndic' })).json().data;
    expect(conv.contact).toMatchObject({ type: 'syndic', name: 'Cabinet Lefèvre Immobilier' });
    await post(`${base(b.open.rec.id)}/conversations/${conv.id}/messages`, b.open.headers, {
      text: 'La porte du garage reste ouverte.',
    });
    await t.database.db.insert(chatMessages).values({
      conversation_id: conv.id,
      created_by: b.staff.id,
      text: 'Le serrurier passe demain matin.',
    });
    const msgs = (
      await get(`${base(b.open.rec.id)}/conversations/${conv.id}/messages`, b.open.headers)
    ).json().data.messages;
    expect(msgs.map((m: { mine: boolean; created_by_name: string }) => [m.mine, m.created_by_name])).toEqual([
      [true, 'M. Paul Durand'],
      [false, 'Sophie Garnier'],
    ]);
    const list = (await get(`${base(b.open.rec.id)}/conversations`, b.open.headers)).json().data;
    expect(list.conversations[0].last_message).toMatchObject({
      text: 'Le serrurier passe demain matin.',
      mine: false,
    });
  });

  it('a third co-owner and a co-owner of another building get 404 everywhere', async () => {
    const b = await building();
    const conv = (await openConv(b.council, rec(b.open))).json().data;
    const elsewhere = await building();
    for (const intruder of [b.quiet, elsewhere.open]) {
      // with their own record in the path
      const mine = `${base(intruder.rec.id)}/conversations/${conv.id}`;
      expect((await get(`${mine}/messages`, intruder.headers)).statusCode).toBe(404);
      expect((await post(`${mine}/messages`, intruder.headers, { text: 'x' })).statusCode).toBe(404);
      expect((await put(`${mine}/seen`, intruder.headers)).statusCode).toBe(404);
      // with a member's record in the path
      const theirs = `${base(b.open.rec.id)}/conversations/${conv.id}`;
      expect((await get(`${theirs}/messages`, intruder.headers)).statusCode).toBe(404);
      expect((await get(`${base(b.open.rec.id)}/conversations`, intruder.headers)).statusCode).toBe(404);
    }
    // a co-owner of another building cannot be chosen as a peer
    expect((await openConv(b.council, rec(elsewhere.open))).statusCode).toBe(404);
    expect((await openConv(b.council, { id: elsewhere.syndic.id, type: 'syndic' })).statusCode).toBe(404);
    expect((await openConv(b.council, rec(b.council))).statusCode).toBe(404);
  });

  it('loads the last 25 messages and the older ones page by page', async () => {
    const b = await building();
    const conv = (await openConv(b.council, rec(b.open))).json().data;
    for (let i = 1; i <= 60; i++)
      await post(`${base(b.council.rec.id)}/conversations/${conv.id}/messages`, b.council.headers, {
        text: `Message ${i}`,
      });
    const url = `${base(b.open.rec.id)}/conversations/${conv.id}/messages`;
    const p1 = (await get(url, b.open.headers)).json().data;
    expect(p1.messages).toHaveLength(25);
    expect(p1.messages[0].text).toBe('Message 36');
    expect(p1.messages[24].text).toBe('Message 60');
    expect(p1.has_more).toBe(true);
    const p2 = (await get(`${url}?before=${p1.messages[0].id}`, b.open.headers)).json().data;
    expect(p2.messages.map((m: { text: string }) => m.text)[0]).toBe('Message 11');
    expect(p2.has_more).toBe(true);
    const p3 = (await get(`${url}?before=${p2.messages[0].id}`, b.open.headers)).json().data;
    expect(p3.messages).toHaveLength(10);
    expect(p3.has_more).toBe(false);
  });
});

describe('attachments', () => {
  it('uploads under the own prefix, checks the content and serves a signed URL to members only', async () => {
    const b = await building();
    const conv = (await openConv(b.council, rec(b.open))).json().data;
    const up = await post(`${base(b.council.rec.id)}/attachments/presigned-url`, b.council.headers, {
      file_name: 'devis.pdf',
      file_type: 'application/pdf',
    });
    expect(up.statusCode).toBe(200);
    const { key } = up.json().data;
    await t.app.platform.storage.put(key, Buffer.from('%PDF-1.4\n%%EOF\n'), 'application/pdf');
    const sent = await post(
      `${base(b.council.rec.id)}/conversations/${conv.id}/messages`,
      b.council.headers,
      {
        text: 'Le devis Otis',
        files: [{ key, name: 'Devis Otis 2026.pdf' }],
      },
    );
    expect(sent.statusCode).toBe(200);
    const file = sent.json().data.files[0];
    expect(file).toMatchObject({
      name: 'Devis Otis 2026.pdf',
      content_type: 'application/pdf',
      size: 15,
      index: 0,
    });
    const url = `${base(b.open.rec.id)}/conversations/${conv.id}/files/${file.id}`;
    const got = await get(url, b.open.headers);
    expect(got.statusCode).toBe(200);
    expect(got.json().data.url).toContain('/files/');
    expect((await get(url, b.quiet.headers)).statusCode).toBe(404);
    expect(
      (await get(`${base(b.quiet.rec.id)}/conversations/${conv.id}/files/${file.id}`, b.quiet.headers))
        .statusCode,
    ).toBe(404);

    // someone else's key, a fake PDF, a refused type: 400, nothing written
    const theirs = await post(`${base(b.open.rec.id)}/conversations/${conv.id}/messages`, b.open.headers, {
      files: [{ key, name: 'copie.pdf' }],
    });
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json().errors).toHaveProperty('files.0');
    const fake = (
      await post(`${base(b.open.rec.id)}/attachments/presigned-url`, b.open.headers, {
        file_name: 'x.pdf',
        file_type: 'application/pdf',
      })
    ).json().data.key;
    await t.app.platform.storage.put(fake, Buffer.from('<html>'), 'application/pdf');
    expect(
      (
        await post(`${base(b.open.rec.id)}/conversations/${conv.id}/messages`, b.open.headers, {
          text: 'voici',
          files: [{ key: fake, name: 'x.pdf' }],
        })
      ).statusCode,
    ).toBe(400);
    const exe = await post(`${base(b.open.rec.id)}/attachments/presigned-url`, b.open.headers, {
      file_name: 'x.exe',
      file_type: 'application/x-msdownload',
    });
    expect(exe.statusCode).toBe(400);
    const msgs = (
      await get(`${base(b.open.rec.id)}/conversations/${conv.id}/messages`, b.open.headers)
    ).json().data.messages;
    expect(msgs).toHaveLength(1);
  });
});

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
