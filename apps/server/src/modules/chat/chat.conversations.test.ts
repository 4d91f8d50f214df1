import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages } from '../../db/schema/index.js';
import { base, building, get, openConv, post, put, rec, setUp, t } from './chat.fixture.js';

beforeAll(setUp);
afterAll(() => t.close());

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
