/** Online payment, by card or SEPA debit (SPEC §2.8, §4, §6, §8): what the statement page places. */
export { PayNowButton } from './components/PayNowButton';
export { PaymentStatusModal } from './components/PaymentStatusModal';
