/**
 * The bank in the console: statements with their rapprochement state, the credits matched (with
 * the confidence and the reason) and those waiting in 471, a CSV's columns saved per bank, and
 * the matching by hand, to one co-owner or split among several (each part a payment of its own,
 * lettered to that co-owner's oldest debits).
 */
import type { BankView, MatchBody, StatementBody } from '@tantieme/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { importStatement, splitByHand } from '../bank/bank.service.js';
import * as repo from './money.repo.js';

const line = (l: Awaited<ReturnType<typeof repo.bankLinesOf>>[number]) => ({
  id: l.id,
  date: l.date,
  amount_cents: Number(l.amount_cents),
  name: l.name,
  reference: l.reference,
  status: l.status,
  coproprietaire: l.coproprietaire_id ? { id: l.coproprietaire_id, name: l.owner_name ?? '' } : null,
  confidence: l.confidence,
  reason: l.reason,
  suggestions: l.suggestions ?? [],
});

export async function bankView(db: Db, coproprieteId: string, syndicId: string): Promise<BankView> {
  const [statements, unmatched, matched, mappings, owners] = await Promise.all([
    repo.statements(db, coproprieteId),
    repo.bankLinesOf(db, coproprieteId, 'unmatched'),
    repo.bankLinesOf(db, coproprieteId, 'matched'),
    repo.mappings(db, syndicId),
    repo.coOwnerNames(db, coproprieteId),
  ]);
  return {
    statements: statements.map((s) => ({
      id: s.id,
      statement_ref: s.statement_ref,
      format: s.format,
      imported_at: s.imported_at,
      lines: Number(s.lines),
      matched: Number(s.matched),
      unmatched: Number(s.unmatched),
      outgoing: Number(s.outgoing),
      credits_cents: Number(s.credits),
      debits_cents: Number(s.debits),
    })),
    unmatched: unmatched.map(line),
    matched: matched.map(line),
    mappings: mappings.map((m) => ({ bank_name: m.bank_name, mapping: m.mapping })),
    coproprietaires: owners,
  };
}

export async function importConsole(db: Db, coproprieteId: string, syndicId: string, body: StatementBody) {
  if (body.format === 'csv' && !body.mapping)
    throw new AppError('VALIDATION_ERROR', 'Indiquez les colonnes du fichier CSV.', {
      status: 400,
      errors: { mapping: 'Indiquez les colonnes du fichier CSV.' },
    });
  const r = await importStatement(db, {
    coproprieteId,
    format: body.format,
    content: body.content,
    mapping: body.mapping,
  });
  // The columns are kept once the file was read with them.
  if (body.format === 'csv' && body.mapping && body.bank_name)
    await repo.saveMapping(db, syndicId, body.bank_name, body.mapping);
  return {
    statement_id: r.statementId,
    known: r.known,
    matched: r.matched,
    unmatched: r.unmatched,
    outgoing: r.outgoing,
  };
}

export async function matchConsole(db: Db, coproprieteId: string, lineId: string, body: MatchBody) {
  await splitByHand(db, {
    coproprieteId,
    bankLineId: lineId,
    parts: body.parts.map((p) => ({ coproprietaireId: p.coproprietaire_id, amountCents: p.amount_cents })),
  });
  return { payments: body.parts.length };
}
