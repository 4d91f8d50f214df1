import {
  type ConsoleDeskEntry,
  consoleDeskEndpoints as e,
  DESK_EVENT,
  type DeskState,
} from '@tantieme/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../api';
import { useSocket } from '../../notifications/realtime';

import { deskKeys } from './meetings';

/**
 * The desk as the register stands, kept live: another tablet's entry arrives as a socket event
 * carrying the register's length, and a desk behind it reads again.
 */
export function useDesk(coproId: string, assembleeId: string) {
  const qc = useQueryClient();
  const socket = useSocket();
  const key = deskKeys.desk(assembleeId);
  useEffect(() => {
    if (!socket) return;
    const onEvent = (p: { assemblee_id: string; seq: number }) => {
      if (p.assemblee_id !== assembleeId) return;
      const held = qc.getQueryData<DeskState>(key);
      if (!held || held.seq < p.seq) void qc.invalidateQueries({ queryKey: key });
    };
    socket.on(DESK_EVENT, onEvent);
    return () => {
      socket.off(DESK_EVENT, onEvent);
    };
  }, [socket, assembleeId, qc, key]);
  return useQuery({
    queryKey: key,
    queryFn: () => api.call(e.state, { params: { coproId, assembleeId } }),
    retry: false,
  });
}

/** An entry of the desk; the answer is the desk as it now stands. */
export function useDeskEntry(coproId: string, assembleeId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ConsoleDeskEntry) => api.call(e.entry, { params: { coproId, assembleeId }, body }),
    onSuccess: (d) => qc.setQueryData(deskKeys.desk(assembleeId), d),
  });
}

/** Opens or ends the meeting. */
export function useDeskSession(coproId: string, assembleeId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (what: 'open' | 'close') => api.call(e[what], { params: { coproId, assembleeId } }),
    onSuccess: (d) => {
      qc.setQueryData(deskKeys.desk(assembleeId), d);
      void qc.invalidateQueries({ queryKey: deskKeys.meetings(coproId) });
    },
  });
}
