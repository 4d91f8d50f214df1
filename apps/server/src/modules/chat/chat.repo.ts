import { and, desc, eq, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { chatMessages, conversationMembers, conversations, files } from '../../db/schema/index.js';

export type { Tx };
type Q = Db | Tx;

export type MemberRow = typeof conversationMembers.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;

/** The conversation and both member rows, when `participantId` is one of its members. */
export async function findMembership(db: Q, conversationId: string, participantId: string) {
  const rows = await db
    .select({ conversation: conversations, member: conversationMembers })
    .from(conversations)
    .innerJoin(conversationMembers, eq(conversationMembers.conversation_id, conversations.id))
    .where(eq(conversations.id, conversationId));
  const me = rows.find((r) => r.member.participant_id === participantId);
  const other = rows.find((r) => r.member.participant_id !== participantId);
  if (!me || !other) return null;
  return { conversation: me.conversation, me: me.member, other: other.member };
}

/** A conversation's key: its two participants' ids, in order (one conversation per pair). */
export const conversationKey = (a: string, b: string) => [a, b].sort().join('_');

export async function findByKey(db: Q, key: string) {
  const [row] = await db.select().from(conversations).where(eq(conversations.key, key)).limit(1);
  return row ?? null;
}

/** Creates the conversation and its two members; an existing key wins (two concurrent opens). */
export async function createConversation(
  tx: Tx,
  coproprieteId: string,
  key: string,
  a: { id: string; type: string },
  b: { id: string; type: string },
) {
  const [row] = await tx
    .insert(conversations)
    .values({ copropriete_id: coproprieteId, key })
    .onConflictDoNothing({ target: conversations.key })
    .returning();
  if (!row) return (await findByKey(tx, key)) as typeof conversations.$inferSelect;
  await tx.insert(conversationMembers).values([
    { conversation_id: row.id, participant_id: a.id, participant_type: a.type },
    { conversation_id: row.id, participant_id: b.id, participant_type: b.type },
  ]);
  return row;
}

export interface ListRow {
  id: string;
  copropriete_id: string;
  un_seen: number;
  other_id: string;
  other_type: string;
  other_last_seen_at: string | null;
  last_text: string | null;
  last_files: number | null;
  last_created_by: string | null;
  last_created_date: string | null;
}

/** One statement: the participant's conversations, the other member and the last message. */
export async function listForParticipants(db: Q, participantIds: string[]): Promise<ListRow[]> {
  if (participantIds.length === 0) return [];
  const ids = sql.join(
    participantIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const r = await db.execute(sql`
    select c.id, c.copropriete_id, me.un_seen, o.participant_id as other_id, o.participant_type as other_type,
      o.last_seen_at as other_last_seen_at,
      lm.text as last_text, lm.n_files as last_files, lm.created_by as last_created_by,
      lm.created_date as last_created_date
    from conversation_members me
    join conversations c on c.id = me.conversation_id
    join conversation_members o on o.conversation_id = c.id and o.participant_id <> me.participant_id
    left join lateral (
      select m.text, jsonb_array_length(m.files) as n_files, m.created_by, m.created_date
      from chat_messages m where m.conversation_id = c.id
      order by m.created_date desc, m.id desc limit 1
    ) lm on true
    where me.participant_id in (${ids})
    order by coalesce(c.last_message_at, c.created_at) desc, c.id`);
  return (r as unknown as { rows: ListRow[] }).rows.map((row) => ({
    ...row,
    un_seen: Number(row.un_seen),
    last_files: row.last_files == null ? null : Number(row.last_files),
    last_created_date: row.last_created_date ? new Date(row.last_created_date).toISOString() : null,
    other_last_seen_at: row.other_last_seen_at ? new Date(row.other_last_seen_at).toISOString() : null,
  }));
}

export async function totalUnseen(db: Q, participantId: string) {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${conversationMembers.un_seen}), 0)::int` })
    .from(conversationMembers)
    .where(eq(conversationMembers.participant_id, participantId));
  return Number(row?.n ?? 0);
}

/** Up to `limit + 1` messages, newest first, strictly before `before` (a message of the conversation). */
export async function pageMessages(db: Q, conversationId: string, limit: number, before?: MessageRow) {
  const older = before
    ? or(
        lt(chatMessages.created_date, before.created_date),
        and(eq(chatMessages.created_date, before.created_date), lt(chatMessages.id, before.id)),
      )
    : undefined;
  return db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.conversation_id, conversationId), older))
    .orderBy(desc(chatMessages.created_date), desc(chatMessages.id))
    .limit(limit + 1);
}

export async function findMessage(db: Q, conversationId: string, id: string) {
  const [row] = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.conversation_id, conversationId), eq(chatMessages.id, id)))
    .limit(1);
  return row ?? null;
}

export async function insertMessage(tx: Tx, values: typeof chatMessages.$inferInsert) {
  const [row] = await tx.insert(chatMessages).values(values).returning();
  return row as MessageRow;
}

/** After a message: the sender has seen everything, the recipient has one more unseen. */
export async function afterMessage(tx: Tx, conversationId: string, senderId: string, at: Date) {
  await tx.update(conversations).set({ last_message_at: at }).where(eq(conversations.id, conversationId));
  await tx
    .update(conversationMembers)
    .set({ un_seen: 0, last_seen_at: at })
    .where(
      and(
        eq(conversationMembers.conversation_id, conversationId),
        eq(conversationMembers.participant_id, senderId),
      ),
    );
  await tx
    .update(conversationMembers)
    .set({ un_seen: sql`${conversationMembers.un_seen} + 1` })
    .where(
      and(
        eq(conversationMembers.conversation_id, conversationId),
        ne(conversationMembers.participant_id, senderId),
      ),
    );
}

export async function markSeen(db: Q, conversationId: string, participantId: string) {
  await db
    .update(conversationMembers)
    .set({ un_seen: 0, last_seen_at: new Date() })
    .where(
      and(
        eq(conversationMembers.conversation_id, conversationId),
        eq(conversationMembers.participant_id, participantId),
      ),
    );
}

/** Several conversations' keys at once (the candidates of a building). */
export async function findByKeys(db: Q, keys: string[]) {
  if (keys.length === 0) return new Map<string, typeof conversations.$inferSelect>();
  const rows = await db.select().from(conversations).where(inArray(conversations.key, keys));
  return new Map(rows.map((r) => [r.key, r]));
}

/**
 * Which of these (conversation, author) pairs have a message of that author in that
 * conversation, in one statement: `conversationId:authorId` of each pair that has one.
 */
export async function writersIn(db: Q, pairs: { conversationId: string; authorId: string }[]) {
  if (pairs.length === 0) return new Set<string>();
  const r = (await db.execute(sql`select p.c as conversation_id, p.a as author_id
    from unnest(${sql.param(pairs.map((p) => p.conversationId))}::uuid[], ${sql.param(pairs.map((p) => p.authorId))}::uuid[]) as p(c, a)
    where exists (select 1 from ${chatMessages} m where m.conversation_id = p.c and m.created_by = p.a)`)) as unknown as {
    rows: { conversation_id: string; author_id: string }[];
  };
  return new Set(r.rows.map((x) => `${x.conversation_id}:${x.author_id}`));
}

export async function insertFile(tx: Tx, values: typeof files.$inferInsert) {
  const [row] = await tx.insert(files).values(values).returning();
  return row as typeof files.$inferSelect;
}

export async function findFile(db: Q, id: string) {
  const [row] = await db.select().from(files).where(eq(files.id, id)).limit(1);
  return row ?? null;
}

/** Does the conversation hold a message with this file? */
export async function conversationHasFile(db: Q, conversationId: string, fileId: string) {
  const r = await db.execute(sql`select 1 from chat_messages
    where conversation_id = ${conversationId}::uuid
      and files @> ${JSON.stringify([{ id: fileId }])}::jsonb limit 1`);
  return (r as unknown as { rows: unknown[] }).rows.length > 0;
}

export async function membersOf(db: Q, conversationId: string) {
  return db.select().from(conversationMembers).where(eq(conversationMembers.conversation_id, conversationId));
}
