/**
 * A period's appels de fonds (loi 1965 art. 14-1, 14-2, 14-2-1), for one building or a whole
 * portfolio in one transaction: per exercice, the bill with its lines per lot and key (the
 * statement's bill detail), one debit per co-owner on their statement (ledger_lines), and the
 * journal's écriture (450x debit per co-owner, 701 / 102 / 105 credit), numbered after the last
 * one of its exercice. Set-based: a fixed number of statements whatever the number of buildings
 * (appels.generate.repo.ts). Rounding: the contract's appelsOfKey (largest remainder, decision 201).
 * Each period of a kind is called once; asked again, nothing more is written.
 */
import {
  APPEL_ACCOUNTS,
  APPEL_BILL_TYPE,
  type AppelKind,
  dueDates,
  fondsTravauxError,
} from '@tantieme/contract';
import type { Db, Tx } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import * as repo from './appels.generate.repo.js';
import { recordAppelNotices } from './appels.notice.js';

const invalid = (field: string, message: string) =>
  new AppError('VALIDATION_ERROR', message, { status: 400, errors: { [field]: message } });

const ORDINAL = ['1er', '2e', '3e', '4e'];
const KIND_LABEL: Record<AppelKind, string> = {
  budget: 'Appel de fonds',
  travaux: 'Appel de travaux',
  fonds_travaux: 'Fonds de travaux',
};

export function appelName(kind: AppelKind, period: number, periods: number, year: string) {
  const when =
    periods === 4 ? `${ORDINAL[period - 1]} trimestre ${year}` : `période ${period}/${periods} ${year}`;
  return `${KIND_LABEL[kind]} – ${when}`;
}

export interface GenerateInput {
  coproprieteId: string;
  financialYearId: string;
  kind: AppelKind;
  /** 1-based: the quarter (or the assembly's period) of the exercice. */
  period: number;
}

export interface Generated {
  financialYearId: string;
  created: boolean;
  billId: string | null;
  ecritureId: string;
  dueDate: string;
  totalCents: number;
  coOwners: number;
}

export interface BatchInput {
  exercices: { coproprieteId: string; financialYearId: string }[];
  kind: AppelKind;
  period: number;
}

/** Each exercice's plan (due date, name), or the first reason one cannot be called. */
async function plansOf(tx: Tx, input: BatchInput, ids: string[]) {
  const [years, budgets] = await Promise.all([repo.years(tx, ids), repo.budgets(tx, ids, input.kind)]);
  const base =
    input.kind === 'fonds_travaux' ? await repo.budgets(tx, ids, 'budget') : ([] as typeof budgets);
  const yearOf = new Map(years.map((y) => [y.id, y]));
  const plans: repo.YearPlan[] = [];
  for (const e of input.exercices) {
    const year = yearOf.get(e.financialYearId);
    if (!year || year.copropriete_id !== e.coproprieteId) throw new AppError('NOT_FOUND');
    if (year.closed)
      throw invalid('financial_year_id', "L'exercice est clos\u202f: il ne reçoit plus d'écriture.");
    const own = budgets.filter((b) => b.financial_year_id === e.financialYearId);
    if (!own.length) throw invalid('kind', 'Aucun budget voté pour cet exercice.');
    const periods = own[0].periods;
    if (own.some((b) => b.periods !== periods))
      throw invalid('periods', 'Les clés de ce budget ne sont pas appelées sur les mêmes périodes.');
    if (!Number.isInteger(input.period) || input.period < 1 || input.period > periods)
      throw invalid('period', `La période va de 1 à ${periods}.`);
    if (input.kind === 'fonds_travaux') {
      const sum = (xs: typeof budgets) => xs.reduce((s, b) => s + Number(b.amount_cents), 0);
      const error = fondsTravauxError(
        sum(own),
        sum(base.filter((b) => b.financial_year_id === e.financialYearId)),
      );
      if (error) throw invalid('amount_cents', error);
    }
    plans.push({
      year_id: year.id,
      copro_id: year.copropriete_id,
      periods,
      period: input.period,
      due_date: dueDates(year.start_date, periods)[input.period - 1],
      name: appelName(input.kind, input.period, periods, year.couple),
    });
  }
  return { plans, budgets };
}

