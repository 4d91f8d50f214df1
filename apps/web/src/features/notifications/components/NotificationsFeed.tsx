import {
  type Notification,
  type NotificationEvent,
  notificationEndpoints,
  NOTIFICATIONS_PAGE_SIZE,
} from '@tantieme/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { api } from '../../../api';
import { t } from '../fr';
import { keys, logOnly } from '../queries';
import { useRealtimeEvents } from '../realtime';
import { FeedList } from './FeedList';
import { NotificationDetail } from './NotificationDetail';
import { useFeed } from './useFeed';

/**
 * The notifications list of the panel and of the bell: paging by 13, realtime actions of
 * SPEC §4 (new, read, delete, read_all), opening marks read and shows the detail.
 */
export function NotificationsFeed({
  coproId,
  onlyUnread,
  maxHeight,
  resetSignal = 0,
  onTotal,
  testId = 'notifications',
}: {
  coproId?: string;
  onlyUnread: boolean;
  maxHeight?: number;
  resetSignal?: number;
  onTotal?(n: number): void;
  testId?: string;
}) {
  const qc = useQueryClient();
  const [open, setOpen] = useState<Notification | null>(null);
  const [params, setParams] = useSearchParams();
  const feed = useFeed<Notification>({
    pageSize: NOTIFICATIONS_PAGE_SIZE,
    resetKey: `${coproId ?? 'all'}|${onlyUnread}|${resetSignal}`,
    fetchPage: (offset, size) =>
      api.call(notificationEndpoints.list, {
        query: {
          page_size: size,
          page_index: offset,
          un_read_only: onlyUnread ? '1' : '0',
          ...(coproId ? { coproprietaire_id: coproId } : {}),
        },
      }),
  });
  const { setItems, setTotal } = feed;
  useEffect(() => onTotal?.(feed.total), [feed.total, onTotal]);

  const refreshCounts = useCallback(() => {
    qc.invalidateQueries({ queryKey: [...keys.notifications, 'count'] });
  }, [qc]);

  const openItem = useCallback(
    async (n: Notification) => {
      setOpen(n);
      if (n.is_read) return;
      setItems((cur) => cur.map((x) => (x.id === n.id ? { ...x, is_read: true } : x)));
      try {
        await api.call(notificationEndpoints.read, { params: { id: n.id } });
        refreshCounts();
      } catch (err) {
        logOnly('notifications')(err);
      }
    },
    [setItems, refreshCounts],
  );

  // A push click lands on …/notifications?open=<id>: show that one.
  const openId = params.get('open');
  useEffect(() => {
    if (!openId) return;
    api
      .call(notificationEndpoints.detail, { params: { id: openId } })
      .then((n) => openItem(n))
      .catch(logOnly('notifications'));
    setParams(
      (p) => {
        p.delete('open');
        return p;
      },
      { replace: true },
    );
  }, [openId, openItem, setParams]);

  const remove = async (n: Notification) => {
    try {
      await api.call(notificationEndpoints.remove, { params: { id: n.id } });
      setItems((cur) => cur.filter((x) => x.id !== n.id));
      setTotal((x) => Math.max(0, x - 1));
      refreshCounts();
    } catch (err) {
      logOnly('notifications')(err);
    }
  };

  useRealtimeEvents(
    useCallback(
      (e) => {
        if (!('notification_action' in e)) return;
        const ev = e as NotificationEvent;
        if (coproId && ev.coproprietaire_id !== coproId) return;
        if (ev.notification_action === 'new' && ev.notification_id) {
          api
            .call(notificationEndpoints.detail, { params: { id: ev.notification_id } })
            .then((n) => {
              // A known id is a rewritten row (a chat conversation's one notification, decision
              // 57): it moves to the top with its new text, and the total stays.
              let known = false;
              setItems((cur) => {
                known = cur.some((x) => x.id === n.id);
                return [n, ...cur.filter((x) => x.id !== n.id)];
              });
              setTotal((x) => (known ? x : x + 1));
            })
            .catch(logOnly('notifications'));
        } else if (ev.notification_action === 'read') {
          setItems((cur) =>
            onlyUnread
              ? cur.filter((x) => x.id !== ev.notification_id)
              : cur.map((x) => (x.id === ev.notification_id ? { ...x, is_read: true } : x)),
          );
        } else if (ev.notification_action === 'delete') {
          setItems((cur) => cur.filter((x) => x.id !== ev.notification_id));
        } else if (ev.notification_action === 'read_all') {
          setItems((cur) =>
            cur.map((x) =>
              !ev.coproprietaire_id || x.coproprietaire_id === ev.coproprietaire_id
                ? { ...x, is_read: true }
                : x,
            ),
          );
        }
      },
      [coproId, onlyUnread, setItems, setTotal],
    ),
  );

  return (
    <>
      <FeedList
        items={feed.items}
        loading={feed.loading}
        loaded={feed.loaded}
        hasMore={feed.hasMore}
        onMore={feed.loadMore}
        onOpen={openItem}
        onDelete={remove}
        emptyText={onlyUnread ? t.emptyUnread : t.empty}
        maxHeight={maxHeight}
        testId={testId}
      />
      <NotificationDetail item={open} onClose={() => setOpen(null)} />
    </>
  );
}
