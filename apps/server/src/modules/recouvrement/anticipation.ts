/**
 * Art. 19-2 (rules/recouvrement.ts): thirty days after an unanswered mise en demeure, a co-owner's
 * provisions of the exercice not yet due (budget, art. 14-1; works, art. 14-2 I) are due at once.
 * Their share of each later period is computed as the period's appel will (rules/appels.ts
 * `appelsOfKey`), debited now, and left out of that appel when it is generated.
 */
import {
  acceleratedProvisions,
  APPEL_ACCOUNTS,
  APPEL_BILL_TYPE,
  type AppelKind,
  appelsOfKey,
  dueDates,
} from '@tantieme/contract';
import type { Executor, Tx } from '../../db/client.js';
import * as appels from '../appels/appels.service.js';
import { postIn } from '../journal/journal.service.js';
import * as payments from '../payments/statement-writes.js';
import * as repo from './recouvrement.repo.js';

const KINDS = ['budget', 'travaux'] as const satisfies readonly AppelKind[];

/** A co-owner's provisions of the exercice not yet due nor called on `today`, per kind and period. */
export async function provisionsToCome(
  tx: Executor,
  input: { coproprieteId: string; year: { id: string; start_date: string }; ownerId: string; today: string },
) {
  const out: { kind: (typeof KINDS)[number]; period: number; dueDate: string; amountCents: number }[] = [];
  for (const kind of KINDS) {
    const budgets = await appels.budgetsOf(tx, input.year.id, kind);
    if (!budgets.length) continue;
    const periods = budgets[0]!.periods;
    const called = new Set((await appels.runsOf(tx, input.year.id, kind)).map((r) => r.period));
    const shares = await appels.lotShares(
      tx,
      input.coproprieteId,
      budgets.map((b) => b.repartition_id),
    );
    const perPeriod = new Array<number>(periods).fill(0);
    for (const b of budgets) {
      const lots = shares.filter((s) => s.repartition_id === b.repartition_id && s.tantieme > 0);
      if (!lots.length) continue;
      const split = appelsOfKey(
        b.amount_cents,
        lots.map((l) => ({ lotId: l.lot_id, tantieme: l.tantieme })),
        periods,
      );
      split.forEach((s, i) => {
        if (lots[i]!.coproprietaire_id !== input.ownerId) return;
        s.periods.forEach((amount, p) => {
          perPeriod[p] = (perPeriod[p] ?? 0) + amount;
        });
      });
    }
    const dates = dueDates(input.year.start_date, periods);
    const due = acceleratedProvisions(
      perPeriod.map((amountCents, i) => ({
        period: i + 1,
        dueDate: dates[i]!,
        amountCents,
        called: called.has(i + 1),
      })),
      input.today,
    );
    for (const p of due) out.push({ kind, period: p.period, dueDate: p.dueDate, amountCents: p.amountCents });
  }
  return out;
}

export async function anticipate(
  tx: Tx,
  input: {
    coproprieteId: string;
    year: { id: string; start_date: string };
    ownerId: string;
    relanceId: string;
    today: string;
  },
) {
  let total = 0;
  const toCome = await provisionsToCome(tx, input);
  for (const kind of KINDS) {
    const due = toCome.filter((p) => p.kind === kind);
    const amount = due.reduce((s, p) => s + p.amountCents, 0);
    if (amount <= 0) continue;
    await repo.insertAnticipated(
      tx,
      due.map((p) => ({
        financial_year_id: input.year.id,
        kind,
        period: p.period,
        coproprietaire_id: input.ownerId,
        amount_cents: p.amountCents,
        relance_id: input.relanceId,
      })),
    );
    const name = `Provisions exigibles par anticipation (art. 19-2) – ${kind === 'budget' ? 'budget' : 'travaux'}, période${due.length > 1 ? 's' : ''} ${due.map((p) => p.period).join(', ')}`;
    const line = await payments.insertLedgerLine(tx, {
      coproprietaire_id: input.ownerId,
      copropriete_id: input.coproprieteId,
      name,
      date: input.today,
      amount_cents: amount,
      remaining_cents: amount,
      amount_type: 'debit',
      bill_type: APPEL_BILL_TYPE[kind],
    });
    const accounts = APPEL_ACCOUNTS[kind];
    await postIn(tx, {
      coproprieteId: input.coproprieteId,
      financialYearId: input.year.id,
      ecriture: {
        date: input.today,
        libelle: name,
        piece: `relance:${input.relanceId}`,
        source: 'appel',
        lines: [
          { account: accounts.coOwner, coproprietaireId: input.ownerId, debit: amount, credit: 0 },
          { account: accounts.counterpart, debit: 0, credit: amount },
        ],
      },
      ledgerLineIds: [line.id, null],
    });
    total += amount;
  }
  return total;
}
