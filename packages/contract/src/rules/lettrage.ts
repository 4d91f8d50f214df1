/**
 * Lettrage of the payments made in the product against the syndic's own books (its back office).
 *
 * A payment extinguishes the debt it settles (Code civil, art. 1342) and the co-owner chose
 * which debts it settles (art. 1342-10): a later copy of the back office's books, made before
 * it booked that payment, must not make the co-owner owe it again. Amounts are integer cents.
 */

export interface LettrageInput {
  /** The line's full amount. */
  amount: number;
  /** What the back office last said remains (owed on a debit, available on a credit). */
  officeRemaining: number;
  /** Product payments allocated to the line that the back office has not acknowledged yet. */
  unacknowledged: number;
  /** Every product payment allocated to the line, acknowledged or not (refunds taken out). */
  allocated: number;
  /**
   * On a back-office credit that books a product payment (it carries the payment's id): what
   * that payment brought, net of refunds. The product already counts that money (the debits it
   * settled, its own line for the rest), so the booking acknowledges it and adds nothing.
   */
  booked?: number;
}

/**
 * What the product shows as remaining on a back-office line: the back office's figure minus
 * the product payments it has not booked yet, and never more than what the product payments
 * left open (an acknowledged payment stays paid whatever a later copy says); never below 0. A
 * credit booking a product payment shows only what it holds beyond that payment: the same
 * money is never a second credit.
 */
export function shownRemaining(l: LettrageInput): number {
  return Math.max(
    0,
    Math.min(l.officeRemaining - l.unacknowledged, l.amount - l.allocated) - (l.booked ?? 0),
  );
}

/**
 * The back office says more remains than the product payments left open, even after taking
 * out the payments it has not booked yet: it would reopen what a product payment settled.
 * Reported to the syndic (answer and audit log), never applied.
 */
export function lettrageConflict(l: LettrageInput): boolean {
  return l.officeRemaining - l.unacknowledged > Math.max(0, l.amount - l.allocated);
}
