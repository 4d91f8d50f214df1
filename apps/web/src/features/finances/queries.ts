import { financeEndpoints, PAYMENT_TRANSACTIONS_PAGE_SIZE } from '@tantieme/contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useLocation, useParams } from 'react-router-dom';
import { api } from '../../api';
import { useCurrentCoproprietaire } from '../coproprietaire/queries';

export interface FinanceTarget {
  coproprieteId: string;
  coproprietaireId: string;
  /** Read-only syndic preview (no payment). */
  preview: boolean;
}

/**
 * Whose account the finance pages show: the route's co-owner record (/:coproId and
 * /syndic-preview/:coproId both name the record); in the preview, its copropriété is asked of
 * the server since the signed-in list is not there.
 */
export function useFinanceTarget(): { target: FinanceTarget | null; isLoading: boolean; isError: boolean } {
  const { coproId } = useParams();
  const preview = useLocation().pathname.startsWith('/syndic-preview/');
  const current = useCurrentCoproprietaire();
  const account = useQuery({
    queryKey: ['finances', 'account', coproId],
    enabled: preview && !!coproId,
    queryFn: () => api.call(financeEndpoints.account, { params: { id: coproId as string } }),
  });
  if (preview) {
    return {
      target: account.data
        ? {
            coproprieteId: account.data.copropriete_id,
            coproprietaireId: account.data.coproprietaire_id,
            preview: true,
          }
        : null,
      isLoading: account.isLoading,
      isError: account.isError,
    };
  }
  const copro = current.record?.coproprietes[0];
  return {
    target:
      current.record && copro
        ? { coproprieteId: copro.id, coproprietaireId: current.record.id, preview: false }
        : null,
    isLoading: current.isLoading,
    isError: false,
  };
}

const params = (t: FinanceTarget) => ({ coproId: t.coproprieteId, id: t.coproprietaireId });

export const financeKeys = {
  all: ['finances'] as const,
  ledger: (t: FinanceTarget) => ['finances', 'ledger', t.coproprietaireId] as const,
  settled: (t: FinanceTarget) => ['finances', 'settled', t.coproprietaireId] as const,
  bills: (t: FinanceTarget, which: 'paid' | 'unpaid') =>
    ['finances', 'bills', which, t.coproprietaireId] as const,
  transactions: (t: FinanceTarget) => ['finances', 'transactions', t.coproprietaireId] as const,
};

export function useLedger(t: FinanceTarget | null) {
  return useQuery({
    queryKey: t ? financeKeys.ledger(t) : ['finances', 'ledger', null],
    enabled: !!t,
    queryFn: () => api.call(financeEndpoints.ledger, { params: params(t as FinanceTarget) }),
  });
}

/** SPEC §4 show-all switch: the extra settled lines, loaded only once the switch is on. */
export function useSettledLines(t: FinanceTarget | null, enabled: boolean) {
  return useQuery({
    queryKey: t ? financeKeys.settled(t) : ['finances', 'settled', null],
    enabled: !!t && enabled,
    queryFn: () => api.call(financeEndpoints.ledgerSettled, { params: params(t as FinanceTarget) }),
  });
}

export function useBills(t: FinanceTarget | null, which: 'paid' | 'unpaid', enabled = true) {
  return useQuery({
    queryKey: t ? financeKeys.bills(t, which) : ['finances', 'bills', which, null],
    enabled: !!t && enabled,
    queryFn: () =>
      api.call(which === 'paid' ? financeEndpoints.paidBills : financeEndpoints.unPaidBills, {
        params: params(t as FinanceTarget),
      }),
  });
}

export function useBillDetails(coproprieteId: string, billId: string | null, lotIds: string[]) {
  return useQuery({
    queryKey: ['finances', 'bill-details', coproprieteId, billId, lotIds],
    enabled: !!billId && lotIds.length > 0,
    queryFn: () =>
      api.call(financeEndpoints.billDetails, {
        params: { coproId: coproprieteId, billId: billId as string },
        body: { lot_ids: lotIds },
      }),
  });
}

/** Payment transactions, 30 a page, following page_state (SPEC §9). */
export function usePaymentTransactions(t: FinanceTarget | null, enabled = true) {
  return useInfiniteQuery({
    queryKey: t ? financeKeys.transactions(t) : ['finances', 'transactions', null],
    enabled: !!t && enabled,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      api.call(financeEndpoints.paymentTransactions, {
        params: { id: (t as FinanceTarget).coproprietaireId },
        query: { page_size: PAYMENT_TRANSACTIONS_PAGE_SIZE, page_state: pageParam },
      }),
    getNextPageParam: (last) => last.pageState ?? undefined,
  });
}
