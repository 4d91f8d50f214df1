import {
  assembleeEndpoints as e,
  assembleeProxyEndpoints as proxyEndpoints,
  type GiveProxyBody,
  assembleeRegisterEndpoints as registerEndpoints,
  type VoteBody,
} from '@tantieme/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api';
import { FIRST_SCREEN_FRESH_MS } from '../../app/afterFirstScreen';
import { useCurrentCoproprietaire } from '../coproprietaire/queries';

export interface AgTarget {
  coproId: string;
  id: string;
}

/** The route's co-owner record and its copropriété: the ids of every §7 assembly path. */
export function useAgTarget(): { target: AgTarget | null; isLoading: boolean } {
  const { record, isLoading } = useCurrentCoproprietaire();
  const copro = record?.coproprietes[0];
  return { target: record && copro ? { coproId: copro.id, id: record.id } : null, isLoading };
}

const keys = {
  list: (t: AgTarget | null) => ['assemblees', 'list', t?.id] as const,
  detail: (t: AgTarget | null, agId: string) => ['assemblees', agId, t?.id] as const,
};

/** Key and fetch of a record's assemblies, shared with `app/preload.ts`. */
export const assembleesQuery = (t: AgTarget | null) => ({
  queryKey: keys.list(t),
  queryFn: () => api.call(e.list, { params: t! }),
  staleTime: FIRST_SCREEN_FRESH_MS,
});

export function useAssemblees(t: AgTarget | null) {
  return useQuery({ ...assembleesQuery(t), enabled: !!t });
}

export function useResolutions(t: AgTarget | null, agId: string) {
  return useQuery({
    queryKey: [...keys.detail(t, agId), 'resolutions'],
    enabled: !!t,
    queryFn: () => api.call(e.resolutions, { params: { ...t!, agId } }),
    retry: false,
  });
}

export function useConvocation(t: AgTarget | null, agId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...keys.detail(t, agId), 'convocation'],
    enabled: enabled && !!t,
    queryFn: () => api.call(e.convocationFile, { params: { ...t!, agId } }),
  });
}

export function useVisio(t: AgTarget | null, agId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...keys.detail(t, agId), 'visio'],
    enabled: enabled && !!t,
    queryFn: () => api.call(e.visioInfo, { params: { ...t!, agId } }),
  });
}

export function useVote(t: AgTarget | null, agId: string) {
  const qc = useQueryClient();
  return {
    mutation: useMutation({
      mutationFn: (body: VoteBody) => api.call(e.vote, { params: { ...t!, agId }, body }),
    }),
    /** Reloads the assembly's data (after a vote, or on an error as SPEC §8 says). */
    reload: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: keys.detail(t, agId) }),
        // The list stays fresh a while (first screen): what the vote changed shows there too.
        qc.invalidateQueries({ queryKey: keys.list(t) }),
      ]),
  };
}

export const fetchReceipt = (t: AgTarget, agId: string) => api.call(e.receipt, { params: { ...t, agId } });
export const fetchRegister = (t: AgTarget, agId: string) =>
  api.call(registerEndpoints.register, { params: { ...t, agId } });

export function useProxies(t: AgTarget | null, agId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...keys.detail(t, agId), 'proxies'],
    enabled: enabled && !!t,
    queryFn: () => api.call(proxyEndpoints.proxies, { params: { ...t!, agId } }),
  });
}

export const giveProxy = (t: AgTarget, agId: string, body: GiveProxyBody) =>
  api.call(proxyEndpoints.give, { params: { ...t, agId }, body });
export const withdrawProxy = (t: AgTarget, agId: string, proxyId: string) =>
  api.call(proxyEndpoints.withdraw, { params: { ...t, agId, proxyId } });
export const acceptProxy = (t: AgTarget, agId: string, proxyId: string) =>
  api.call(proxyEndpoints.accept, { params: { ...t, agId, proxyId } });
/** A signed URL (10 minutes) of a proxy's sealed PDF, asked for at the click. */
export const fetchSealedProxy = (t: AgTarget, agId: string, proxyId: string) =>
  api.call(proxyEndpoints.sealed, { params: { ...t, agId, proxyId } });
export const fetchAct = (t: AgTarget, agId: string, act: 'pv' | 'feuille') =>
  api.call(act === 'pv' ? registerEndpoints.procesVerbal : registerEndpoints.feuilleDePresence, {
    params: { ...t, agId },
  });

/** The procès-verbal or the attendance sheet: a signed URL, sealed once every signature is in (404 before it is made). */
export function useMinute(
  t: AgTarget | null,
  agId: string,
  kind: 'procesVerbal' | 'feuilleDePresence',
  enabled: boolean,
) {
  return useQuery({
    queryKey: [...keys.detail(t, agId), kind],
    enabled: enabled && !!t,
    queryFn: () => api.call(registerEndpoints[kind], { params: { ...t!, agId } }),
    retry: false,
  });
}
