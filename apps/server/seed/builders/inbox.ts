import type * as s from '../../src/db/schema/index.js';
import { type Given, type LinkOf, newRowId, type RowOf } from './kit.js';

/** What reaches a person: notifications, the syndic's messages, chat, reported problems. */

export type NotificationRow = RowOf<typeof s.notifications>;
export type MessageRow = RowOf<typeof s.messages>;
export type ConversationRow = RowOf<typeof s.conversations>;
export type ConversationMemberRow = LinkOf<typeof s.conversationMembers>;
export type ChatMessageRow = RowOf<typeof s.chatMessages>;
export type SignalementRow = RowOf<typeof s.signalements>;
export type SignalementSupporterRow = LinkOf<typeof s.signalementSupporters>;
export type SignalementEventRow = RowOf<typeof s.signalementEvents>;

export const notificationRow = (v: Partial<NotificationRow>): NotificationRow => ({
  id: newRowId(),
  title: 'Information du syndic',
  body: 'Votre syndic vous informe.',
  ...v,
});

export const messageRow = (v: Given<MessageRow, 'coproprietaire_id'>): MessageRow => ({
  id: newRowId(),
  title: 'Message du syndic',
  body: 'Votre syndic vous écrit.',
  ...v,
});

export const conversationRow = (v: Given<ConversationRow, 'copropriete_id' | 'key'>): ConversationRow => ({
  id: newRowId(),
  ...v,
});

export const conversationMemberRow = (v: ConversationMemberRow): ConversationMemberRow => ({ ...v });

export const chatMessageRow = (
  v: Given<ChatMessageRow, 'conversation_id' | 'created_by'>,
): ChatMessageRow => ({
  id: newRowId(),
  ...v,
});

export const signalementRow = (
  v: Given<SignalementRow, 'syndic_id' | 'copropriete_id' | 'author_id'>,
): SignalementRow => ({
  id: newRowId(),
  title: 'Ampoule grillée',
  place: 'HALL',
  description: "L'ampoule du hall ne s'allume plus.",
  visibility: 'IMMEUBLE',
  ...v,
});

export const signalementSupporterRow = (v: SignalementSupporterRow): SignalementSupporterRow => ({ ...v });

export const signalementEventRow = (
  v: Given<SignalementEventRow, 'signalement_id' | 'kind' | 'by' | 'author_name'>,
): SignalementEventRow => ({ id: newRowId(), ...v });
