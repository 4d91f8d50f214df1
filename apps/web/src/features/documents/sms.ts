import { communicationEndpoints as ce } from '@tantieme/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api';

/** The SMS of a /m/{id} link. Kept apart from queries.ts: this public page loads nothing of the signed-in app. */
export function useSms(id: string | undefined) {
  return useQuery({
    queryKey: ['communications', 'sms', id],
    enabled: !!id,
    retry: false,
    queryFn: () => api.call(ce.smsDetail, { params: { id: id! } }),
  });
}
