/**
 * The console's money screens, on the services the syndic API shares: the budget per exercice
 * and key, the appels of a period (a preview is the generation itself, rolled back, so what is
 * shown is what will be written), the journal and the balances of the chart of accounts.
 */
import {
  accountLabel,
  type AppelsBody,
  type AppelsPreview,
  type BalancesView,
  type BudgetBody,
  type JournalEntry,
  type MoneyOverview,
} from '@tantieme/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { batchOwners, billName } from '../appels/appels.service.js';
import { generate, generateManyIn, overview as appelsOverview, setBudget } from '../appels/appels.service.js';
import { reverse } from '../journal/journal.service.js';
import * as repo from './money.repo.js';

/** The exercice asked (of this building), else the latest open one, else the latest. */
export async function exerciceOf(db: Db, coproprieteId: string, asked?: string) {
  const all = await repo.exercices(db, coproprieteId);
  if (asked) {
    const found = all.find((e) => e.id === asked);
    if (!found) throw new AppError('NOT_FOUND');
    return { all, current: found };
  }
  return { all, current: all.find((e) => !e.closed) ?? all[0] ?? null };
}

export async function overview(db: Db, coproprieteId: string, exercice?: string): Promise<MoneyOverview> {
  const { all, current } = await exerciceOf(db, coproprieteId, exercice);
  const [keys, resolutions] = await Promise.all([
    repo.keys(db, coproprieteId),
    repo.resolutions(db, coproprieteId),
  ]);
  if (!current) return { exercices: all, exercice: null, budgets: [], runs: [], keys, resolutions };
  const [{ budgets, runs }, totals] = await Promise.all([
    appelsOverview(db, coproprieteId, current.id),
    repo.runTotals(db, current.id),
  ]);
  const title = new Map(resolutions.map((r) => [r.id, r.title]));
  const total = new Map(totals.map((t) => [t.ecriture_id, Number(t.total)]));
  return {
    exercices: all,
    exercice: current,
    budgets: budgets.map((b) => ({
      ...b,
      amount_cents: Number(b.amount_cents),
      resolution_title: b.resolution_id ? (title.get(b.resolution_id) ?? null) : null,
    })),
    runs: runs.map((r) => ({
      kind: r.kind,
      period: r.period,
      due_date: r.due_date,
      bill_id: r.bill_id,
      ecriture_id: r.ecriture_id,
      total_cents: total.get(r.ecriture_id) ?? 0,
    })),
    keys,
    resolutions,
  };
}

export async function saveBudget(db: Db, coproprieteId: string, body: BudgetBody) {
  if (body.resolution_id && !(await repo.resolutionOf(db, coproprieteId, body.resolution_id)))
    throw new AppError('NOT_FOUND');
  await setBudget(db, {
    coproprieteId,
    financialYearId: body.financial_year_id,
    repartitionId: body.repartition_id,
    kind: body.kind,
    amountCents: body.amount_cents,
    periods: body.periods,
    resolutionId: body.resolution_id,
  });
  return overview(db, coproprieteId, body.financial_year_id);
}

class Shown extends Error {
  constructor(readonly value: AppelsPreview) {
    super('preview');
  }
}

/** What a period's appels would call: generated inside a transaction that is then rolled back. */
export async function previewAppels(db: Db, coproprieteId: string, body: AppelsBody): Promise<AppelsPreview> {
  try {
    await db.transaction(async (tx) => {
      const [g] = await generateManyIn(tx, {
        exercices: [{ coproprieteId, financialYearId: body.financial_year_id }],
        kind: body.kind,
        period: body.period,
      });
      if (!g.created)
        throw new Shown({
          due_date: g.dueDate,
          name: await billName(tx, g.billId),
          total_cents: 0,
          already: true,
          coproprietaires: [],
        });
      throw new Shown({
        due_date: g.dueDate,
        name: await billName(tx, g.billId),
        total_cents: g.totalCents,
        already: false,
        coproprietaires: await batchOwners(tx),
      });
    });
  } catch (e) {
    if (e instanceof Shown) return e.value;
    throw e;
  }
  // The transaction above always ends by a Shown: this line is never reached.
  throw new Error('preview not rolled back');
}

export async function generateAppels(db: Db, coproprieteId: string, body: AppelsBody) {
  const g = await generate(db, {
    coproprieteId,
    financialYearId: body.financial_year_id,
    kind: body.kind,
    period: body.period,
  });
  return {
    created: g.created,
    bill_id: g.billId,
    ecriture_id: g.ecritureId,
    due_date: g.dueDate,
    total_cents: g.totalCents,
    coproprietaires: g.coOwners,
  };
}

export async function journalPage(
  db: Db,
  coproprieteId: string,
  q: {
    exercice?: string;
    compte?: string;
    source?: string;
    after?: number;
    updated_since?: string;
    limit?: number;
  },
) {
  const { current } = await exerciceOf(db, coproprieteId, q.exercice);
  if (!current) return { exercice: null, ecritures: [], next_after: null };
  const { page, lignes, more } = await repo.journalPage(db, current.id, { ...q, since: q.updated_since });
  const by = new Map<string, JournalEntry['lines']>();
  for (const l of lignes)
    by.set(l.ecriture_id, [
      ...(by.get(l.ecriture_id) ?? []),
      {
        account: l.account,
        coproprietaire: l.coproprietaire_id ? { id: l.coproprietaire_id, name: l.name ?? '' } : null,
        debit_cents: Number(l.debit_cents),
        credit_cents: Number(l.credit_cents),
      },
    ]);
  return {
    exercice: current,
    ecritures: page.map((e) => ({ ...e, lines: by.get(e.id) ?? [] })),
    next_after: more ? (page[page.length - 1]?.number ?? null) : null,
  };
}

export const reverseEcriture = (db: Db, coproprieteId: string, ecritureId: string, date: string) =>
  reverse(db, coproprieteId, ecritureId, date);

export const labelOf = (account: string) => {
  for (let n = account.length; n > 0; n--) {
    const l = accountLabel(account.slice(0, n));
    if (l) return l;
  }
  return '';
};

export async function balances(db: Db, coproprieteId: string, exercice?: string): Promise<BalancesView> {
  const { current } = await exerciceOf(db, coproprieteId, exercice);
  const empty = { voted_cents: 0, called_cents: 0, charges_cents: 0 };
  if (!current) return { exercice: null, accounts: [], budget: empty };
  const [totals, { budgets }] = await Promise.all([
    repo.accountTotals(db, current.id),
    appelsOverview(db, coproprieteId, current.id),
  ]);
  const accounts = totals.map((t) => ({
    account: t.account,
    label: labelOf(t.account),
    debit_cents: Number(t.debit),
    credit_cents: Number(t.credit),
  }));
  const sum = (f: (a: (typeof accounts)[number]) => number, prefix: string) =>
    accounts.filter((a) => a.account.startsWith(prefix)).reduce((s, a) => s + f(a), 0);
  return {
    exercice: current,
    accounts,
    budget: {
      voted_cents: budgets.filter((b) => b.kind === 'budget').reduce((s, b) => s + Number(b.amount_cents), 0),
      called_cents: sum((a) => a.credit_cents - a.debit_cents, '701'),
      charges_cents: sum((a) => a.debit_cents - a.credit_cents, '6'),
    },
  };
}
