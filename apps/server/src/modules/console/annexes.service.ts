/**
 * The year's close: annexes 1 to 3 of the arrêté du 14 mars 2005 computed by the contract's rule
 * from the journal's balances (rules/annexes.ts), the previous exercice beside, and the budget
 * voted from the appels module.
 */
import { type AccountBalance, type AnnexesView, compteDeGestion, etatFinancier } from '@tantieme/contract';
import type { Db } from '../../db/client.js';
import * as repo from './annexes.repo.js';
import { balances, exerciceOf, labelOf } from './money.service.js';

const asBalances = (
  accounts: {
    account: string;
    coproprietaire_id?: string | null;
    debit: number | string;
    credit: number | string;
  }[],
): AccountBalance[] =>
  accounts.map((a) => ({
    account: a.account,
    coproprietaireId: a.coproprietaire_id ?? null,
    debit: Number(a.debit),
    credit: Number(a.credit),
  }));

const ref = (e: { id: string; couple: string; start_date: string; end_date: string }) => ({
  id: e.id,
  couple: e.couple,
  start_date: e.start_date,
  end_date: e.end_date,
});

export async function annexes(db: Db, coproprieteId: string, exercice?: string): Promise<AnnexesView> {
  const { all, current } = await exerciceOf(db, coproprieteId, exercice);
  if (!current) return { exercice: null, previous: null, etat_financier: null, compte_de_gestion: null };
  // Exercices come latest first: the previous one is the latest that ends before this one starts.
  const previous = all.find((e) => e.end_date < current.start_date) ?? null;
  const [atClose, now, before] = await Promise.all([
    repo.balancesAt(db, coproprieteId, current.end_date),
    balances(db, coproprieteId, current.id),
    previous ? balances(db, coproprieteId, previous.id) : null,
  ]);
  const perAccount = (b: Awaited<ReturnType<typeof balances>>) =>
    asBalances(b.accounts.map((a) => ({ account: a.account, debit: a.debit_cents, credit: a.credit_cents })));
  const e = etatFinancier(asBalances(atClose));
  const g = compteDeGestion(
    perAccount(now),
    before ? perAccount(before) : null,
    now.budget.voted_cents,
    labelOf,
  );
  return {
    exercice: ref(current),
    previous: previous ? ref(previous) : null,
    etat_financier: {
      tresorerie: e.tresorerie,
      fonds: e.fonds,
      creances: e.creances,
      dettes: e.dettes,
      solde_exercice: e.soldeExercice,
      total_actif: e.totalActif,
      total_passif: e.totalPassif,
    },
    compte_de_gestion: {
      courantes: g.courantes,
      travaux: g.travaux,
      budget_vote: g.budgetVote,
      totals: {
        charges_courantes: g.totals.chargesCourantes,
        produits_courantes: g.totals.produitsCourantes,
        charges_travaux: g.totals.chargesTravaux,
        produits_travaux: g.totals.produitsTravaux,
        solde_courantes: g.totals.soldeCourantes,
        solde_travaux: g.totals.soldeTravaux,
        ecart_budget: g.totals.ecartBudget,
      },
    },
  };
}
