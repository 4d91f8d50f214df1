/**
 * Budget prévisionnel and appels de fonds (loi 1965 art. 14-1, 14-2, 14-2-1). A period's appels
 * of one kind are generated once (appels.generate.ts). Here: the budget per exercice and key.
 */
import type { AppelKind } from '@tantieme/contract';
import type { Db, Executor } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { exerciceOf } from '../journal/journal.service.js';
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

export {
  appelName,
  type Generated,
  type GenerateInput,
  generate,
  generateIn,
  generateMany,
  generateManyIn,
} from './appels.generate.js';

/** The exercice's budgets and the periods already called (what a console page shows). */
export async function overview(db: Db, coproprieteId: string, financialYearId: string) {
  await yearOf(db, coproprieteId, financialYearId);
  const [budgets, runs] = await Promise.all([
    repo.budgetsOf(db, financialYearId),
    repo.runsOf(db, financialYearId),
  ]);
  return { budgets, runs };
}

/** The appels' reads other modules ask for (the recouvrement's art. 19-2, the console's preview). */
export { budgetsOf, lotShares, runsOf } from './appels.repo.js';
export { batchOwners, billName } from './appels.generate.repo.js';
