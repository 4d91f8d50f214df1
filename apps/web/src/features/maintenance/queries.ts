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
