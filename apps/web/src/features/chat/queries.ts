import {
  CHAT_EVENTS,
  type ChatConversation,
  type ChatMessage,
  type ChatUpdateEvent,
  chatEndpoints,
  staffChatEndpoints,
} from '@tantieme/contract';
import {
  type InfiniteData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../api';
import { useAfterFirstScreen } from '../../app/afterFirstScreen';
import { useSession } from '../../app/session';
import { useSocket } from '../notifications/realtime';

export const chatKeys = {
  all: (id: string) => ['chat', id] as const,
  unseen: (id: string) => ['chat', id, 'unseen'] as const,
  list: (id: string) => ['chat', id, 'conversations'] as const,
  candidates: (id: string) => ['chat', id, 'candidates'] as const,
  messages: (id: string, conv: string) => ['chat', id, 'messages', conv] as const,
};

type Page = { messages: ChatMessage[]; has_more: boolean };
type SendBody = { text: string; files: { key: string; name: string }[] };

/** Where the chat calls go: a co-owner record's conversations, or the staff inbox. */
export interface ChatScope {
  key: string;
  conversations(): Promise<{ conversations: ChatConversation[]; un_seen: number }>;
  messages(conv: string, before?: string): Promise<Page>;
  send(conv: string, body: SendBody): Promise<ChatMessage>;
  seen(conv: string): Promise<unknown>;
  uploadUrl(file: File): Promise<{ upload_url: string; key: string }>;
  fileUrl(conv: string, fileId: string): Promise<{ url: string; name: string; content_type: string }>;
}

export const recordScope = (id: string): ChatScope => ({
  key: id,
  conversations: () => api.call(chatEndpoints.conversations, { params: { id } }),
  messages: (conv, before) =>
    api.call(chatEndpoints.messages, {
      params: { id, conversationId: conv },
      query: before ? { before } : {},
    }),
  send: (conv, body) => api.call(chatEndpoints.send, { params: { id, conversationId: conv }, body }),
  seen: (conv) => api.call(chatEndpoints.seen, { params: { id, conversationId: conv } }),
  uploadUrl: (f) =>
    api.call(chatEndpoints.uploadUrl, {
      params: { id },
      body: { file_name: f.name, file_type: f.type as never },
    }),
  fileUrl: (conv, fileId) =>
    api.call(chatEndpoints.fileUrl, { params: { id, conversationId: conv, fileId } }),
});

export const staffScope: ChatScope = {
  key: 'staff',
  conversations: () => api.call(staffChatEndpoints.conversations),
  messages: (conv, before) =>
    api.call(staffChatEndpoints.messages, {
      params: { conversationId: conv },
      query: before ? { before } : {},
    }),
  send: (conv, body) => api.call(staffChatEndpoints.send, { params: { conversationId: conv }, body }),
  seen: (conv) => api.call(staffChatEndpoints.seen, { params: { conversationId: conv } }),
  uploadUrl: (f) =>
    api.call(staffChatEndpoints.uploadUrl, { body: { file_name: f.name, file_type: f.type as never } }),
  fileUrl: (conv, fileId) =>
    api.call(staffChatEndpoints.fileUrl, { params: { conversationId: conv, fileId } }),
};

export function useChatUnseen(id: string | undefined) {
  const { token } = useSession();
  // A badge: read once the page's own reads have answered.
  const after = useAfterFirstScreen();
  return useQuery({
    queryKey: chatKeys.unseen(id ?? ''),
    enabled: !!token && !!id && after,
    queryFn: () => api.call(chatEndpoints.unseen, { params: { id: id as string } }).then((r) => r.un_seen),
    staleTime: 60_000,
  });
}

/** Live: a 'chat-update' of this record refreshes its list and counts (on the tab's one socket). */
export function useChatLive(id: string | undefined) {
  const socket = useSocket();
  const qc = useQueryClient();
  useEffect(() => {
    if (!socket || !id) return;
    const onUpdate = (e: ChatUpdateEvent) => {
      // A record's own update, or (staff inbox) the syndic's.
      if (e.coproprietaire_id === (id === 'staff' ? null : id))
        void qc.invalidateQueries({ queryKey: chatKeys.all(id) });
    };
    socket.on(CHAT_EVENTS.update, onUpdate);
    return () => {
      socket.off(CHAT_EVENTS.update, onUpdate);
    };
  }, [socket, id, qc]);
}

export function useConversations(scope: ChatScope) {
  return useQuery({
    queryKey: chatKeys.list(scope.key),
    queryFn: () => scope.conversations(),
    staleTime: 30_000,
  });
}

export function useCandidates(id: string, enabled: boolean) {
  return useQuery({
    queryKey: chatKeys.candidates(id),
    enabled,
    queryFn: () => api.call(chatEndpoints.candidates, { params: { id } }),
  });
}

export function useOpenConversation(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (target: { participant_id: string; participant_type: 'syndic' | 'coproprietaire' }) =>
      api.call(chatEndpoints.open, { params: { id }, body: target }),
    onSuccess: () => qc.invalidateQueries({ queryKey: chatKeys.list(id) }),
  });
}

