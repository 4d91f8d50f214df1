import { maintenanceEndpoints as e } from '@tantieme/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api';

/** The record's carnet d'entretien, or the external application's URL (with a short-lived token). */
export function useCarnet(coproprietaireId: string) {
  return useQuery({
    queryKey: ['carnet-entretien', coproprietaireId],
    queryFn: () => api.call(e.carnet, { params: { id: coproprietaireId } }),
    enabled: !!coproprietaireId,
    // The external URL's token lives 10 minutes: fetch a fresh one well before.
    staleTime: 5 * 60_000,
    refetchInterval: (q) => (q.state.data?.mode === 'external' ? 8 * 60_000 : false),
  });
}

/** The building's carnet, read-only: every co-owner of the building (décret 2019-502 art. 1, 3°). */
export function usePublicCarnet(coproprietaireId: string) {
  return useQuery({
    queryKey: ['carnet-entretien-lecture', coproprietaireId],
    queryFn: () => api.call(e.publicCarnet, { params: { id: coproprietaireId } }),
    enabled: !!coproprietaireId,
  });
}
