/**
 * Payment wizard rules (SPEC §4 Payment wizard, §5 Payment and money rounding, §8 Payment
 * session). The rule works in currency units (euros), as the spec words its rounding; the
 * calls carry integer cents, see `payAmountCents`.
 */
import { roundMoney } from './format.js';

export const PAYMENT_AMOUNT_NEGATIVE_MESSAGE = 'Le montant de la paie ne peut pas être inférieur à 0';
export const PAYMENT_REQUEST_INVALID_MESSAGE = 'Votre demande est invalide. Veuillez réessayer.';
/** Decision 121: a line a SEPA debit is settling is not paid a second time meanwhile. */
export const DEBIT_IN_PROGRESS_MESSAGE =
  'Un prélèvement SEPA est en cours sur ces lignes\u202f: elles seront réglées par ce prélèvement.';

/** Stripe's minimum charge per currency, in cents (card payments). */
export const PAYMENT_MINIMUM_CENTS: Record<string, number> = { eur: 50, usd: 50 };
export const minimumCents = (currency: string) => PAYMENT_MINIMUM_CENTS[currency.toLowerCase()] ?? 50;

export interface PayLine {
  amount: number;
  checked?: boolean;
}

/**
 * Pay amount = sum of checked debits minus total credits, rounded for the currency.
 * The result can be negative (credits above the chosen debits): see `payAmountError`.
 */
export function computePayAmount(debits: PayLine[], credits: PayLine[], currency = 'EUR'): number {
  const debit = debits.filter((d) => d.checked !== false).reduce((s, d) => s + d.amount, 0);
  const credit = credits.reduce((s, c) => s + c.amount, 0);
  const r = roundMoney(debit - credit, currency);
  return Object.is(r, -0) ? 0 : r;
}

/** The same rule over lines in integer cents (the calls' unit): result in cents. */
export function payAmountCents(debits: PayLine[], credits: PayLine[], currency = 'EUR'): number {
  const units = (l: PayLine) => ({ amount: l.amount / 100, checked: l.checked });
  return amountToCents(computePayAmount(debits.map(units), credits.map(units), currency));
}

/** SPEC §5: the amount cannot be below 0. */
export function payAmountError(amount: number): string | null {
  return amount < 0 ? PAYMENT_AMOUNT_NEGATIVE_MESSAGE : null;
}

/** Cents ⇄ currency units without floating drift. */
export const centsToAmount = (cents: number) => Math.round(cents) / 100;
export const amountToCents = (amount: number) => Math.round(Number((amount * 100).toPrecision(12)));

/** The §8 error token: `AMOUNT_MINUMUM:{amount}_{currency}`, amount in currency units. */
export function amountMinimumToken(minCents: number, currency: string): string {
  return `AMOUNT_MINUMUM:${centsToAmount(minCents)}_${currency.toLowerCase()}`;
}

export function parseAmountMinimumToken(token: string): { amount: number; currency: string } | null {
  const m = /^AMOUNT_MINUMUM:(\d+(?:\.\d+)?)_([a-z]{3})$/i.exec(token.trim());
  if (!m) return null;
  return { amount: Number(m[1]), currency: m[2].toLowerCase() };
}

/**
 * The minimum-amount message of §8, with euro(s) or dollar(s): French plural from 2 on
 * ("0,50 euro", "1 euro", "2 euros").
 */
export function minimumAmountMessage(amount: number, currency: string): string {
  const c = currency.toLowerCase();
  const whole = Number.isInteger(amount);
  const n = new Intl.NumberFormat('fr-FR', {
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  })
    .format(amount)
    .replace(/\u202f/g, '\u00a0');
  const unit = c === 'usd' ? 'dollar' : c === 'eur' ? 'euro' : c.toUpperCase();
  const plural = (c === 'usd' || c === 'eur') && Math.abs(amount) >= 2 ? 's' : '';
  return `Le montant minimum du paiement est de ${n} ${unit}${plural}.`;
}

/**
 * The message the wizard shows for a failed payment session (SPEC §8), and whether the
 * payable lines must be reloaded (any error other than the three named ones).
 */
export function paymentSessionErrorMessage(
  code: string,
  message?: string,
): { message: string; reload: boolean } {
  if (code === 'COPRO_STRIPE_INVALID')
    return { message: 'Le paiement de ce copropriété est désormais invalide.', reload: false };
  if (code === 'AMOUNT_REQUIRED')
    return { message: "Le montant du paiement n'est pas valide", reload: false };
  // The lines were taken by a debit since the wizard loaded them: reload to show them held.
  if (code === 'DEBIT_IN_PROGRESS') return { message: DEBIT_IN_PROGRESS_MESSAGE, reload: true };
  const token = code.startsWith('AMOUNT_MINUMUM:')
    ? code
    : code === 'AMOUNT_MINUMUM' && message?.startsWith('AMOUNT_MINUMUM:')
      ? message
      : null;
  const parsed = token ? parseAmountMinimumToken(token) : null;
  if (parsed) return { message: minimumAmountMessage(parsed.amount, parsed.currency), reload: false };
  if (code === 'AMOUNT_MINUMUM' && message) return { message, reload: false };
  return { message: PAYMENT_REQUEST_INVALID_MESSAGE, reload: true };
}
