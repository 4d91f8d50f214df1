import { type ConsoleNoticeBody, consoleNoticeEndpoints as e } from '@tantieme/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api';
import { gestionKeys } from './queries';

export const noticeKeys = {
  list: (coproId: string) => ['gestion', 'immeuble', coproId, 'communications'] as const,
  one: (coproId: string, id: string) => ['gestion', 'immeuble', coproId, 'communications', id] as const,
};

/** The building's notices with their read counts, and what the form may address. */
export function useNotices(coproId: string) {
  return useQuery({
    queryKey: noticeKeys.list(coproId),
    queryFn: () => api.call(e.list, { params: { coproId } }),
  });
}

export function useNotice(coproId: string, id: string | null) {
  return useQuery({
    queryKey: noticeKeys.one(coproId, id ?? ''),
    enabled: !!id,
    queryFn: () => api.call(e.get, { params: { coproId, noticeId: id ?? '' } }),
  });
}

export function usePreviewNotice(coproId: string) {
  return useMutation({
    mutationFn: (body: ConsoleNoticeBody) => api.call(e.preview, { params: { coproId }, body }),
  });
}

/** Sent: the list, the portfolio and the building's history refreshed. */
export function useSendNotice(coproId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ConsoleNoticeBody) => api.call(e.send, { params: { coproId }, body }),
    onSuccess: (d) => {
      qc.setQueryData(noticeKeys.one(coproId, d.id), d);
      void qc.invalidateQueries({ queryKey: noticeKeys.list(coproId), exact: true });
      void qc.invalidateQueries({ queryKey: gestionKeys.history(coproId) });
    },
  });
}
