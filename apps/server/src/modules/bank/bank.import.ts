/**
 * A statement's new lines imported set-based (decision 231): the lines written by one
 * statement, every credit matched in memory by the contract's rule (rules/bankMatching.ts,
 * through its candidate index: the same answer as scoring every co-owner), in the statement's
 * order, each match settling the oldest debits left by the lines before it as the row-by-row
 * import did; then the payments, their lettrage, the credits on the statements, the écritures
 * (numbered together from the locked counter) and the lines' outcome, a few statements each.
 */
import { randomUUID } from 'node:crypto';
import {
  allocatePayment,
  type BankCredit,
  bestCredits,
  billColumn,
  CandidateIndex,
  type MatchCandidate,
  matchCredit,
} from '@tantieme/contract';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { type PostManyInput, postManyIn } from '../journal/journal.service.js';
import { allocateMany, type Share } from '../payments/lettrage.service.js';
import * as repo from './bank.repo.js';
import { SUB_ACCOUNT, TRANSFER_LINE_NAME } from './bank.settle.js';
import type { StatementLine } from './statement.parse.js';

type Debit = Awaited<ReturnType<typeof repo.openDebits>>[number];
type Outcome = Partial<Parameters<typeof repo.updateLinesMany>[1][number]> & { id: string; entry: number };

const invalid = (message: string) =>
  new AppError('VALIDATION_ERROR', message, { status: 400, errors: { content: message } });
const french = (date: string) => date.split('-').reverse().join('/');

/** The building's co-owners as candidates, and each one's open debits (locked) oldest first. */
async function pool(tx: Tx, coproprieteId: string) {
  const [owners, debits] = await Promise.all([
    repo.coOwners(tx, coproprieteId),
    repo.openDebits(tx, coproprieteId, undefined, { lock: true }),
  ]);
  const candidates = new Map<string, MatchCandidate>();
  const open = new Map<string, { row: Debit; remaining: number }[]>();
  for (const o of owners) {
    candidates.set(o.id, {
      coproprietaireId: o.id,
      reference: o.unique_code,
      names: [o.last_name, o.company, o.display_name, o.name].filter((n): n is string => Boolean(n)),
      balance: 0,
      openDebits: [],
    });
    open.set(o.id, []);
  }
  for (const d of debits) {
    const c = candidates.get(d.coproprietaire_id);
    if (!c) continue;
    c.balance += d.remaining_cents;
    c.openDebits.push(d.remaining_cents);
    open.get(d.coproprietaire_id)?.push({ row: d, remaining: d.remaining_cents });
  }
  return { candidates, open };
}

