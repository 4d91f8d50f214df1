import {
  type ConsoleAssembleeBody,
  consoleAssembleeEndpoints as e,
  type ResolutionAttachmentBody,
} from '@tantieme/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api';

export const assembleeKeys = {
  list: (coproId: string) => ['gestion', 'immeuble', coproId, 'assemblees'] as const,
  one: (coproId: string, id: string) => ['gestion', 'immeuble', coproId, 'assemblees', id] as const,
  preview: (coproId: string, id: string) =>
    ['gestion', 'immeuble', coproId, 'assemblees', id, 'convocations'] as const,
};

export function useAssemblees(coproId: string) {
  return useQuery({
    queryKey: assembleeKeys.list(coproId),
    queryFn: () => api.call(e.list, { params: { coproId } }),
  });
}

export function useAssemblee(coproId: string, id: string | undefined) {
  return useQuery({
    queryKey: assembleeKeys.one(coproId, id ?? ''),
    enabled: !!id,
    queryFn: () => api.call(e.get, { params: { coproId, assembleeId: id! } }),
  });
}

export function useConvocationPreview(coproId: string, id: string | undefined) {
  return useQuery({
    queryKey: assembleeKeys.preview(coproId, id ?? ''),
    enabled: !!id,
    queryFn: () => api.call(e.preview, { params: { coproId, assembleeId: id! } }),
  });
}

/** Creates (no id) or changes an assembly; the preview is read again after. */
export function useSaveAssemblee(coproId: string, id: string | undefined) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ConsoleAssembleeBody) =>
      id
        ? api.call(e.update, { params: { coproId, assembleeId: id }, body })
        : api.call(e.create, { params: { coproId }, body }),
    onSuccess: (ag) => {
      qc.setQueryData(assembleeKeys.one(coproId, ag.id), ag);
      void qc.invalidateQueries({ queryKey: assembleeKeys.list(coproId) });
      void qc.invalidateQueries({ queryKey: assembleeKeys.preview(coproId, ag.id) });
    },
  });
}

export function usePublishAssemblee(coproId: string, id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(e.publish, { params: { coproId, assembleeId: id } }),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: assembleeKeys.one(coproId, id) });
      void qc.invalidateQueries({ queryKey: assembleeKeys.preview(coproId, id) });
      void qc.invalidateQueries({ queryKey: assembleeKeys.list(coproId) });
    },
  });
}

/** Attaches a file to a resolution, or removes one; the answer is the assembly as it stands. */
export function useResolutionFiles(coproId: string, id: string) {
  const qc = useQueryClient();
  const done = (ag: { id: string }) => {
    qc.setQueryData(assembleeKeys.one(coproId, ag.id), ag);
    void qc.invalidateQueries({ queryKey: assembleeKeys.preview(coproId, ag.id) });
  };
  const params = (resolutionId: string) => ({ coproId, assembleeId: id, resolutionId });
  return {
    attach: useMutation({
      mutationFn: (v: { resolutionId: string; body: ResolutionAttachmentBody }) =>
        api.call(e.attach, { params: params(v.resolutionId), body: v.body }),
      onSuccess: done,
    }),
    detach: useMutation({
      mutationFn: (v: { resolutionId: string; fileId: string }) =>
        api.call(e.detach, { params: { ...params(v.resolutionId), fileId: v.fileId } }),
      onSuccess: done,
    }),
  };
}
