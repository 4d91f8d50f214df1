import {
  type AppelsBody,
  type BudgetBody,
  consoleMoneyEndpoints as m,
  type MatchBody,
  type StatementBody,
} from '@tantieme/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api';

const money = (coproId: string) => ['gestion', 'immeuble', coproId, 'argent'] as const;
export const moneyKeys = {
  all: money,
  overview: (id: string, exercice?: string) => [...money(id), 'budget', exercice ?? ''] as const,
  journal: (id: string, q: object) => [...money(id), 'journal', q] as const,
  balances: (id: string, exercice?: string) => [...money(id), 'balances', exercice ?? ''] as const,
  bank: (id: string) => [...money(id), 'banque'] as const,
};

export function useMoneyOverview(coproId: string, exercice?: string) {
  return useQuery({
    queryKey: moneyKeys.overview(coproId, exercice),
    queryFn: () => api.call(m.overview, { params: { coproId }, query: { exercice } }),
  });
}

export interface JournalFilters {
  exercice?: string;
  compte?: string;
  source?: 'appel' | 'banque' | 'paiement' | 'contre-passation' | 'manuel' | 'facture';
  after?: number;
}

export function useJournal(coproId: string, q: JournalFilters) {
  return useQuery({
    queryKey: moneyKeys.journal(coproId, q),
    queryFn: () => api.call(m.journal, { params: { coproId }, query: q }),
  });
}

export function useBalances(coproId: string, exercice?: string) {
  return useQuery({
    queryKey: moneyKeys.balances(coproId, exercice),
    queryFn: () => api.call(m.balances, { params: { coproId }, query: { exercice } }),
  });
}

export function useBank(coproId: string) {
  return useQuery({
    queryKey: moneyKeys.bank(coproId),
    queryFn: () => api.call(m.bank, { params: { coproId } }),
  });
}

/** Every money write changes the journal, the balances and the statements: all reread. */
function useMoneyWrite<V, R>(coproId: string, call: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: moneyKeys.all(coproId) });
      void qc.invalidateQueries({ queryKey: ['gestion', 'immeuble', coproId, 'historique'] });
    },
  });
}

export const useSaveBudget = (coproId: string) =>
  useMoneyWrite(coproId, (body: BudgetBody) => api.call(m.setBudget, { params: { coproId }, body }));

export const usePreviewAppels = (coproId: string) =>
  useMutation({ mutationFn: (body: AppelsBody) => api.call(m.previewAppels, { params: { coproId }, body }) });

export const useGenerateAppels = (coproId: string) =>
  useMoneyWrite(coproId, (body: AppelsBody) => api.call(m.generateAppels, { params: { coproId }, body }));

export const useReverse = (coproId: string) =>
  useMoneyWrite(coproId, (v: { ecritureId: string; date: string }) =>
    api.call(m.reverse, { params: { coproId, ecritureId: v.ecritureId }, body: { date: v.date } }),
  );

export const useImportStatement = (coproId: string) =>
  useMoneyWrite(coproId, (body: StatementBody) => api.call(m.importStatement, { params: { coproId }, body }));

export const useMatch = (coproId: string) =>
  useMoneyWrite(coproId, (v: { lineId: string; body: MatchBody }) =>
    api.call(m.match, { params: { coproId, lineId: v.lineId }, body: v.body }),
  );

/** "1 200,50" or "1200.5" → cents; null when it is not an amount. */
export function parseEuros(s: string): number | null {
  const clean = s.replace(/[\s\u00a0\u202f€]/g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return null;
  return Math.round(Number(clean) * 100);
}