/** Writes the lines not seen before and books them; answers what became of them. */
export async function importLines(
  tx: Tx,
  coproprieteId: string,
  statementId: string,
  lines: StatementLine[],
) {
  const inserted = await repo.insertNewLinesMany(
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
  const idOf = new Map(inserted.map((r) => [r.line_ref, r.id]));
  const fresh = lines.flatMap((l) => {
    const id = idOf.get(l.ref);
    idOf.delete(l.ref);
    return id ? [{ ...l, id }] : [];
  });
  const result = { known: lines.length - fresh.length, matched: 0, unmatched: 0, outgoing: 0 };
  if (!fresh.length) return result;

  const years = await repo.yearsOf(tx, coproprieteId);
  const yearOf = (date: string) => {
    const y = years.find((x) => x.start_date <= date && x.end_date >= date);
    if (!y) throw invalid(`Aucun exercice ne couvre le ${french(date)}.`);
    if (y.closed) throw invalid(`L'exercice qui couvre le ${french(date)} est clos.`);
    return y.id;
  };
  const { candidates, open } = await pool(tx, coproprieteId);
  const index = new CandidateIndex([...candidates.values()]);

  const entries: PostManyInput[] = [];
  const outcomes: Outcome[] = [];
  const payments: Parameters<typeof repo.insertPaymentsMany>[1] = [];
  const credits: Parameters<typeof repo.insertCreditLinesMany>[1] = [];
  const shares: (Share & { paymentId: string })[] = [];
  for (const line of fresh) {
    const financialYearId = yearOf(line.date);
    const entry = entries.length;
    const piece = `banque:${line.id}`;
    if (line.amountCents <= 0) {
      entries.push({
        financialYearId,
        ecriture: {
          date: line.date,
          libelle: line.reference || line.name || 'Débit bancaire',
          piece,
          source: 'banque',
          lines: [
            { account: '471', debit: -line.amountCents, credit: 0 },
            { account: '512', debit: 0, credit: -line.amountCents },
          ],
        },
      });
      outcomes.push({ id: line.id, entry, status: 'outgoing' });
      result.outgoing++;
      continue;
    }
    const credit: BankCredit = { amount: line.amountCents, reference: line.reference, name: line.name };
    const match = matchCredit(credit, index.candidatesFor(credit, { forMatch: true }));
    if (!match) {
      entries.push({
        financialYearId,
        ecriture: {
          date: line.date,
          libelle: `Virement à identifier${line.name ? ` de ${line.name}` : ''}`,
          piece,
          source: 'banque',
          lines: [
            { account: '512', debit: line.amountCents, credit: 0 },
            { account: '471', debit: 0, credit: line.amountCents },
          ],
        },
      });
      outcomes.push({
        id: line.id,
        entry,
        status: 'unmatched',
        suggestions: bestCredits(credit, index.candidatesFor(credit), 3),
      });
      result.unmatched++;
      continue;
    }

    // The payment, settling the oldest debits the lines before this one left open.
    const owner = match.coproprietaireId;
    const debits = (open.get(owner) ?? []).filter((d) => d.remaining > 0);
    const { allocations, unallocated } = allocatePayment(
      line.amountCents,
      debits.map((d) => ({ id: d.row.id, date: d.row.date, remaining: d.remaining })),
    );
    const paymentId = randomUUID();
    const creditLineId = randomUUID();
    const byId = new Map(debits.map((d) => [d.row.id, d]));
    const perAccount = new Map<string, number>();
    for (const a of allocations) {
      const d = byId.get(a.id) as (typeof debits)[number];
      d.remaining -= a.amount;
      shares.push({ paymentId, line: d.row, amount: a.amount });
      const account = SUB_ACCOUNT[billColumn(d.row.bill_type)];
      perAccount.set(account, (perAccount.get(account) ?? 0) + a.amount);
    }
    if (unallocated > 0) perAccount.set('450', (perAccount.get('450') ?? 0) + unallocated);
    payments.push({
      id: paymentId,
      coproprietaire_id: owner,
      amount_cents: line.amountCents,
      net_cents: line.amountCents,
      date: new Date(`${line.date}T12:00:00Z`),
      payment_method: 'virement',
      description: TRANSFER_LINE_NAME,
    });
    credits.push({
      id: creditLineId,
      coproprietaire_id: owner,
      copropriete_id: coproprieteId,
      payment_transaction_id: paymentId,
      name: TRANSFER_LINE_NAME,
      date: line.date,
      amount_cents: line.amountCents,
      remaining_cents: unallocated,
      amount_type: 'credit',
      bill_type: 'other',
    });
    const parts = [...perAccount.entries()];
    entries.push({
      financialYearId,
      ecriture: {
        date: line.date,
        libelle: `${TRANSFER_LINE_NAME}${line.name ? ` de ${line.name}` : ''}`,
        piece,
        source: 'banque',
        lines: [
          { account: '512', debit: line.amountCents, credit: 0 },
          ...parts.map(([account, amount]) => ({
            account,
            coproprietaireId: owner,
            debit: 0,
            credit: amount,
          })),
        ],
      },
      ledgerLineIds: [null, ...parts.map(() => creditLineId)],
    });
    outcomes.push({
      id: line.id,
      entry,
      status: 'matched',
      coproprietaire_id: owner,
      confidence: match.confidence,
      reason: match.reason,
      payment_transaction_id: paymentId,
    });
    // What this co-owner owes now, for the next lines of the statement.
    const c = candidates.get(owner) as MatchCandidate;
    c.openDebits = debits.filter((d) => d.remaining > 0).map((d) => d.remaining);
    c.balance = c.openDebits.reduce((a, b) => a + b, 0);
    index.update(c);
    result.matched++;
  }

  await repo.insertPaymentsMany(tx, payments);
  await repo.insertCreditLinesMany(tx, credits);
  await allocateMany(tx, shares);
  const posted = await postManyIn(tx, coproprieteId, entries);
  await repo.updateLinesMany(
    tx,
    outcomes.map(({ entry, ...o }) => ({
      coproprietaire_id: null,
      confidence: null,
      reason: null,
      suggestions: [],
      payment_transaction_id: null,
      ...o,
      ecriture_id: posted[entry].id,
    })),
  );
  return result;
}
