import { paymentEndpoints } from '@tantieme/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api';

export const paymentKeys = {
  ready: (coproprieteId: string) => ['payments', 'ready', coproprieteId] as const,
  data: (coproprieteId: string, coproprietaireId: string) =>
    ['payments', 'data-for-payment', coproprieteId, coproprietaireId] as const,
};

/** SPEC §6 Pay button: the syndic has active card payments (check-stripe-ready). */
export const stripeReadyQuery = (coproprieteId: string) => ({
  queryKey: paymentKeys.ready(coproprieteId),
  queryFn: () => api.call(paymentEndpoints.checkStripeReady, { params: { coproId: coproprieteId } }),
  staleTime: 60_000,
});

export function useStripeReady(coproprieteId: string, enabled = true) {
  return useQuery({ ...stripeReadyQuery(coproprieteId), enabled: enabled && !!coproprieteId });
}

/** Payable items: unpaid debit lines and available credits. */
export function useDataForPayment(coproprieteId: string, coproprietaireId: string, enabled: boolean) {
  return useQuery({
    queryKey: paymentKeys.data(coproprieteId, coproprietaireId),
    enabled,
    queryFn: () =>
      api.call(paymentEndpoints.dataForPayment, {
        params: { coproId: coproprieteId, id: coproprietaireId },
      }),
    staleTime: 0,
  });
}
