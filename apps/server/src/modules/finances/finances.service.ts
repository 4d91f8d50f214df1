import { type BillDetails, type BillLotDetail, ledgerBalance } from '@tantieme/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { presentLedgerLine, presentOwnerBill, presentPaymentTransaction } from './finances.presenter.js';
import { readAlone } from '../../db/prepared.js';
import type { RowsOf } from '../../db/prepared.js';
import * as repo from './finances.repo.js';

/** The statement's two reads (open lines, lots), run by the route with the session. */
export const ledgerReads = (coproprietaireId: string, coproprieteId: string) =>
  [
    repo.ledgerLinesRead(coproprietaireId, coproprieteId, 'open'),
    repo.ownerLotsRead(coproprietaireId),
  ] as const;

/** The statement outside a co-owner's request (the syndic API's account view). */
export async function getLedger(db: Db, coproprietaireId: string, coproprieteId: string) {
  const [open, lots] = ledgerReads(coproprietaireId, coproprieteId);
  return presentLedger([await readAlone(db, open), await readAlone(db, lots)]);
}

/** The statement: open lines and the balance they make (positive = owed). */
export function presentLedger([open, lots]: RowsOf<ReturnType<typeof ledgerReads>>) {
  const lines = open.map(presentLedgerLine);
  return { solde: ledgerBalance(lines), lines, lots };
}

// The reads below are run by the routes with the session (access.service `readAs…`).
export const settledLinesRead = (coproprietaireId: string, coproprieteId: string) =>
  repo.ledgerLinesRead(coproprietaireId, coproprieteId, 'settled');
export const presentSettledLines = (rows: repo.LedgerRow[]) => rows.map(presentLedgerLine);

export const billsRead = repo.billLinesRead;
export const presentBills = (rows: repo.LedgerRow[]) => rows.map(presentOwnerBill);

/** Percentage of part in whole, 2 decimals (SPEC §9 percentages). */
const pct = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10_000) / 100 : 0);

/**
 * A bill's breakdown per lot, repartition and charge for lots the caller holds. A bill of
 * another copropriété, or a lot that is not the caller's, is a 404 like any foreign record.
 */
export const billDetailsRead = (
  coproprieteId: string,
  billId: string,
  lotIds: string[],
  previewRecord: string | null,
) => repo.billBreakdownRead(coproprieteId, billId, [...new Set(lotIds)], previewRecord);

export function presentBillDetails(
  read: RowsOf<ReturnType<typeof billDetailsRead>>,
  lotIds: string[],
): BillDetails {
  const wanted = [...new Set(lotIds)];
  // The bill, the caller's right to each lot and the lines: one statement (repo.billBreakdownRead).
  const { bill, allowed, lines: rows } = repo.billBreakdownOf(read);
  if (!bill) throw new AppError('NOT_FOUND');
  if (wanted.some((l) => !allowed.has(l))) throw new AppError('NOT_FOUND');
  const byLot = new Map<string, BillLotDetail>();
  for (const r of rows) {
    let lot = byLot.get(r.lot_id);
    if (!lot) {
      lot = {
        id: r.lot_id,
        name: r.lot_name,
        type_name: r.lot_type_name,
        total: 0,
        ratio: 0,
        repartitions: [],
      };
      byLot.set(r.lot_id, lot);
    }
    lot.total += r.amount;
    let rep = lot.repartitions.find((x) => x.id === r.repartition_id);
    if (!rep) {
      rep = { id: r.repartition_id, name: { fr: r.repartition_name }, total: 0, ratio: 0, charges: [] };
      lot.repartitions.push(rep);
    }
    rep.total += r.amount;
    const chargeId = r.charge_id ?? r.repartition_id;
    const chargeName = r.charge_name ?? r.repartition_name;
    const charge = rep.charges.find((c) => c.id === chargeId);
    if (charge) charge.total += r.amount;
    else rep.charges.push({ id: chargeId, name: { fr: chargeName }, total: r.amount });
  }
  const lots = [...byLot.values()];
  const all = lots.reduce((s, l) => s + l.total, 0);
  for (const lot of lots) {
    lot.ratio = pct(lot.total, all);
    for (const rep of lot.repartitions) rep.ratio = pct(rep.total, lot.total);
  }
  return {
    bill: { id: bill.id, name: { fr: bill.name }, date: bill.date, bill_type: bill.bill_type },
    lots,
  };
}

/** page_state is an opaque cursor: base64url of [ISO date, id] of the last row sent. */
export function encodePageState(row: { date: Date; id: string }): string {
  return Buffer.from(JSON.stringify([row.date.toISOString(), row.id])).toString('base64url');
}

export function decodePageState(state: string): { date: Date; id: string } {
  try {
    const v = JSON.parse(Buffer.from(state, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(v) && v.length === 2 && typeof v[0] === 'string' && typeof v[1] === 'string') {
      const date = new Date(v[0]);
      if (!Number.isNaN(date.getTime()) && /^[0-9a-f-]{36}$/i.test(v[1])) return { date, id: v[1] };
    }
  } catch {
    // fall through to the validation error
  }
  throw new AppError('VALIDATION_ERROR', undefined, { errors: { page_state: 'Curseur de page invalide.' } });
}

/** A page of payment transactions, one more row than asked: it tells whether a next page exists. */
export function paymentTransactionsRead(
  coproprietaireId: string,
  pageSize: number,
  pageState: string | undefined,
) {
  const after = pageState ? decodePageState(pageState) : null;
  return repo.paymentTransactionsRead(coproprietaireId, pageSize + 1, after);
}

export function presentPaymentTransactions(rows: repo.PaymentTransactionRow[], pageSize: number) {
  const page = rows.slice(0, pageSize);
  const last = page[page.length - 1];
  return {
    data: page.map(presentPaymentTransaction),
    pageState: rows.length > pageSize && last ? encodePageState(last) : null,
  };
}
