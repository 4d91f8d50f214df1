import { consoleCollectionEndpoints as c, consoleRecouvrementEndpoints as r } from '@tantieme/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api';

const keys = {
  collections: (coproId: string) => ['gestion', 'prelevements', coproId] as const,
  debtors: (coproId: string) => ['gestion', 'impayes', coproId] as const,
};

export function useCollections(coproId: string) {
  return useQuery({
    queryKey: keys.collections(coproId),
    queryFn: () => api.call(c.page, { params: { coproId } }),
  });
}

/** Every write of the collections page refreshes it (and the debtors, whose debts it moves). */
function useCollectionWrite<B, R>(coproId: string, fn: (body: B) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: keys.collections(coproId) });
      void qc.invalidateQueries({ queryKey: keys.debtors(coproId) });
    },
  });
}

export const useSetCreditor = (coproId: string) =>
  useCollectionWrite(coproId, (body: { name: string; ics: string; iban: string; bic: string | null }) =>
    api.call(c.creditor, { params: { coproId }, body }),
  );
export const useGenerateCollection = (coproId: string) =>
  useCollectionWrite(coproId, (body: { due_date: string }) =>
    api.call(c.generate, { params: { coproId }, body }),
  );
export const useSettleCollection = (coproId: string) =>
  useCollectionWrite(coproId, (body: { collection_id: string }) =>
    api.call(c.settle, { params: { coproId }, body }),
  );
export const useImportAnswers = (coproId: string) =>
  useCollectionWrite(coproId, (body: { content: string }) =>
    api.call(c.answers, { params: { coproId }, body }),
  );
export const remiseFile = (coproId: string, collectionId: string) =>
  api.call(c.file, { params: { coproId }, body: { collection_id: collectionId } });

export function useDebtors(coproId: string) {
  return useQuery({
    queryKey: keys.debtors(coproId),
    queryFn: () => api.call(r.debtors, { params: { coproId } }),
  });
}

export const useSendStep = (coproId: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { ownerId: string; step: 'relance' | 'mise_en_demeure' | 'exigibilite' }) =>
      api.call(r.send, { params: { coproId, coproprietaireId: v.ownerId }, body: { step: v.step } }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: keys.debtors(coproId) }),
  });
};

/** A letter's PDF (mise en demeure, acceleration): a short-lived signed URL to open. */
export const letterFile = (coproId: string, relanceId: string) =>
  api.call(r.letter, { params: { coproId }, body: { relance_id: relanceId } });
