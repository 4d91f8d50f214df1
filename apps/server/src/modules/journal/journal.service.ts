/**
 * Posting to the journal: one use case, one transaction. An écriture is checked by the
 * contract's rule (balanced, accounts of the chart, cents, co-owner on 450x), dated within an
 * open exercice of the building, numbered after the last one, and never changed afterwards;
 * a correction is its contre-passation (rules/journal.ts).
 */
import { randomUUID } from 'node:crypto';
import { ecritureErrors, type JournalEcriture, reversal } from '@tantieme/contract';
import type { Db, Executor, Tx } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import * as repo from './journal.repo.js';

/** A building's exercice as the journal knows it (its dates and whether it is closed), or null. */
export const exerciceOf = (db: Executor, financialYearId: string) => repo.financialYear(db, financialYearId);

export interface PostInput {
  coproprieteId: string;
  financialYearId: string;
  ecriture: JournalEcriture;
  /** Per line (same order), the co-owner statement's line it is, where there is one. */
  ledgerLineIds?: (string | null)[];
  reversesId?: string | null;
}

export interface Posted {
  id: string;
  number: number;
}

const invalid = (reasons: string[]) =>
  new AppError('VALIDATION_ERROR', reasons[0], {
    status: 400,
    errors: Object.fromEntries(reasons.map((r, i) => [`ecriture.${i}`, r])),
  });

/** Records an écriture inside the caller's transaction (its number is taken there too). */
export async function postIn(tx: Tx, input: PostInput): Promise<Posted> {
  const year = await repo.financialYear(tx, input.financialYearId);
  if (!year || year.copropriete_id !== input.coproprieteId) throw new AppError('NOT_FOUND');
  if (year.closed) throw invalid(["L'exercice est clos\u202f: il ne reçoit plus d'écriture."]);
  const reasons = ecritureErrors(input.ecriture, { start: year.start_date, end: year.end_date });
  if (reasons.length) throw invalid(reasons);
  const owners = [
    ...new Set(input.ecriture.lines.flatMap((l) => (l.coproprietaireId ? [l.coproprietaireId] : []))),
  ];
  const known = await repo.coOwnersOf(tx, input.coproprieteId, owners);
  if (owners.some((id) => !known.has(id))) throw new AppError('NOT_FOUND');

  const number = await repo.takeNumber(tx, input.financialYearId, input.coproprieteId);
  const e = input.ecriture;
  const row = await repo.insertEcriture(tx, {
    copropriete_id: input.coproprieteId,
    financial_year_id: input.financialYearId,
    number,
    date: e.date,
    libelle: e.libelle,
    piece: e.piece ?? null,
    source: e.source,
    reverses_id: input.reversesId ?? null,
  });
  await repo.insertLignes(
    tx,
    e.lines.map((l, i) => ({
      ecriture_id: row.id,
      copropriete_id: input.coproprieteId,
      account: l.account,
      coproprietaire_id: l.coproprietaireId ?? null,
      debit_cents: l.debit,
      credit_cents: l.credit,
      ledger_line_id: input.ledgerLineIds?.[i] ?? null,
    })),
  );
  return { id: row.id, number };
}

export interface PostManyInput {
  financialYearId: string;
  ecriture: JournalEcriture;
  ledgerLineIds?: (string | null)[];
}

/**
 * `postIn` of many écritures of one building at once (a bank statement's thousands of lines):
 * the same checks, each exercice's numbers taken together from its locked counter in the
 * order given, then two statements. Answers each écriture's id and number, in order.
 */
export async function postManyIn(tx: Tx, coproprieteId: string, inputs: PostManyInput[]): Promise<Posted[]> {
  if (!inputs.length) return [];
  const ids = [...new Set(inputs.map((i) => i.financialYearId))];
  const years = new Map((await repo.financialYearsOf(tx, ids)).map((y) => [y.id, y]));
  const owners = new Set<string>();
  for (const input of inputs) {
    const year = years.get(input.financialYearId);
    if (!year || year.copropriete_id !== coproprieteId) throw new AppError('NOT_FOUND');
    if (year.closed) throw invalid(["L'exercice est clos\u202f: il ne reçoit plus d'écriture."]);
    const reasons = ecritureErrors(input.ecriture, { start: year.start_date, end: year.end_date });
    if (reasons.length) throw invalid(reasons);
    for (const l of input.ecriture.lines) if (l.coproprietaireId) owners.add(l.coproprietaireId);
  }
  const known = await repo.coOwnersOf(tx, coproprieteId, [...owners]);
  if ([...owners].some((id) => !known.has(id))) throw new AppError('NOT_FOUND');

  const counts = new Map<string, number>();
  for (const i of inputs) counts.set(i.financialYearId, (counts.get(i.financialYearId) ?? 0) + 1);
  const next = await repo.takeNumbers(tx, coproprieteId, counts);
  const posted: Posted[] = [];
  const ecritures: Parameters<typeof repo.insertMany>[1] = [];
  const lignes: Parameters<typeof repo.insertMany>[2] = [];
  for (const input of inputs) {
    const number = next.get(input.financialYearId) as number;
    next.set(input.financialYearId, number + 1);
    const e = input.ecriture;
    const id = randomUUID();
    posted.push({ id, number });
    ecritures.push({
      id,
      copropriete_id: coproprieteId,
      financial_year_id: input.financialYearId,
      number,
      date: e.date,
      libelle: e.libelle,
      piece: e.piece ?? null,
      source: e.source,
    });
    e.lines.forEach((l, i) => {
      lignes.push({
        ecriture_id: id,
        copropriete_id: coproprieteId,
        account: l.account,
        coproprietaire_id: l.coproprietaireId ?? null,
        debit_cents: l.debit,
        credit_cents: l.credit,
        ledger_line_id: input.ledgerLineIds?.[i] ?? null,
      });
    });
  }
  await repo.insertMany(tx, ecritures, lignes);
  return posted;
}

/** Records an écriture in its own transaction. */
export const post = (db: Db, input: PostInput) => db.transaction((tx) => postIn(tx, input));

/**
 * The contre-passation of an écriture, dated `date` in the exercice it falls in (the same one
 * unless given): once only, and never of a contre-passation already reversed.
 */
export async function reverseIn(
  tx: Tx,
  coproprieteId: string,
  ecritureId: string,
  date: string,
  financialYearId?: string,
): Promise<Posted> {
  const original = await repo.ecritureWithLignes(tx, ecritureId);
  if (!original || original.copropriete_id !== coproprieteId) throw new AppError('NOT_FOUND');
  if (await repo.reversalOf(tx, ecritureId))
    throw new AppError('CONFLICT', 'Cette écriture a déjà été contre-passée.', { status: 409 });
  const r = reversal(
    {
      date: original.date,
      libelle: original.libelle,
      piece: original.piece,
      source: 'contre-passation',
      number: original.number,
      lines: original.lignes.map((l) => ({
        account: l.account,
        coproprietaireId: l.coproprietaire_id,
        debit: l.debit_cents,
        credit: l.credit_cents,
      })),
    },
    date,
  );
  return postIn(tx, {
    coproprieteId,
    financialYearId: financialYearId ?? original.financial_year_id,
    ecriture: r,
    reversesId: ecritureId,
  });
}

export const reverse = (
  db: Db,
  coproprieteId: string,
  ecritureId: string,
  date: string,
  financialYearId?: string,
) => db.transaction((tx) => reverseIn(tx, coproprieteId, ecritureId, date, financialYearId));
