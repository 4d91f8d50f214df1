import type { Message, Notification, Sender } from '@tantieme/contract';
import type { SenderJson } from '../../db/schema/index.js';
import type { MessageRow } from './messages.repo.js';
import type { NotificationRow } from './notifications.repo.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function sender(s: SenderJson | null): Sender {
  return {
    id: s?.id ?? null,
    name: s?.name ?? 'Tantième',
    avatar: s?.avatar ?? null,
    type: s?.type ?? 'system',
  };
}

/**
 * The page a notification opens. notify.ts stores the caller's path with `{id}` (the record, as
 * the push already got it filled in); a path with `{id}` and no record opens nothing.
 */
function pageUrl(url: unknown, coproprietaireId: string | null) {
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//')) return null;
  if (!url.includes('{id}')) return url;
  return coproprietaireId ? url.replaceAll('{id}', coproprietaireId) : null;
}

/** SPEC §3 Notification; `languages.fr` repeats title and body (only fr is used). */
export function presentNotification(n: NotificationRow): Notification {
  const data = (n.data ?? {}) as Record<string, unknown>;
  return {
    id: n.id,
    created_date: n.created_date.toISOString(),
    is_read: n.is_read,
    event_action_date: iso(n.event_action_date),
    languages: { fr: { title: n.title, body: n.body } },
    title: n.title,
    body: n.body,
    sender: sender(n.sender),
    sub_type: n.sub_type,
    coproprietaire_id: n.coproprietaire_id,
    category: n.category,
    status: n.status,
    type: n.type,
    url: pageUrl(data.url, n.coproprietaire_id),
    data: { is_event_sending: data.is_event_sending === true, coproprietaire_id: n.coproprietaire_id },
  };
}

export function presentMessage(m: MessageRow, attachments: Message['attachments'] = []): Message {
  return {
    id: m.id,
    coproprietaire_id: m.coproprietaire_id,
    created_date: m.created_date.toISOString(),
    is_read: m.is_read,
    event_action_date: iso(m.event_action_date),
    title: m.title,
    body: m.body,
    sender: sender(m.sender),
    attachments,
    sub_type: m.sub_type,
    status: m.status,
  };
}
