/**
 * Bank statements into account 512: import (camt.053, CSV, OFX), automatic matching of the
 * credits to co-owners (rules/bankMatching.ts, decision 202), the unmatched queue in 471 and
 * the matching by hand. The same statement imported twice changes nothing: the statement is
 * known by its bank id, each line by its reference within it.
 */
import { type MatchCandidate, matchCredit, scoreCredit } from '@tantieme/contract';
import type { Db, Tx } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { postIn } from '../journal/journal.service.js';
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

async function candidates(tx: Tx, coproprieteId: string): Promise<Map<string, MatchCandidate>> {
  const [owners, debits] = await Promise.all([
    repo.coOwners(tx, coproprieteId),
    repo.openDebits(tx, coproprieteId),
  ]);
  const out = new Map<string, MatchCandidate>();
  for (const o of owners)
    out.set(o.id, {
      coproprietaireId: o.id,
      reference: o.unique_code,
      names: [o.last_name, o.company, o.display_name, o.name].filter((n): n is string => Boolean(n)),
      balance: 0,
      openDebits: [],
    });
  for (const d of debits) {
    const c = out.get(d.coproprietaire_id);
    if (!c) continue;
    c.balance += d.remaining_cents;
    c.openDebits.push(d.remaining_cents);
  }
  return out;
}

async function yearOf(tx: Tx, coproprieteId: string, date: string) {
  const year = await repo.yearCovering(tx, coproprieteId, date);
  if (!year) throw invalid('content', `Aucun exercice ne couvre le ${date.split('-').reverse().join('/')}.`);
  if (year.closed)
    throw invalid('content', `L'exercice qui couvre le ${date.split('-').reverse().join('/')} est clos.`);
  return year.id;
}

/** Imports a statement in one transaction; the lines seen before are left alone. */
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
    const fresh = await repo.insertNewLines(
      tx,
      parsed.lines.map((l) => ({
        statement_id: statement.id,
        copropriete_id: input.coproprieteId,
        line_ref: l.ref,
        date: l.date,
        amount_cents: l.amountCents,
        name: l.name,
        reference: l.reference,
        status: l.amountCents > 0 ? ('unmatched' as const) : ('outgoing' as const),
      })),
    );
    const result = {
      statementId: statement.id,
      known: parsed.lines.length - fresh.length,
      matched: 0,
      unmatched: 0,
      outgoing: 0,
    };
    const pool = await candidates(tx, input.coproprieteId);
    const years = new Map<string, string>();
    for (const line of fresh) {
      const yearId = years.get(line.date) ?? (await yearOf(tx, input.coproprieteId, line.date));
      years.set(line.date, yearId);
      if (line.amount_cents <= 0) {
        const out = await postIn(tx, {
          coproprieteId: input.coproprieteId,
          financialYearId: yearId,
          ecriture: {
            date: line.date,
            libelle: line.reference || line.name || 'Débit bancaire',
            piece: `banque:${line.id}`,
            source: 'banque',
            lines: [
              { account: '471', debit: -line.amount_cents, credit: 0 },
              { account: '512', debit: 0, credit: -line.amount_cents },
            ],
          },
        });
        await repo.updateLine(tx, line.id, { ecriture_id: out.id });
        result.outgoing++;
        continue;
      }
      const credit = { amount: line.amount_cents, reference: line.reference, name: line.name };
      const match = matchCredit(credit, [...pool.values()]);
      if (match) {
        const s = await settle(tx, {
          coproprieteId: input.coproprieteId,
          financialYearId: yearId,
          coproprietaireId: match.coproprietaireId,
          line,
          from: '512',
        });
        await repo.updateLine(tx, line.id, {
          status: 'matched',
          coproprietaire_id: match.coproprietaireId,
          confidence: match.confidence,
          reason: match.reason,
          payment_transaction_id: s.paymentId,
          ecriture_id: s.ecritureId,
        });
        // What this co-owner owes now, for the next lines of the statement.
        const c = pool.get(match.coproprietaireId);
        if (c) {
          const open = await repo.openDebits(tx, input.coproprieteId, [c.coproprietaireId]);
          c.openDebits = open.map((d) => d.remaining_cents);
          c.balance = c.openDebits.reduce((a, b) => a + b, 0);
        }
        result.matched++;
        continue;
      }
      const waiting = await postIn(tx, {
        coproprieteId: input.coproprieteId,
        financialYearId: yearId,
        ecriture: {
          date: line.date,
          libelle: `Virement à identifier${line.name ? ` de ${line.name}` : ''}`,
          piece: `banque:${line.id}`,
          source: 'banque',
          lines: [
            { account: '512', debit: line.amount_cents, credit: 0 },
            { account: '471', debit: 0, credit: line.amount_cents },
          ],
        },
      });
      await repo.updateLine(tx, line.id, {
        ecriture_id: waiting.id,
        suggestions: scoreCredit(credit, [...pool.values()]).slice(0, 3),
      });
      result.unmatched++;
    }
    return result;
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
