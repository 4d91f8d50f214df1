import {
  messageEndpoints,
  notificationEndpoints,
  settingsEndpoints,
  type UserSettingKey,
} from '@tantieme/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api';
import { useSession } from '../../app/session';

/** Every query of this feature starts with one of these keys, so realtime can refresh them. */
export const keys = {
  notifications: ['notifications'] as const,
  notifCount: (coproId?: string) => ['notifications', 'count', coproId ?? 'all'] as const,
  messages: ['messages'] as const,
  msgCount: (coproId: string) => ['messages', 'count', coproId] as const,
};

/** SPEC §8: notification and message failures are only logged. */
export const logOnly = (what: string) => (err: unknown) => console.warn(`[${what}]`, err);

/** Key and fetch of the unread counts, shared with `app/preload.ts`. */
export const unreadQueries = {
  notifications: (coproId?: string) => ({
    queryKey: keys.notifCount(coproId),
    queryFn: () =>
      api
        .call(notificationEndpoints.unreadCount, { query: coproId ? { coproprietaire_id: coproId } : {} })
        .then((r) => r.find((c) => c.category === 'all')?.totalUnread ?? 0),
    staleTime: 15_000,
  }),
  messages: (coproId: string) => ({
    queryKey: keys.msgCount(coproId),
    queryFn: () =>
      api
        .call(messageEndpoints.unreadCount, { params: { id: coproId } })
        .then((r) => r.find((c) => c.category === 'all')?.totalUnread ?? 0),
    // SPEC §4: the dynamic total is reset to 0 on visiting messages; only events and reloads change it.
    staleTime: Number.POSITIVE_INFINITY,
  }),
};

export function useUnreadNotifications(coproId?: string) {
  const { token } = useSession();
  return useQuery({ ...unreadQueries.notifications(coproId), enabled: !!token });
}

export function useUnreadMessages(coproId: string | undefined) {
  const { token } = useSession();
  return useQuery({ ...unreadQueries.messages(coproId ?? ''), enabled: !!token && !!coproId });
}

/** The only-unread switches are user settings (SPEC §3 keys). */
export function useUnreadFilter(key: UserSettingKey) {
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: ['user-settings', key],
    queryFn: () =>
      api.call(settingsEndpoints.userMulti, { body: { keys: [key] } }).then((m) => m[key] === '1'),
    staleTime: 60_000,
  });
  const save = useMutation({
    mutationFn: (on: boolean) =>
      api.call(settingsEndpoints.userAddOrUpdate, { body: { settings: [{ key, value: on ? '1' : '0' }] } }),
    onMutate: (on) => qc.setQueryData(['user-settings', key], on),
    onError: logOnly('settings'),
  });
  return { value: q.data ?? false, ready: !q.isLoading, set: (on: boolean) => save.mutate(on) };
}
