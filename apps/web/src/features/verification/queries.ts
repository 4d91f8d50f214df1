import {
  VERIFICATION_EVENT,
  type VerificationChargeType,
  type VerificationCosts,
  verificationEndpoints as e,
} from '@tantieme/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../api';
import { useSocket } from '../notifications/realtime';

export const verifKey = (coproId: string, type?: VerificationChargeType) =>
  type ? (['verification', coproId, type] as const) : (['verification', coproId] as const);

export function useCosts(coproId: string, type: VerificationChargeType) {
  return useQuery({
    queryKey: verifKey(coproId, type),
    queryFn: () => api.call(e.costs, { params: { id: coproId }, query: { charge_type: type } }),
  });
}

/** 'copro-update-charge-verification-status': another council member's change, applied live. */
export function useVerificationLive(coproId: string) {
  const socket = useSocket();
  const qc = useQueryClient();
  useEffect(() => {
    if (!socket) return;
    const on = (ev: { copropriete_id: string }) => {
      if (ev.copropriete_id !== coproId) return;
      void qc.invalidateQueries({ queryKey: verifKey(coproId) });
      // The dashboard shortcut reads the status too.
      void qc.invalidateQueries({ predicate: (q) => q.queryKey.includes('verification-status') });
    };
    socket.on(VERIFICATION_EVENT, on);
    return () => {
      socket.off(VERIFICATION_EVENT, on);
    };
  }, [socket, coproId, qc]);
}

/** Optimistic: the box moves at once, the server's answer (or the live event) settles it. */
export function useVerifyOne(coproId: string, type: VerificationChargeType) {
  const qc = useQueryClient();
  const key = verifKey(coproId, type);
  return useMutation({
    mutationFn: (v: { chargeId: string; invoiceId: string; value: 0 | 1 }) =>
      api.call(e.verifyOne, {
        params: { id: coproId, chargeId: v.chargeId },
        body: { invoice_id: v.invoiceId, value: v.value },
      }),
    onMutate: async (v) => {
      await qc.cancelQueries({ queryKey: key });
      const prev = qc.getQueryData<VerificationCosts>(key);
      if (prev)
        qc.setQueryData<VerificationCosts>(key, {
          ...prev,
          years: prev.years.map((y) => ({
            ...y,
            charges: y.charges.map((c) => ({
              ...c,
              invoices: c.invoices.map((i) =>
                i.id === v.invoiceId
                  ? { ...i, verifications: { ...i.verifications, SYNDICAT: { value: v.value } } }
                  : i,
              ),
            })),
          })),
        });
      return { prev };
    },
    onError: (_err, _v, ctx) => {
      if (ctx?.prev) qc.setQueryData(key, ctx.prev);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: key }),
  });
}

export function useVerifyAll(coproId: string, type: VerificationChargeType) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (value: 0 | 1) =>
      api.call(e.verifyAll, { params: { id: coproId }, body: { value, charge_type: type } }),
    onSettled: () => qc.invalidateQueries({ queryKey: verifKey(coproId) }),
  });
}

export function useFinish(coproId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (status: 0 | 1) => api.call(e.finish, { params: { id: coproId }, body: { status } }),
    onSettled: () => qc.invalidateQueries({ queryKey: verifKey(coproId) }),
  });
}
