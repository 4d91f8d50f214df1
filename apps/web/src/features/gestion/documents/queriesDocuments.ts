import { consoleDocumentEndpoints as e } from '@tantieme/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api';
import { gestionKeys } from '../queries';

export const documentsKey = (coproId: string) => ['gestion', 'immeuble', coproId, 'documents'] as const;

/** A building's documents, its décret 2019-502 checklist and the co-owners' document types. */
export function useBuildingDocuments(coproId: string) {
  return useQuery({
    queryKey: documentsKey(coproId),
    queryFn: () => api.call(e.list, { params: { coproId } }),
  });
}

/** After a publication or a deletion: the list and checklist, the portfolio's counts, the history. */
export function useDocumentsSettled(coproId: string) {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: documentsKey(coproId) });
    void qc.invalidateQueries({ queryKey: gestionKeys.portfolio });
    void qc.invalidateQueries({ queryKey: gestionKeys.history(coproId) });
  };
}

export function useRemoveDocument(coproId: string) {
  const onSuccess = useDocumentsSettled(coproId);
  return useMutation({
    mutationFn: (documentId: string) => api.call(e.remove, { params: { coproId, documentId } }),
    onSuccess,
  });
}
