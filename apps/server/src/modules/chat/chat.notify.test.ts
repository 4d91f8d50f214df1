import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { administrators, coproprietaireSettings, notifications, outbox } from '../../db/schema/index.js';
import { makeCopropriete, makeCoproprietaire, makeSignedInUser, makeSyndic } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

/**
 * A chat message notifies the other participant through notify.ts (decision 57): type CHAT, the
 * page of the conversation, at most one unread notification per conversation and recipient (later
 * messages rewrite it, without another push or e-mail), read when the conversation is opened;
 * a send the opt-out refuses notifies nobody; the syndic's staff are not notified.
 */

let t: TestApp;
/** Each committed transaction and each live emit, in order. */
let order: string[] = [];
beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const transaction = db.transaction.bind(db);
  db.transaction = (async (...args: Parameters<typeof transaction>) => {
    const r = await transaction(...args);
    order.push('commit');
    return r;
  }) as typeof db.transaction;
  const toRooms = t.realtime.toRooms;
  t.realtime.toRooms = (rooms, event, payload) => {
    order.push(`emit:${event}`);
    toRooms(rooms, event, payload);
  };
});
afterAll(() => t.close());
beforeEach(() => {
  order = [];
  t.realtime.sent.length = 0;
});

type Who = Awaited<ReturnType<typeof makeSignedInUser>> & { rec: { id: string } };

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
      await db
        .insert(coproprietaireSettings)
        .values({ coproprietaire_id: rec.id, key: 'chat-allow-other-owners', value: v.allow });
    return { ...u, rec };
  };
  const staffUser = await makeSignedInUser(db);
  await db.insert(administrators).values({
    syndic_id: syndic.id,
    user_id: staffUser.user.id,
    first_name: 'Sophie',
    last_name: 'Garnier',
    display_name: 'Sophie Garnier',
  });
  return {
    syndic,
    staffUser,
    open: await owner('M. Paul Durand', { allow: '1' }),
    closed: await owner('Mme Léa Fontaine', { allow: '0' }),
    council: await owner('Mme Claire Martin', { council: true }),
  };
}

const base = (id: string) => `/api/coproprietaires/${id}/chat`;
const inject = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload: payload as Record<string, unknown> } : {}) });
async function openConv(from: Who, to: { id: string; type: 'syndic' | 'coproprietaire' }) {
  const r = await inject('POST', `${base(from.rec.id)}/conversations`, from.headers, {
    participant_id: to.id,
    participant_type: to.type,
  });
  return { status: r.statusCode, id: r.json().data?.id as string };
}
const say = (from: Who, conv: string, text: string) =>
  inject('POST', `${base(from.rec.id)}/conversations/${conv}/messages`, from.headers, { text });
const chatNotifs = (recId: string) =>
  t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.coproprietaire_id, recId), eq(notifications.type, 'CHAT')));

