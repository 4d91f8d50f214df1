import { Paper } from '@mantine/core';
import {
  type Message,
  type MessageEvent,
  messageEndpoints,
  MESSAGES_FIRST_PAGE_SIZE,
  MESSAGES_PAGE_SIZE,
} from '@tantieme/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { api } from '../../../api';
import { markFirstScreenShown } from '../../../app/afterFirstScreen';
import { useAfterPaint } from '../../../ui/layout';
import { t } from '../fr';
import { keys, logOnly, useUnreadFilter } from '../queries';
import { useRealtimeEvents } from '../realtime';
import { FeedList } from './FeedList';
import { MessageDetail } from './MessageDetail';
import { PanelHeader } from './PanelHeader';
import { useFeed } from './useFeed';

/**
 * The messages part of 'messages-communication' (SPEC §2.21): same layout as notifications,
 * first page 15 then 13 once the filter was toggled; opening an unread message marks it read.
 */
export function MessagesPanel({
  coproId,
  below,
}: {
  coproId: string;
  /** What the page shows under the panel, once its first page has answered (or failed). */
  below?: ReactNode;
}) {
  const qc = useQueryClient();
  const filter = useUnreadFilter('only_unread_all_message');
  const toggled = useRef(false);
  const [open, setOpen] = useState<Message | null>(null);
  const [reset, setReset] = useState(0);
  const [params, setParams] = useSearchParams();
  const feed = useFeed<Message>({
    pageSize: MESSAGES_PAGE_SIZE,
    firstSize: toggled.current ? MESSAGES_PAGE_SIZE : MESSAGES_FIRST_PAGE_SIZE,
    resetKey: `${coproId}|${filter.value}|${reset}`,
    enabled: filter.ready,
    fetchPage: (offset, size) =>
      api.call(messageEndpoints.list, {
        params: { id: coproId },
        query: { page_size: size, page_index: offset, un_read_only: filter.value ? '1' : '0' },
      }),
  });
  const { setItems, setTotal } = feed;
  // The socket, the chat badge and the pending attach check start once the list has painted.
  const painted = useAfterPaint(feed.settled);
  useEffect(() => {
    if (painted) markFirstScreenShown();
  }, [painted]);

  // SPEC §4: visiting messages resets the dynamic unread total.
  useEffect(() => {
    qc.setQueryData(keys.msgCount(coproId), 0);
  }, [qc, coproId]);

  const openItem = useCallback(
    async (m: Message) => {
      try {
        const full = m.is_read
          ? await api.call(messageEndpoints.detail, { params: { id: coproId, msgId: m.id } })
          : await api.call(messageEndpoints.read, { params: { coproId, msgId: m.id } });
        setOpen(full);
        if (!m.is_read) setItems((cur) => cur.map((x) => (x.id === m.id ? { ...x, is_read: true } : x)));
      } catch (err) {
        logOnly('messages')(err);
      }
    },
    [coproId, setItems],
  );

  // A push click lands on …/messages-communication?message=<id>.
  const openId = params.get('message');
  useEffect(() => {
    if (!openId) return;
    void openItem({ id: openId, is_read: false } as Message);
    setParams(
      (p) => {
        p.delete('message');
        return p;
      },
      { replace: true },
    );
  }, [openId, openItem, setParams]);

  useRealtimeEvents(
    useCallback(
      (e) => {
        if (!('message_action' in e)) return;
        const ev = e as MessageEvent;
        if (ev.coproprietaire_id !== coproId) return;
        if (ev.message_action === 'new' && ev.message_id) {
          api
            .call(messageEndpoints.detail, { params: { id: coproId, msgId: ev.message_id } })
            .then((m) => {
              setItems((cur) => (cur.some((x) => x.id === m.id) ? cur : [m, ...cur]));
              setTotal((x) => x + 1);
            })
            .catch(logOnly('messages'));
        } else if (ev.message_action === 'read') {
          setItems((cur) => cur.map((x) => (x.id === ev.message_id ? { ...x, is_read: true } : x)));
        } else if (ev.message_action === 'read_all') {
          setItems((cur) => cur.map((x) => ({ ...x, is_read: true })));
        }
      },
      [coproId, setItems, setTotal],
    ),
  );

  const markAll = async () => {
    try {
      await api.call(messageEndpoints.readAll, { params: { id: coproId } });
      setReset((x) => x + 1);
    } catch (err) {
      logOnly('messages')(err);
    }
  };

  return (
    <>
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="messages-title">
        <PanelHeader
          titleId="messages-title"
          title={t.messagesTitle}
          total={feed.total}
          onlyUnread={filter.value}
          onToggle={(v) => {
            toggled.current = true;
            filter.set(v);
          }}
          onMarkAll={markAll}
          confirmText={t.markAllMessagesConfirm}
        />
        <FeedList
          items={feed.items}
          loading={feed.loading}
          loaded={feed.loaded}
          hasMore={feed.hasMore}
          onMore={feed.loadMore}
          onOpen={openItem}
          emptyText={t.emptyMessages}
          testId="messages"
        />
        <MessageDetail item={open} onClose={() => setOpen(null)} />
      </Paper>
      {feed.settled && below}
    </>
  );
}
