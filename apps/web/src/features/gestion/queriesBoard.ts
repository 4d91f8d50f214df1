import { type BoardDetail, type BodyIn, consoleSignalementEndpoints as e } from '@tantieme/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api';
import { gestionKeys } from './queries';

export const boardKeys = {
  board: (coproId: string) => ['gestion', 'immeuble', coproId, 'signalements'] as const,
  one: (coproId: string, id: string) => ['gestion', 'immeuble', coproId, 'signalements', id] as const,
};

/** The building's board: open reports, the latest closed, who may be given one. */
export function useBoard(coproId: string) {
  return useQuery({
    queryKey: boardKeys.board(coproId),
    queryFn: () => api.call(e.board, { params: { coproId } }),
  });
}

export function useBoardDetail(coproId: string, id: string | null) {
  return useQuery({
    queryKey: boardKeys.one(coproId, id ?? ''),
    enabled: !!id,
    queryFn: () => api.call(e.get, { params: { coproId, signalementId: id ?? '' } }),
  });
}

/** Every action answers the report: cached, and the board, portfolio and history refreshed. */
function useBoardWrite<V>(coproId: string, id: string, call: (v: V) => Promise<BoardDetail>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (d) => {
      qc.setQueryData(boardKeys.one(coproId, id), d);
      void qc.invalidateQueries({ queryKey: boardKeys.board(coproId), exact: true });
      void qc.invalidateQueries({ queryKey: gestionKeys.portfolio });
      void qc.invalidateQueries({ queryKey: gestionKeys.history(coproId) });
    },
  });
}

type P = { coproId: string; signalementId: string };
type Body<K extends keyof typeof e> = BodyIn<(typeof e)[K]>;

export const useMoveSignalement = (p: P) =>
  useBoardWrite(p.coproId, p.signalementId, (body: Body<'move'>) => api.call(e.move, { params: p, body }));
export const useCommentSignalement = (p: P) =>
  useBoardWrite(p.coproId, p.signalementId, (body: Body<'comment'>) =>
    api.call(e.comment, { params: p, body }),
  );
export const useAssignSignalement = (p: P) =>
  useBoardWrite(p.coproId, p.signalementId, (body: Body<'assign'>) =>
    api.call(e.assign, { params: p, body }),
  );
export const useMergeSignalement = (p: P) =>
  useBoardWrite(p.coproId, p.signalementId, (body: Body<'merge'>) => api.call(e.merge, { params: p, body }));
