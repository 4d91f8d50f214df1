/**
 * What the payments module lets the others write on a co-owner's statement and its payment
 * requests (the SEPA collections, the recouvrement): its repo's functions, named here as the
 * module's entrance so no other module reaches into the repo.
 */
export {
  insertLedgerLine,
  insertPaymentRequest,
  insertPaymentTransaction,
  openLines,
  openLinesByIds,
  updatePaymentRequest,
} from './payments.repo.js';
export type { LedgerLineRow, Tx } from './payments.repo.js';
