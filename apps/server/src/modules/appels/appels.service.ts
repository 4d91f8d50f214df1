/**
 * Budget prévisionnel and appels de fonds (loi 1965 art. 14-1, 14-2, 14-2-1). A period's appels
 * of one kind are generated once, in one transaction: the bill with its lines per lot and key
 * (the statement's bill detail), one debit per co-owner on their statement (ledger_lines), and
 * the journal's écriture (450x debit per co-owner, 701 / 102 / 105 credit). Rounding: the
 * contract's appelsOfKey (largest remainder, decision 201).
 */
import {
  APPEL_ACCOUNTS,
  APPEL_BILL_TYPE,
  type AppelKind,
  appelsOfKey,
  dueDates,
  fondsTravauxError,
} from '@tantieme/contract';
import type { Db, Executor, Tx } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { exerciceOf, postIn } from '../journal/journal.service.js';
import * as repo from './appels.repo.js';

const invalid = (field: string, message: string) =>
  new AppError('VALIDATION_ERROR', message, { status: 400, errors: { [field]: message } });

export interface BudgetInput {
  coproprieteId: string;
  financialYearId: string;
  repartitionId: string;
  kind: AppelKind;
  amountCents: number;
  periods?: number;
  resolutionId?: string | null;
}

/** Sets a key's voted amount for the exercice; refused once that kind has been called. */
export async function setBudget(db: Db, input: BudgetInput) {
  return db.transaction(async (tx) => {
    await yearOf(tx, input.coproprieteId, input.financialYearId);
    const key = await repo.repartitionOf(tx, input.repartitionId);
    if (!key || key.copropriete_id !== input.coproprieteId) throw new AppError('NOT_FOUND');
    if (!Number.isSafeInteger(input.amountCents) || input.amountCents < 0)
      throw invalid('amount_cents', 'Le montant est un nombre entier de centimes positif.');
    const periods = input.periods ?? 4;
    if (![1, 2, 3, 4, 6, 12].includes(periods))
      throw invalid('periods', "Le nombre de périodes divise l'année\u202f: 1, 2, 3, 4, 6 ou 12.");
    if ((await repo.runsOf(tx, input.financialYearId, input.kind)).length)
      throw new AppError(
        'CONFLICT',
        'Des appels ont déjà été émis sur ce budget\u202f: il ne se modifie plus.',
        {
          status: 409,
        },
      );
    return repo.upsertBudget(tx, {
      copropriete_id: input.coproprieteId,
      financial_year_id: input.financialYearId,
      repartition_id: input.repartitionId,
      kind: input.kind,
      amount_cents: input.amountCents,
      periods,
      resolution_id: input.resolutionId ?? null,
    });
  });
}

async function yearOf(tx: Executor, coproprieteId: string, financialYearId: string) {
  const year = await exerciceOf(tx, financialYearId);
  if (!year || year.copropriete_id !== coproprieteId) throw new AppError('NOT_FOUND');
  return year;
}

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
  created: boolean;
  billId: string | null;
  ecritureId: string;
  dueDate: string;
  totalCents: number;
  coOwners: number;
}