/** The last 25 messages, older pages on scroll up (SPEC §9); joins the conversation's room. */
export function useMessages(scope: ChatScope, conv: string) {
  const socket = useSocket();
  const qc = useQueryClient();
  const id = scope.key;
  const q = useInfiniteQuery({
    queryKey: chatKeys.messages(id, conv),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) => scope.messages(conv, pageParam),
    getNextPageParam: (last: Page) => (last.has_more ? last.messages[0]?.id : undefined),
    staleTime: Number.POSITIVE_INFINITY,
  });
  useEffect(() => {
    if (!socket) return;
    const join = () => socket.emit(CHAT_EVENTS.joinConversation, conv, () => {});
    if (socket.connected) join();
    socket.on('connect', join);
    const onMessage = (e: { conversation_id: string }) => {
      if (e.conversation_id !== conv) return;
      // Refetch the newest page only; older pages stay as loaded.
      qc.setQueryData<InfiniteData<Page, string | undefined>>(chatKeys.messages(id, conv), (d) =>
        d ? { pages: d.pages.slice(0, 1), pageParams: d.pageParams.slice(0, 1) } : d,
      );
      void qc.invalidateQueries({ queryKey: chatKeys.messages(id, conv) });
    };
    socket.on(CHAT_EVENTS.message, onMessage);
    return () => {
      socket.off('connect', join);
      socket.off(CHAT_EVENTS.message, onMessage);
      socket.emit(CHAT_EVENTS.leaveConversation, conv);
    };
  }, [socket, conv, id, qc]);
  return q;
}

export function useMarkSeen(scope: ChatScope) {
  const qc = useQueryClient();
  const id = scope.key;
  return useMutation({
    mutationFn: (conv: string) => scope.seen(conv),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: chatKeys.list(id) });
      void qc.invalidateQueries({ queryKey: chatKeys.unseen(id) });
    },
  });
}

/** Uploads each file to its presigned URL, then sends the message. */
export function useSendMessage(scope: ChatScope, conv: string) {
  const qc = useQueryClient();
  const id = scope.key;
  return useMutation({
    mutationFn: async ({ text, files }: { text: string; files: File[] }) => {
      const uploaded = [];
      for (const f of files) {
        const pre = await scope.uploadUrl(f);
        const res = await fetch(pre.upload_url, {
          method: 'PUT',
          body: f,
          headers: { 'content-type': f.type },
        });
        if (!res.ok) throw new Error('upload');
        uploaded.push({ key: pre.key, name: f.name });
      }
      return scope.send(conv, { text, files: uploaded });
    },
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: chatKeys.messages(id, conv) });
      void qc.invalidateQueries({ queryKey: chatKeys.list(id) });
    },
  });
}

export function useStaffMe(enabled: boolean) {
  return useQuery({
    queryKey: ['staff', 'me'],
    enabled,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: () => api.call(staffChatEndpoints.me).catch(() => null),
  });
}
