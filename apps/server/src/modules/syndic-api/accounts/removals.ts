import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import {
  assemblees,
  billLotLines,
  bills,
  budgets,
  chargeInvoices,
  charges,
  financialYears,
  journalExercices,
  coproprietaireLots,
  ecritureLotAmounts,
  ledgerLines,
  lots,
  paymentAllocations,
  paymentTransactions,
  repartitions,
  resolutions,
} from '../../../db/schema/index.js';
import type { SyndicApiContext, Tx } from '../kit/index.js';

/**
 * What may be deleted through the syndic API, and what forbids it (the 409's French reason):
 * nothing that another record still needs, and never what a product payment settled
 * (decision 93). The audit log keeps the deleted row's last state.
 */

const exists = async (tx: Tx, table: PgTable, where: SQL) =>
  (await tx.select({ one: sql`1` }).from(table).where(where).limit(1)).length > 0;

const firstReason = async (checks: [() => Promise<boolean>, string][]) => {
  for (const [holds, reason] of checks) if (await holds()) return reason;
  return null;
};

export const lotRemoval = {
  blocker: (tx: Tx, _api: SyndicApiContext, id: string) =>
    firstReason([
      [
        () => exists(tx, coproprietaireLots, eq(coproprietaireLots.lot_id, id)),
        'Ce lot appartient à un copropriétaire : retirez-le de ses lots avant de le supprimer.',
      ],
      [
        () => exists(tx, billLotLines, eq(billLotLines.lot_id, id)),
        "Des appels de fonds répartissent des montants sur ce lot : supprimez-les d'abord.",
      ],
      [
        () => exists(tx, ecritureLotAmounts, eq(ecritureLotAmounts.lot_id, id)),
        'Des écritures de factures répartissent des montants sur ce lot.',
      ],
    ]),
  delete: async (tx: Tx, _api: SyndicApiContext, id: string) => {
    await tx.delete(lots).where(eq(lots.id, id));
  },
};

export const repartitionRemoval = {
  blocker: (tx: Tx, _api: SyndicApiContext, id: string) =>
    firstReason([
      [
        () => exists(tx, charges, eq(charges.repartition_id, id)),
        'Des charges relèvent de cette clé de répartition : supprimez-les ou rattachez-les à une autre clé.',
      ],
      [
        () => exists(tx, billLotLines, eq(billLotLines.repartition_id, id)),
        'Des appels de fonds sont répartis selon cette clé.',
      ],
      [
        () => exists(tx, assemblees, eq(assemblees.general_repartition_id, id)),
        'Une assemblée générale calcule ses tantièmes avec cette clé.',
      ],
      [
        () => exists(tx, resolutions, eq(resolutions.repartition_id, id)),
        "Une résolution d'assemblée générale est votée selon cette clé.",
      ],
    ]),
  delete: async (tx: Tx, _api: SyndicApiContext, id: string) => {
    await tx.delete(repartitions).where(eq(repartitions.id, id));
  },
};

export const billRemoval = {
  blocker: (tx: Tx, _api: SyndicApiContext, id: string) =>
    firstReason([
      [
        () => exists(tx, ledgerLines, eq(ledgerLines.bill_id, id)),
        "Des lignes de compte des copropriétaires renvoient à cet appel de fonds : supprimez-les d'abord.",
      ],
    ]),
  delete: async (tx: Tx, _api: SyndicApiContext, id: string) => {
    await tx.delete(bills).where(eq(bills.id, id));
  },
};

export const ledgerLineRemoval = {
  blocker: (tx: Tx, _api: SyndicApiContext, id: string) =>
    firstReason([
      [
        () =>
          exists(
            tx,
            ledgerLines,
            and(eq(ledgerLines.id, id), sql`${ledgerLines.office_remaining_cents} is null`)!,
          ),
        "Cette ligne vient d'un paiement fait dans Tantième : elle ne se supprime pas.",
      ],
      [
        () => exists(tx, paymentAllocations, eq(paymentAllocations.ledger_line_id, id)),
        'Un paiement fait dans Tantième a réglé cette ligne : elle ne se supprime pas (passez une écriture contraire).',
      ],
    ]),
  delete: async (tx: Tx, _api: SyndicApiContext, id: string) => {
    const [line] = await tx.delete(ledgerLines).where(eq(ledgerLines.id, id)).returning();
    // The back office's own payment record of a credit goes with it (never a product payment).
    if (line?.payment_transaction_id)
      await tx
        .delete(paymentTransactions)
        .where(
          and(
            eq(paymentTransactions.id, line.payment_transaction_id),
            sql`${paymentTransactions.payment_request_id} is null`,
          ),
        );
  },
};

export const chargeRemoval = {
  blocker: (tx: Tx, _api: SyndicApiContext, id: string) =>
    firstReason([
      [
        () => exists(tx, budgets, eq(budgets.charge_id, id)),
        "Un exercice prévoit un budget pour cette charge : retirez-la de ses budgets d'abord.",
      ],
      [
        () => exists(tx, chargeInvoices, eq(chargeInvoices.charge_id, id)),
        'Des dépenses sont imputées à cette charge : elle ne se supprime pas.',
      ],
      [
        () => exists(tx, billLotLines, eq(billLotLines.charge_id, id)),
        "Des appels de fonds répartissent des montants sur cette charge : supprimez-les d'abord.",
      ],
    ]),
  delete: async (tx: Tx, _api: SyndicApiContext, id: string) => {
    await tx.delete(charges).where(eq(charges.id, id));
  },
};

/** An exercice goes with its voted budgets (they are part of it), never with what was spent or called. */
export const financialYearRemoval = {
  blocker: (tx: Tx, _api: SyndicApiContext, id: string) =>
    firstReason([
      [
        () => exists(tx, bills, eq(bills.financial_year_id, id)),
        "Des appels de fonds relèvent de cet exercice : supprimez-les d'abord.",
      ],
      [
        () => exists(tx, chargeInvoices, eq(chargeInvoices.financial_year_id, id)),
        'Des dépenses sont imputées à cet exercice : il ne se supprime pas.',
      ],
      [
        () => exists(tx, journalExercices, eq(journalExercices.financial_year_id, id)),
        'Des écritures du journal relèvent de cet exercice : il ne se supprime pas.',
      ],
    ]),
  delete: async (tx: Tx, _api: SyndicApiContext, id: string) => {
    await tx.delete(financialYears).where(eq(financialYears.id, id));
  },
};
