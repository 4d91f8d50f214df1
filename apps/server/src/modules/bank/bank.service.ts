/**
 * Bank statements into account 512: import (camt.053, CSV, OFX), automatic matching of the
 * credits to co-owners (rules/bankMatching.ts, decision 202), the unmatched queue in 471 and
 * the matching by hand. The same statement imported twice changes nothing: the statement is
 * known by its bank id, each line by its reference within it.
 */
import type { Db, Tx } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { importLines } from './bank.import.js';
import * as repo from './bank.repo.js';
import { settle } from './bank.settle.js';
import {
  type CsvMapping,
  type ParsedStatement,
  parseCamt053,
  parseCsvStatement,
  parseOfx,
  StatementError,
} from './statement.parse.js';

export type StatementFormat = 'camt053' | 'csv' | 'ofx';

export interface ImportInput {
  coproprieteId: string;
  format: StatementFormat;
  content: string;
  /** For CSV: the columns of this bank. */
  mapping?: CsvMapping;
}

export interface ImportResult {
  statementId: string;
  /** Lines already imported before (left as they were). */
  known: number;
  matched: number;
  unmatched: number;
  outgoing: number;
}

const invalid = (field: string, message: string) =>
  new AppError('VALIDATION_ERROR', message, { status: 400, errors: { [field]: message } });

function parse(input: ImportInput): ParsedStatement {
  try {
    if (input.format === 'camt053') return parseCamt053(input.content);
    if (input.format === 'ofx') return parseOfx(input.content);
    if (!input.mapping) throw new StatementError('Indiquez les colonnes du fichier CSV.');
    return parseCsvStatement(input.content, input.mapping);
  } catch (e) {
    if (e instanceof StatementError) throw invalid('content', e.message);
    throw invalid('content', 'Le relevé est illisible.');
  }
}

async function yearOf(tx: Tx, coproprieteId: string, date: string) {
  const year = await repo.yearCovering(tx, coproprieteId, date);
  if (!year) throw invalid('content', `Aucun exercice ne couvre le ${date.split('-').reverse().join('/')}.`);
  if (year.closed)
    throw invalid('content', `L'exercice qui couvre le ${date.split('-').reverse().join('/')} est clos.`);
  return year.id;
}

/**
 * Imports a statement in one transaction; the lines seen before are left alone. Set-based
 * (bank.import.ts, decision 231): a 5,000-line statement in a few statements, not 60,000.
 */
export async function importStatement(db: Db, input: ImportInput): Promise<ImportResult> {
  const parsed = parse(input);
  if (!parsed.statementRef) throw invalid('content', "Le relevé n'a pas d'identifiant.");
  return db.transaction(async (tx) => {
    const { statement } = await repo.claimStatement(tx, {
      copropriete_id: input.coproprieteId,
      statement_ref: parsed.statementRef,
      format: input.format,
      iban: parsed.iban,
    });
    return {
      statementId: statement.id,
      ...(await importLines(tx, input.coproprieteId, statement.id, parsed.lines)),
    };
  });
}

/** The credits waiting for a co-owner, with the best candidates and why. */
export const unmatchedQueue = (db: Db, coproprieteId: string) => repo.queue(db, coproprieteId);

export interface ManualMatch {
  coproprieteId: string;
  bankLineId: string;
  coproprietaireId: string;
  /** The debits the payer named (the rest goes to the oldest). */
  designated?: string[];
}

/** Matches a waiting credit by hand: from 471 to the co-owner's account, with its lettrage. */
export async function matchByHand(db: Db, input: ManualMatch) {
  return db.transaction(async (tx) => {
    const line = await repo.lineOf(tx, input.bankLineId, { lock: true });
    if (!line || line.copropriete_id !== input.coproprieteId) throw new AppError('NOT_FOUND');
    if (line.status !== 'unmatched')
      throw new AppError('CONFLICT', 'Cette ligne du relevé est déjà rapprochée.', { status: 409 });
    const owners = await repo.coOwners(tx, input.coproprieteId);
    if (!owners.some((o) => o.id === input.coproprietaireId)) throw new AppError('NOT_FOUND');
    const s = await settle(tx, {
      coproprieteId: input.coproprieteId,
      financialYearId: await yearOf(tx, input.coproprieteId, line.date),
      coproprietaireId: input.coproprietaireId,
      line,
      from: '471',
      designated: input.designated,
    });
    await repo.updateLine(tx, line.id, {
      status: 'matched',
      coproprietaire_id: input.coproprietaireId,
      confidence: null,
      reason: 'rapproché à la main',
      payment_transaction_id: s.paymentId,
      match_ecriture_id: s.ecritureId,
    });
    return s;
  });
}

export interface SplitMatch {
  coproprieteId: string;
  bankLineId: string;
  /** Whose and how much: the amounts make the credit to the cent. */
  parts: { coproprietaireId: string; amountCents: number }[];
}

/**
 * Matches a waiting credit by hand among one or more co-owners (one transfer paying for two
 * lots of different owners): each part a payment of its own, moved from 471 to that
 * co-owner's account and lettered to their oldest debits.
 */
export async function splitByHand(db: Db, input: SplitMatch) {
  return db.transaction(async (tx) => {
    const line = await repo.lineOf(tx, input.bankLineId, { lock: true });
    if (!line || line.copropriete_id !== input.coproprieteId) throw new AppError('NOT_FOUND');
    if (line.status !== 'unmatched')
      throw new AppError('CONFLICT', 'Cette ligne du relevé est déjà rapprochée.', { status: 409 });
    const total = input.parts.reduce((s, p) => s + p.amountCents, 0);
    if (total !== line.amount_cents || input.parts.some((p) => p.amountCents <= 0))
      throw invalid('parts', 'Les montants répartis doivent faire exactement le montant du virement.');
    const owners = new Set((await repo.coOwners(tx, input.coproprieteId)).map((o) => o.id));
    if (input.parts.some((p) => !owners.has(p.coproprietaireId))) throw new AppError('NOT_FOUND');
    if (new Set(input.parts.map((p) => p.coproprietaireId)).size !== input.parts.length)
      throw invalid('parts', 'Un copropriétaire est nommé deux fois.');
    const yearId = await yearOf(tx, input.coproprieteId, line.date);
    const settled = [];
    for (const p of input.parts)
      settled.push(
        await settle(tx, {
          coproprieteId: input.coproprieteId,
          financialYearId: yearId,
          coproprietaireId: p.coproprietaireId,
          line: { ...line, amount_cents: p.amountCents },
          from: '471',
        }),
      );
    const one = input.parts.length === 1;
    await repo.updateLine(tx, line.id, {
      status: 'matched',
      coproprietaire_id: one ? input.parts[0].coproprietaireId : null,
      confidence: null,
      reason: one ? 'rapproché à la main' : `réparti à la main entre ${input.parts.length} copropriétaires`,
      payment_transaction_id: settled[0].paymentId,
      match_ecriture_id: settled[0].ecritureId,
    });
    return settled;
  });
}

/** The exercice whose dates cover a day, for the modules that post to the journal. */
export { yearCovering } from './bank.repo.js';
