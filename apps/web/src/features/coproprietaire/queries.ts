import { coproprietaireEndpoints, type CoproprietaireSummary } from '@tantieme/contract';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { api } from '../../api';
import { useSession } from '../../app/session';

export const coproprietairesKey = ['coproprietaires'] as const;

export function useCoproprietaires() {
  const { token } = useSession();
  return useQuery({
    queryKey: coproprietairesKey,
    enabled: !!token,
    queryFn: () => api.call(coproprietaireEndpoints.all),
    staleTime: 30_000,
  });
}

/** The record of the current route (/:coproId/...), or null. */
export function useCurrentCoproprietaire(): { record: CoproprietaireSummary | null; isLoading: boolean } {
  const { coproId } = useParams();
  const q = useCoproprietaires();
  const record = q.data?.find((r) => r.id === coproId) ?? null;
  return { record, isLoading: q.isLoading };
}
