import { type MessageEvent, type NotificationEvent, REALTIME_EVENTS } from '@tantieme/contract';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import type { Socket } from 'socket.io-client';
import { useAfterFirstScreen } from '../../app/afterFirstScreen';
import { useSession } from '../../app/session';
import { coproprietairesKey } from '../coproprietaire/queries';
import { keys } from './queries';

const SocketContext = createContext<Socket | null>(null);

/** The signed-in socket (null while signed out); other features (chat) listen on it too. */
export const useSocket = () => useContext(SocketContext);

type Listener = (e: NotificationEvent | MessageEvent) => void;
const listeners = new Set<Listener>();
/** Lets a list apply an event to what it shows (SPEC §4 realtime actions). */
export function useRealtimeEvents(fn: Listener) {
  useEffect(() => {
    listeners.add(fn);
    return () => {
      listeners.delete(fn);
    };
  }, [fn]);
}

function refreshCounts(qc: QueryClient, e: NotificationEvent | MessageEvent) {
  if ('notification_action' in e) {
    qc.invalidateQueries({ queryKey: [...keys.notifications, 'count'] });
    // Home cards carry each record's unread count.
    qc.invalidateQueries({ queryKey: coproprietairesKey });
  } else {
    qc.setQueryData(keys.msgCount(e.coproprietaire_id), e.total_message);
  }
}

/** Refreshes counts and feeds open lists from the socket's events. */
function wire(s: Socket, qc: QueryClient) {
  let connectedOnce = false;
  s.on('connect', () => {
    if (connectedOnce) {
      qc.invalidateQueries({ queryKey: keys.notifications });
      qc.invalidateQueries({ queryKey: keys.messages });
      qc.invalidateQueries({ queryKey: coproprietairesKey });
    }
    connectedOnce = true;
  });
  const onEvent = (e: NotificationEvent | MessageEvent) => {
    refreshCounts(qc, e);
    for (const l of listeners) l(e);
  };
  s.on(REALTIME_EVENTS.notification, onEvent);
  s.on(REALTIME_EVENTS.message, onEvent);
}

/**
 * One Socket.IO connection per signed-in tab, authenticated with the session token; joins the
 * current record's room. Events refresh counts and feed the open lists; after a reconnect
 * everything is fetched again (events sent while offline are not replayed).
 */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const { token } = useSession();
  const qc = useQueryClient();
  const [socket, setSocket] = useState<Socket | null>(null);
  // Connected once the page's own reads have answered; the room join reads the counts
  // again, so nothing sent meanwhile is missed.
  const after = useAfterFirstScreen();

  useEffect(() => {
    if (!token || !after) return;
    // socket.io-client loads with the first signed-in page, not with /login (bundle budget).
    let s: Socket | null = null;
    let cancelled = false;
    void import('socket.io-client').then(({ io }) => {
      if (cancelled) return;
      s = io({ path: '/socket.io', auth: { token }, transports: ['websocket', 'polling'] });
      wire(s, qc);
      setSocket(s);
    });
    return () => {
      cancelled = true;
      s?.close();
      setSocket(null);
    };
  }, [token, qc, after]);

  return <SocketContext.Provider value={socket}>{children}</SocketContext.Provider>;
}

/** Joins the current record's room while a dashboard page of that record is open. */
export function useRecordRoom() {
  const socket = useSocket();
  const qc = useQueryClient();
  const { coproId } = useParams();
  useEffect(() => {
    if (!socket || !coproId) return;
    // What the syndic sent between the page's first reads and this join reached no room of this
    // tab: once in the room, the record's counts are read again (nothing is missed either way).
    const join = () =>
      socket.emit(REALTIME_EVENTS.joinCoproprietaire, coproId, (r?: { ok?: boolean }) => {
        if (!r?.ok) return;
        void qc.invalidateQueries({ queryKey: [...keys.notifications, 'count'] });
        void qc.invalidateQueries({ queryKey: keys.msgCount(coproId) });
      });
    if (socket.connected) join();
    socket.on('connect', join);
    return () => {
      socket.off('connect', join);
      socket.emit(REALTIME_EVENTS.leaveCoproprietaire, coproId);
    };
  }, [socket, coproId, qc]);
}

/**
 * Keeps the home cards' unread counts (the records list) current while the home grid is shown.
 * The socket connects once the page's reads have answered, and what the syndic sent in between
 * reached no listener of this tab: once connected (the server has joined the user's room by
 * then), the list is read again, as a record's room join does for its counts.
 */
export function useRecordsListLive() {
  const socket = useSocket();
  const qc = useQueryClient();
  useEffect(() => {
    if (!socket) return;
    const refresh = () => void qc.invalidateQueries({ queryKey: coproprietairesKey });
    if (socket.connected) refresh();
    socket.on('connect', refresh);
    return () => {
      socket.off('connect', refresh);
    };
  }, [socket, qc]);
}
