import { consolePvEndpoints as e, type PvState } from '@tantieme/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../api';

const key = (assembleeId: string) => ['gestion', 'proces-verbal', assembleeId] as const;

/** The PV after the meeting: bureau, signatures, seal and notifications. */
export function usePv(coproId: string, assembleeId: string) {
  return useQuery({
    queryKey: key(assembleeId),
    queryFn: () => api.call(e.state, { params: { coproId, assembleeId } }),
    retry: false,
  });
}

function useWrite<B>(assembleeId: string, fn: (body: B) => Promise<PvState>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: (d) => qc.setQueryData(key(assembleeId), d) });
}

export function usePvBureau(coproId: string, assembleeId: string) {
  return useWrite(assembleeId, (body: z.input<typeof e.bureau.body>) =>
    api.call(e.bureau, { params: { coproId, assembleeId }, body }),
  );
}

export function usePvSign(coproId: string, assembleeId: string) {
  return useWrite(assembleeId, (body: { member: string; signature: string }) =>
    api.call(e.sign, { params: { coproId, assembleeId }, body }),
  );
}

export function usePvNotify(coproId: string, assembleeId: string) {
  return useWrite(assembleeId, (_: void) => api.call(e.notify, { params: { coproId, assembleeId } }));
}