describe('a chat message notifies the other participant', () => {
  it('one unread notification per conversation: the first rings, the next rewrite it; after the commit', async () => {
    const b = await building();
    const conv = await openConv(b.council, { id: b.open.rec.id, type: 'coproprietaire' });
    expect(conv.status).toBe(200);
    expect((await say(b.council, conv.id, 'Bonjour Paul')).statusCode).toBe(200);
    let mine = await chatNotifs(b.open.rec.id);
    expect(mine).toHaveLength(1);
    const first = mine[0];
    expect(first).toMatchObject({
      title: 'Nouveau message dans la messagerie',
      body: 'Mme Claire Martin\u202f: « Bonjour Paul »',
      is_read: false,
      sender: { id: b.council.rec.id, name: 'Mme Claire Martin', type: 'coproprietaire' },
      data: { url: `/{id}/messaging?c=${conv.id}`, conversation_id: conv.id },
    });
    // The author is not notified.
    expect(await chatNotifs(b.council.rec.id)).toEqual([]);
    // Live to the recipient's rooms once the message committed.
    const rooms = t.realtime.sent.filter((s) => s.event === 'notification').map((s) => s.room);
    expect(rooms.sort()).toEqual([`coproprietaire:${b.open.rec.id}`, `user:${b.open.user.id}`]);
    expect(order.lastIndexOf('emit:notification')).toBeGreaterThan(order.indexOf('commit'));
    const rang = await t.database.db.select().from(outbox).where(eq(outbox.ref_id, first.id));
    expect(rang.map((r) => r.channel)).toEqual(['email']);
    // The page the notification opens is the conversation.
    const detail = await inject('GET', `/api/coproprietaires/notifications/${first.id}`, b.open.headers);
    expect(detail.json().data.url).toBe(`/${b.open.rec.id}/messaging?c=${conv.id}`);

    t.realtime.sent.length = 0;
    const long = `Le conseil se réunit jeudi à 18 h ${'pour parler du ravalement, '.repeat(8)}fin.`;
    expect((await say(b.council, conv.id, long)).statusCode).toBe(200);
    mine = await chatNotifs(b.open.rec.id);
    expect(mine).toHaveLength(1);
    expect(mine[0].id).toBe(first.id);
    expect(mine[0].body.startsWith('Mme Claire Martin\u202f: « Le conseil se réunit jeudi à 18 h')).toBe(
      true,
    );
    expect(mine[0].body.endsWith('… »')).toBe(true);
    expect(mine[0].created_date.getTime()).toBeGreaterThan(first.created_date.getTime());
    // Rewritten, not rung again: no further push or e-mail; the lists hear of it ('new', same id).
    expect(await t.database.db.select().from(outbox).where(eq(outbox.ref_id, first.id))).toHaveLength(1);
    const ev = t.realtime.sent.find(
      (s) => s.event === 'notification' && s.room === `coproprietaire:${b.open.rec.id}`,
    );
    expect(ev?.payload).toMatchObject({
      notification_action: 'new',
      notification_id: first.id,
      total_notification: 1,
    });
  });

  it('opening the conversation reads its notification; the next message notifies again', async () => {
    const b = await building();
    const conv = await openConv(b.council, { id: b.open.rec.id, type: 'coproprietaire' });
    await say(b.council, conv.id, 'Premier');
    t.realtime.sent.length = 0;
    expect(
      (await inject('PUT', `${base(b.open.rec.id)}/conversations/${conv.id}/seen`, b.open.headers))
        .statusCode,
    ).toBe(200);
    let mine = await chatNotifs(b.open.rec.id);
    expect(mine.map((n) => n.is_read)).toEqual([true]);
    const read = t.realtime.sent.find(
      (s) => s.event === 'notification' && s.room === `user:${b.open.user.id}`,
    );
    expect(read?.payload).toMatchObject({ notification_action: 'read', notification_id: mine[0].id });

    await say(b.council, conv.id, 'Second');
    mine = await chatNotifs(b.open.rec.id);
    expect(mine).toHaveLength(2);
    expect(mine.filter((n) => !n.is_read).map((n) => n.body)).toEqual([
      'Mme Claire Martin\u202f: « Second »',
    ]);

    // Read from the bell instead: the next message is a new notification too.
    const unread = mine.find((n) => !n.is_read)!;
    expect(
      (await inject('PUT', `/api/coproprietaires/notifications/${unread.id}/read`, b.open.headers))
        .statusCode,
    ).toBe(200);
    await say(b.council, conv.id, 'Troisième');
    expect((await chatNotifs(b.open.rec.id)).filter((n) => !n.is_read)).toHaveLength(1);
    expect(await chatNotifs(b.open.rec.id)).toHaveLength(3);
  });

  it('a send the opt-out refuses notifies nobody; each conversation has its own notification', async () => {
    const b = await building();
    // closed opted out: open (ordinary) may not start with them.
    const conv = await openConv(b.closed, { id: b.open.rec.id, type: 'coproprietaire' });
    expect((await say(b.open, conv.id, 'Bonjour')).statusCode).toBe(403);
    expect(await chatNotifs(b.closed.rec.id)).toEqual([]);
    // Once closed wrote, open may answer, and closed is notified.
    await say(b.closed, conv.id, 'Une question sur le parking');
    expect(await chatNotifs(b.open.rec.id)).toHaveLength(1);
    await say(b.open, conv.id, 'Je vous écoute');
    expect((await chatNotifs(b.closed.rec.id)).map((n) => n.body)).toEqual([
      'M. Paul Durand\u202f: « Je vous écoute »',
    ]);
    // A second conversation of open's: a second unread notification.
    const other = await openConv(b.council, { id: b.open.rec.id, type: 'coproprietaire' });
    await say(b.council, other.id, 'Bonjour');
    const byConv = (await chatNotifs(b.open.rec.id)).map(
      (n) => (n.data as { conversation_id: string }).conversation_id,
    );
    expect(byConv.sort()).toEqual([conv.id, other.id].sort());
  });

  it("the syndic's staff are not notified; their answer notifies the co-owner, named", async () => {
    const b = await building();
    const conv = await openConv(b.open, { id: b.syndic.id, type: 'syndic' });
    await say(b.open, conv.id, 'Bonjour, la porte du hall ferme mal.');
    const staffOwn = await t.database.db
      .select()
      .from(notifications)
      .where(inArray(notifications.user_id, [b.staffUser.user.id]));
    expect(staffOwn).toEqual([]);
    const answer = await inject(
      'POST',
      `/api/staff/chat/conversations/${conv.id}/messages`,
      b.staffUser.headers,
      {
        text: 'Merci, le serrurier passe demain.',
      },
    );
    expect(answer.statusCode).toBe(200);
    const [n] = await chatNotifs(b.open.rec.id);
    expect(n).toMatchObject({
      body: 'Sophie Garnier\u202f: « Merci, le serrurier passe demain. »',
      sender: { name: 'Sophie Garnier', type: 'administrator' },
    });
  });
});
