import { syntheseEndpoints as e } from '@tantieme/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api';
import { FIRST_SCREEN_FRESH_MS } from '../../app/afterFirstScreen';

/** Query hooks of 'Ma synthèse'; each key carries the ids and whether it is a preview. */
const k = (...parts: (string | undefined)[]) => ['synthese', ...parts] as const;

/**
 * Key and fetch of the first screen's queries, shared with `app/preload.ts`, which starts them
 * as soon as the record list is known instead of after the page's chunk has loaded.
 */
export const syntheseQueries = {
  syndicInfo: (coproId: string) => ({
    queryKey: k('syndic-info', coproId),
    queryFn: () => api.call(e.syndicInfo, { params: { id: coproId } }),
    staleTime: 5 * 60_000,
  }),
  administrators: (coproId: string) => ({
    queryKey: k('administrators', coproId),
    queryFn: () => api.call(e.administrators, { params: { id: coproId } }),
    staleTime: 5 * 60_000,
  }),
  lots: (coproId: string, coproprietaireId: string) => ({
    queryKey: k('lots', coproId, coproprietaireId),
    queryFn: () => api.call(e.lots, { params: { coproprieteId: coproId, coproprietaireId } }),
    staleTime: FIRST_SCREEN_FRESH_MS,
  }),
  verificationStatus: (coproId: string) => ({
    queryKey: k('verification-status', coproId),
    queryFn: () => api.call(e.verificationStatus, { params: { id: coproId } }),
    // Live changes invalidate it (verification useVerificationLive); fresh for the first screen
    // so the mounting page does not ask again what the preload has just read.
    staleTime: FIRST_SCREEN_FRESH_MS,
  }),
  general: (coproId: string, coproprietaireId: string) => ({
    queryKey: k('general', coproId, coproprietaireId),
    queryFn: () => api.call(e.general, { params: { coproId, coproprietaireId } }),
    staleTime: FIRST_SCREEN_FRESH_MS,
  }),
};

export function usePreviewRecord(id: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: k('preview-info', id),
    enabled: enabled && !!id,
    queryFn: () => api.call(e.previewInfo, { params: { id: id! } }),
    retry: false,
  });
}

export function useSyndicInfo(coproId: string | undefined) {
  return useQuery({ ...syntheseQueries.syndicInfo(coproId!), enabled: !!coproId });
}

export function useAdministrators(coproId: string | undefined) {
  return useQuery({ ...syntheseQueries.administrators(coproId!), enabled: !!coproId });
}

export function useVerificationStatus(coproId: string | undefined, enabled: boolean) {
  return useQuery({ ...syntheseQueries.verificationStatus(coproId!), enabled: enabled && !!coproId });
}

export function useLots(coproId: string | undefined, coproprietaireId: string | undefined) {
  return useQuery({
    ...syntheseQueries.lots(coproId!, coproprietaireId!),
    enabled: !!coproId && !!coproprietaireId,
  });
}

export function useLotTantiemes(coproprietaireId: string | undefined, lotId: string | undefined) {
  return useQuery({
    queryKey: k('lot-tantiemes', coproprietaireId, lotId),
    enabled: !!coproprietaireId && !!lotId,
    queryFn: () =>
      api.call(e.lotTantiemes, { params: { coproprietaireId: coproprietaireId!, lotId: lotId! } }),
  });
}

export function useFinanceGeneral(coproId: string | undefined, coproprietaireId: string | undefined) {
  return useQuery({
    ...syntheseQueries.general(coproId!, coproprietaireId!),
    enabled: !!coproId && !!coproprietaireId,
  });
}

export function useTransactions(
  coproId: string | undefined,
  coproprietaireId: string | undefined,
  enabled: boolean,
) {
  return useQuery({
    queryKey: k('transactions', coproId, coproprietaireId),
    enabled: enabled && !!coproId && !!coproprietaireId,
    queryFn: () =>
      api.call(e.transactions, { params: { coproId: coproId!, coproprietaireId: coproprietaireId! } }),
  });
}

/** SPEC §8: budget and Alur failures are only logged; the cards show zero. */
async function orZero<T>(what: string, p: Promise<T>, zero: T): Promise<T> {
  try {
    return await p;
  } catch (err) {
    console.error(`[synthese] ${what}`, err);
    return zero;
  }
}

export function useBudgetFonctionnement(coproId: string | undefined) {
  return useQuery({
    queryKey: k('budget-fonctionnement', coproId),
    enabled: !!coproId,
    retry: false,
    queryFn: () =>
      orZero('budget-fonctionnement', api.call(e.budgetFonctionnement, { params: { coproId: coproId! } }), {
        totalFixed: 0,
        totalReality: 0,
        year_couple: null,
      }),
  });
}

export function useBudgetAlurAvance(coproId: string | undefined) {
  return useQuery({
    queryKey: k('budget-alur-avance', coproId),
    enabled: !!coproId,
    retry: false,
    queryFn: () =>
      orZero('budget-alur-avance', api.call(e.budgetAlurAvance, { params: { coproId: coproId! } }), {
        alur: 0,
        avance: 0,
      }),
  });
}