/** A period's appels of one kind (inside the caller's transaction); again: nothing more. */
export async function generateIn(tx: Tx, input: GenerateInput): Promise<Generated> {
  const year = await yearOf(tx, input.coproprieteId, input.financialYearId);
  const done = (await repo.runsOf(tx, input.financialYearId, input.kind)).find(
    (r) => r.period === input.period,
  );
  if (done)
    return {
      created: false,
      billId: done.bill_id,
      ecritureId: done.ecriture_id,
      dueDate: done.due_date,
      totalCents: 0,
      coOwners: 0,
    };
  const budgets = await repo.budgetsOf(tx, input.financialYearId, input.kind);
  if (!budgets.length) throw invalid('kind', 'Aucun budget voté pour cet exercice.');
  const periods = budgets[0].periods;
  if (budgets.some((b) => b.periods !== periods))
    throw invalid('periods', 'Les clés de ce budget ne sont pas appelées sur les mêmes périodes.');
  if (!Number.isInteger(input.period) || input.period < 1 || input.period > periods)
    throw invalid('period', `La période va de 1 à ${periods}.`);
  if (input.kind === 'fonds_travaux') {
    const budget = (await repo.budgetsOf(tx, input.financialYearId, 'budget')).reduce(
      (s, b) => s + b.amount_cents,
      0,
    );
    const error = fondsTravauxError(
      budgets.reduce((s, b) => s + b.amount_cents, 0),
      budget,
    );
    if (error) throw invalid('amount_cents', error);
  }
  const dueDate = dueDates(year.start_date, periods)[input.period - 1];
  const name = appelName(input.kind, input.period, periods, year.couple);

  const shares = await repo.lotShares(
    tx,
    input.coproprieteId,
    budgets.map((b) => b.repartition_id),
  );
  const billLines: { lot_id: string; repartition_id: string; amount_cents: number }[] = [];
  const perOwner = new Map<string, number>();
  for (const b of budgets) {
    const lots = shares.filter((s) => s.repartition_id === b.repartition_id && s.tantieme > 0);
    if (!lots.length) throw invalid('repartition_id', `La clé « ${b.repartition_name} » n'a aucun lot.`);
    const orphan = lots.find((l) => !l.coproprietaire_id);
    if (orphan)
      throw invalid(
        'lots',
        `Le lot ${orphan.lot_name} n'a pas de copropriétaire\u202f: l'appel ne peut pas être réparti.`,
      );
    const split = appelsOfKey(
      b.amount_cents,
      lots.map((l) => ({ lotId: l.lot_id, tantieme: l.tantieme })),
      periods,
    );
    split.forEach((s, i) => {
      const amount = s.periods[input.period - 1];
      if (amount === 0) return;
      billLines.push({ lot_id: s.lotId, repartition_id: b.repartition_id, amount_cents: amount });
      const owner = lots[i].coproprietaire_id as string;
      perOwner.set(owner, (perOwner.get(owner) ?? 0) + amount);
    });
  }
  // Art. 19-2: a co-owner's share already made due at once (recouvrement) is not called again.
  for (const a of await repo.anticipatedOf(tx, input.financialYearId, input.kind, input.period))
    perOwner.set(a.coproprietaire_id, (perOwner.get(a.coproprietaire_id) ?? 0) - a.amount_cents);
  const total = billLines.reduce((s, l) => s + l.amount_cents, 0);
  const billType = APPEL_BILL_TYPE[input.kind];
  const billId = await repo.insertBill(tx, {
    copropriete_id: input.coproprieteId,
    financial_year_id: input.financialYearId,
    name,
    date: dueDate,
    bill_type: billType,
    total_cents: total,
  });
  await repo.insertBillLotLines(
    tx,
    billLines.map((l) => ({ ...l, bill_id: billId })),
  );
  const owners = [...perOwner.entries()].filter(([, a]) => a > 0);
  const ledger = await repo.insertLedgerLines(
    tx,
    owners.map(([id, amount]) => ({
      coproprietaire_id: id,
      copropriete_id: input.coproprieteId,
      bill_id: billId,
      name,
      date: dueDate,
      amount_cents: amount,
      remaining_cents: amount,
      amount_type: 'debit',
      bill_type: billType,
    })),
  );
  const ledgerOf = new Map(ledger.map((l) => [l.coproprietaire_id, l.id]));
  const accounts = APPEL_ACCOUNTS[input.kind];
  const posted = await postIn(tx, {
    coproprieteId: input.coproprieteId,
    financialYearId: input.financialYearId,
    ecriture: {
      date: dueDate,
      libelle: name,
      piece: `appel:${input.kind}:${input.period}`,
      source: 'appel',
      lines: [
        ...owners.map(([id, amount]) => ({
          account: accounts.coOwner,
          coproprietaireId: id,
          debit: amount,
          credit: 0,
        })),
        { account: accounts.counterpart, debit: 0, credit: owners.reduce((s, [, a]) => s + a, 0) },
      ],
    },
    ledgerLineIds: [...owners.map(([id]) => ledgerOf.get(id) ?? null), null],
  });
  const run = await repo.insertRun(tx, {
    copropriete_id: input.coproprieteId,
    financial_year_id: input.financialYearId,
    kind: input.kind,
    period: input.period,
    due_date: dueDate,
    bill_id: billId,
    ecriture_id: posted.id,
  });
  // A concurrent call generated the same period first: this one's writes roll back.
  if (!run) throw new AppError('CONFLICT', "Ces appels viennent d'être émis.", { status: 409 });
  return {
    created: true,
    billId,
    ecritureId: posted.id,
    dueDate,
    totalCents: total,
    coOwners: owners.length,
  };
}

export const generate = (db: Db, input: GenerateInput) => db.transaction((tx) => generateIn(tx, input));

/** The exercice's budgets and the periods already called (what a console page shows). */
export async function overview(db: Db, coproprieteId: string, financialYearId: string) {
  await yearOf(db, coproprieteId, financialYearId);
  const [budgets, runs] = await Promise.all([
    repo.budgetsOf(db, financialYearId),
    repo.runsOf(db, financialYearId),
  ]);
  return { budgets, runs };
}
