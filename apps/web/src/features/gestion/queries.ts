import {
  type BuildingBody,
  consoleEndpoints,
  consoleLotEndpoints,
  type LotBodyConsole,
  type RepartitionBodyConsole,
  type TantiemesBody,
} from '@tantieme/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api';

export const gestionKeys = {
  portfolio: ['gestion', 'portefeuille'] as const,
  search: (q: string) => ['gestion', 'recherche', q] as const,
  building: (id: string) => ['gestion', 'immeuble', id] as const,
  lots: (id: string) => ['gestion', 'immeuble', id, 'lots'] as const,
  history: (id: string) => ['gestion', 'immeuble', id, 'historique'] as const,
};

/**
 * The buildings within reach, with what needs action in each: all by name, or (the home) those
 * with the most to do first, the first `limit`.
 */
export function usePortfolio(opts: { sort?: 'name' | 'actions'; limit?: number } = {}) {
  return useQuery({
    queryKey: [...gestionKeys.portfolio, opts.sort ?? 'name', opts.limit ?? 0],
    queryFn: () => api.call(consoleEndpoints.portfolio, { query: opts as never }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** Buildings, co-owners and lots matching `q` (2 characters at least). */
export function useConsoleSearch(q: string) {
  return useQuery({
    queryKey: gestionKeys.search(q),
    enabled: q.length >= 2,
    queryFn: () => api.call(consoleEndpoints.search, { query: { q } }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useBuilding(coproId: string) {
  return useQuery({
    queryKey: gestionKeys.building(coproId),
    queryFn: () => api.call(consoleEndpoints.building, { params: { coproId } }),
    retry: false,
  });
}

export function useCreateBuilding() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BuildingBody) => api.call(consoleEndpoints.createBuilding, { body }),
    onSuccess: (b) => {
      qc.setQueryData(gestionKeys.building(b.id), b);
      void qc.invalidateQueries({ queryKey: gestionKeys.portfolio });
      // The actor's buildings (a gestionnaire who creates one is given it).
      void qc.invalidateQueries({ queryKey: ['gestion', 'moi'] });
    },
  });
}

export function useHistory(coproId: string) {
  return useQuery({
    queryKey: gestionKeys.history(coproId),
    queryFn: () => api.call(consoleEndpoints.history, { params: { coproId }, query: {} }),
  });
}

/** The building's lots and keys, each key's total checked by the server. */
export function useLotsAndKeys(coproId: string) {
  return useQuery({
    queryKey: gestionKeys.lots(coproId),
    queryFn: () => api.call(consoleLotEndpoints.list, { params: { coproId } }),
  });
}

/** Every lots-and-keys write answers the whole grid: it replaces the cached one. */
function useLotsWrite<V>(coproId: string, call: (v: V) => ReturnType<typeof listLots>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (data) => {
      qc.setQueryData(gestionKeys.lots(coproId), data);
      void qc.invalidateQueries({ queryKey: gestionKeys.portfolio });
      void qc.invalidateQueries({ queryKey: gestionKeys.history(coproId) });
    },
  });
}
const listLots = (coproId: string) => api.call(consoleLotEndpoints.list, { params: { coproId } });

export const useCreateLot = (coproId: string) =>
  useLotsWrite(coproId, (body: LotBodyConsole) =>
    api.call(consoleLotEndpoints.create, { params: { coproId }, body }),
  );

export const useCreateKey = (coproId: string) =>
  useLotsWrite(coproId, (body: RepartitionBodyConsole) =>
    api.call(consoleLotEndpoints.createRepartition, { params: { coproId }, body }),
  );

export const useSaveTantiemes = (coproId: string) =>
  useLotsWrite(coproId, (body: TantiemesBody) =>
    api.call(consoleLotEndpoints.tantiemes, { params: { coproId }, body }),
  );
