/**
 * The row-by-row import as it was before it became set-based (decision 231): every credit
 * scored against every co-owner, settled and posted one by one. Kept for the property test
 * that holds the set-based import to it; no route reaches it.
 */
import { type MatchCandidate, matchCredit, scoreCredit } from '@tantieme/contract';
import type { Tx } from '../../db/client.js';
import { postIn } from '../journal/journal.service.js';
import * as repo from './bank.repo.js';
import { settle } from './bank.settle.js';
import type { StatementLine } from './statement.parse.js';

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
  if (!year || year.closed) throw new Error(`no open exercice on ${date}`);
  return year.id;
}

export async function importLinesRowByRow(
  tx: Tx,
  coproprieteId: string,
  statementId: string,
  lines: StatementLine[],
) {
  const fresh = await repo.insertNewLines(
    tx,
    lines.map((l) => ({
      statement_id: statementId,
      copropriete_id: coproprieteId,
      line_ref: l.ref,
      date: l.date,
      amount_cents: l.amountCents,
      name: l.name,
      reference: l.reference,
      status: l.amountCents > 0 ? ('unmatched' as const) : ('outgoing' as const),
    })),
  );
  const result = {
    known: lines.length - fresh.length,
    matched: 0,
    unmatched: 0,
    outgoing: 0,
  };
  const pool = await candidates(tx, coproprieteId);
  const years = new Map<string, string>();
  for (const line of fresh) {
    const yearId = years.get(line.date) ?? (await yearOf(tx, coproprieteId, line.date));
    years.set(line.date, yearId);
    if (line.amount_cents <= 0) {
      const out = await postIn(tx, {
        coproprieteId: coproprieteId,
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
        coproprieteId: coproprieteId,
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
        const open = await repo.openDebits(tx, coproprieteId, [c.coproprietaireId]);
        c.openDebits = open.map((d) => d.remaining_cents);
        c.balance = c.openDebits.reduce((a, b) => a + b, 0);
      }
      result.matched++;
      continue;
    }
    const waiting = await postIn(tx, {
      coproprieteId: coproprieteId,
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
}