/** A period's appels of one kind for these exercices, inside the caller's transaction. */
export async function generateManyIn(tx: Tx, input: BatchInput): Promise<Generated[]> {
  const ids = input.exercices.map((e) => e.financialYearId);
  if (new Set(ids).size !== ids.length) throw invalid('exercices', 'Un exercice est nommé deux fois.');
  // Another building's exercice is not found, before anything of it is told.
  const owner = new Map((await repo.years(tx, ids)).map((y) => [y.id, y.copropriete_id]));
  if (input.exercices.some((e) => owner.get(e.financialYearId) !== e.coproprieteId))
    throw new AppError('NOT_FOUND');
  const done = new Map(
    (await repo.runsDone(tx, ids, input.kind, input.period)).map((r) => [r.financial_year_id, r]),
  );
  const todo: BatchInput = {
    ...input,
    exercices: input.exercices.filter((e) => !done.has(e.financialYearId)),
  };
  const out: Generated[] = [...done.values()].map((r) => ({
    financialYearId: r.financial_year_id,
    created: false,
    billId: r.bill_id,
    ecritureId: r.ecriture_id,
    dueDate: r.due_date,
    totalCents: 0,
    coOwners: 0,
  }));
  if (!todo.exercices.length) return out;
  const { plans, budgets } = await plansOf(
    tx,
    todo,
    todo.exercices.map((e) => e.financialYearId),
  );

  await repo.computeShares(tx, plans, input.kind);
  const problems = await repo.sharesProblems(tx);
  const withLots = new Set(problems.keys.map((k) => `${k.year_id}:${k.repartition_id}`));
  const bare = budgets.find(
    (b) =>
      plans.some((p) => p.year_id === b.financial_year_id) &&
      !withLots.has(`${b.financial_year_id}:${b.repartition_id}`),
  );
  if (bare) throw invalid('repartition_id', `La clé « ${bare.repartition_name} » n'a aucun lot.`);
  if (problems.orphan)
    throw invalid(
      'lots',
      `Le lot ${problems.orphan.lot_name} n'a pas de copropriétaire\u202f: l'appel ne peut pas être réparti.`,
    );

  if (problems.empty) throw invalid('amount_cents', 'Rien à appeler sur cette période.');
  const accounts = APPEL_ACCOUNTS[input.kind];
  const runs = await repo.write(tx, plans, {
    kind: input.kind,
    billType: APPEL_BILL_TYPE[input.kind],
    coOwner: accounts.coOwner,
    counterpart: accounts.counterpart,
  });
  // A concurrent call generated some of these periods first: this one's writes roll back.
  if (runs.length !== plans.length)
    throw new AppError('CONFLICT', "Ces appels viennent d'être émis.", { status: 409 });
  const heads = new Map((await repo.heads(tx)).map((h) => [h.year_id, h]));
  for (const r of runs) {
    const h = heads.get(r.financial_year_id);
    out.push({
      financialYearId: r.financial_year_id,
      created: true,
      billId: r.bill_id,
      ecritureId: r.ecriture_id,
      dueDate: r.due_date,
      totalCents: Number(h?.total ?? 0),
      coOwners: Number(h?.owners ?? 0),
    });
  }
  return out;
}

export const generateMany = (db: Db, input: BatchInput) => db.transaction((tx) => generateManyIn(tx, input));

/**
 * A period's appels of one kind for one building (inside the caller's transaction), with each
 * co-owner's notice by the channel of loi art. 42-1 (appels.notice.ts).
 */
export async function generateIn(tx: Tx, input: GenerateInput): Promise<Generated> {
  const [one] = await generateManyIn(tx, {
    exercices: [{ coproprieteId: input.coproprieteId, financialYearId: input.financialYearId }],
    kind: input.kind,
    period: input.period,
  });
  if (one.created)
    await recordAppelNotices(tx, {
      coproprieteId: input.coproprieteId,
      appel: await repo.billName(tx, one.billId),
      dueDate: one.dueDate,
      perOwner: (await repo.batchOwners(tx)).map((o) => [o.id, Number(o.amount_cents)]),
    });
  return one;
}

export const generate = (db: Db, input: GenerateInput) => db.transaction((tx) => generateIn(tx, input));
