import type { ChatMessage } from '@tantieme/contract';
import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { coproprietes, syndicExternalRefs } from '../../../db/schema/index.js';
import { AppError } from '../../../http/errors.js';
import {
  assertSyndicConversation,
  type ChatDeps,
  findConversationMessage,
  messages,
  send,
  syndicActor,
  syndicConversations,
} from '../../chat/chat.service.js';
import {
  decodeCursor,
  externalIdsOf,
  forgetExternalId,
  pageOf,
  resolveExternalIds,
  type SyndicApiContext,
  writeAudit,
} from '../kit/index.js';
import { answeringStaff } from './staff.service.js';

const MESSAGE = 'chat_message';

/** When a conversation last moved: its last message, else never (sorted last). */
const activityOf = (c: { last_message: { created_date: string } | null }) =>
  c.last_message?.created_date ?? '';

/**
 * The conversations co-owners opened with the syndic, as the staff inbox lists them: latest
 * activity first, the id breaking ties. The cursor holds the last row's (activity, id), so a page
 * never repeats nor skips a conversation that did not move; one that moved comes back first in the
 * next pass, and `updated_since` keeps only those with a message since.
 */
export async function listConversations(
  deps: ChatDeps,
  api: SyndicApiContext,
  q: { limit: number; cursor?: string; updated_since?: string },
) {
  const after = decodeCursor(q.cursor, 2);
  const since = q.updated_since ? new Date(q.updated_since).toISOString() : null;
  const before = (c: { id: string; last_message: { created_date: string } | null }) => {
    if (!after) return true;
    const t = activityOf(c);
    return t < after[0] || (t === after[0] && c.id < after[1]);
  };
  const all = (await syndicConversations(deps.db, api.syndicId))
    .filter((c) => (since ? activityOf(c) >= since : true))
    .sort((a, b) => {
      const ta = activityOf(a);
      const tb = activityOf(b);
      if (ta !== tb) return ta < tb ? 1 : -1;
      return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
    })
    .filter(before);
  const page = pageOf(all.slice(0, q.limit + 1), q.limit, (c) => [activityOf(c), c.id]);
  const coproIds = [...new Set(page.items.map((c) => c.copropriete_id))];
  const names = new Map(
    coproIds.length
      ? (
          await deps.db
            .select({ id: coproprietes.id, name: coproprietes.name })
            .from(coproprietes)
            .where(inArray(coproprietes.id, coproIds))
        ).map((r) => [r.id, r.name])
      : [],
  );
  const coproExt = await externalIdsOf(deps.db, api.syndicId, 'copropriete', coproIds);
  const recExt = await externalIdsOf(
    deps.db,
    api.syndicId,
    'coproprietaire',
    page.items.map((c) => c.coproprietaire.id),
  );
  return {
    items: page.items.map((c) => ({
      id: c.id,
      copropriete: {
        id: c.copropriete_id,
        external_id: coproExt.get(c.copropriete_id) ?? null,
        name: names.get(c.copropriete_id) ?? '',
      },
      coproprietaire: { ...c.coproprietaire, external_id: recExt.get(c.coproprietaire.id) ?? null },
      un_seen: c.un_seen,
      last_message: c.last_message,
    })),
    // A conversation is never deleted (an anonymised co-owner's is kept, changed): no tombstone.
    deleted: [],
    next_cursor: page.next_cursor,
  };
}

function present(m: ChatMessage, externalId: string | null) {
  return {
    id: m.id,
    external_id: externalId,
    text: m.text,
    files: m.files.map((f) => ({ name: f.name, size: f.size, content_type: f.content_type })),
    created_date: m.created_date,
    from_syndic: m.mine,
    author: m.created_by_name,
  };
}

export async function listMessages(
  deps: ChatDeps,
  api: SyndicApiContext,
  conversationId: string,
  before?: string,
) {
  await assertSyndicConversation(deps.db, api.syndicId, conversationId);
  const actor = syndicActor(api.syndicId, { id: api.syndicId, name: '' });
  const page = await messages(deps, actor, conversationId, before);
  const ext = await externalIdsOf(
    deps.db,
    api.syndicId,
    MESSAGE,
    page.messages.map((m) => m.id),
  );
  return { messages: page.messages.map((m) => present(m, ext.get(m.id) ?? null)), has_more: page.has_more };
}

/**
 * A staff member's answer. The answer's external_id is claimed first (primary key of the refs),
 * with the message id chosen up front, so a replay, even concurrent, posts nothing new; a refused
 * send gives the external_id back.
 */
export async function reply(
  deps: ChatDeps,
  api: SyndicApiContext,
  conversationId: string,
  body: { external_id: string; staff: string; text: string },
) {
  await assertSyndicConversation(deps.db, api.syndicId, conversationId);
  const staff = await answeringStaff(deps.db, api, body.staff);
  const actor = syndicActor(api.syndicId, staff);
  const messageId = randomUUID();
  const claimed = await deps.db
    .insert(syndicExternalRefs)
    .values({
      syndic_id: api.syndicId,
      resource: MESSAGE,
      external_id: body.external_id,
      internal_id: messageId,
    })
    .onConflictDoNothing()
    .returning({ id: syndicExternalRefs.internal_id });
  if (claimed.length === 0) {
    const id = (await resolveExternalIds(deps.db, api.syndicId, MESSAGE, [body.external_id])).get(
      body.external_id,
    );
    const existing = id ? await findConversationMessage(deps, actor, conversationId, id) : null;
    if (!existing) {
      const m = "Cet identifiant externe est déjà celui d'un autre message.";
      throw new AppError('VALIDATION_ERROR', m, { errors: { external_id: m } });
    }
    return { result: 'unchanged' as const, message: present(existing, body.external_id) };
  }
  let sent: ChatMessage;
  try {
    sent = await send(deps, actor, conversationId, { text: body.text, files: [] }, messageId);
  } catch (e) {
    await forgetExternalId(deps.db, api.syndicId, MESSAGE, body.external_id);
    throw e;
  }
  await writeAudit(deps.db, api, [
    {
      action: 'created',
      resource: MESSAGE,
      resourceId: sent.id,
      externalId: body.external_id,
      changes: {
        conversation: { before: null, after: conversationId },
        staff: { before: null, after: body.staff },
      },
    },
  ]);
  return { result: 'created' as const, message: present(sent, body.external_id) };
}
