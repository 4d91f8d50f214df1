/**
 * SEPA collections by file: the syndic's bank takes a pain.008.001.02 remise (ISO 20022
 * CustomerDirectDebitInitiation, the version of the CFONB's French implementation guide), and
 * answers rejections (pain.002, before settlement) and returns (camt.054, up to eight weeks after
 * the debit for a return or a refund asked by the debtor, thirteen months for an unauthorised one:
 * SEPA Core Direct Debit Rulebook, R-transactions). The identifiers a remise carries and what a
 * rejection or a return does to the co-owner's account are here.
 */
import { isValidIban, normaliseIban } from './sepa.js';

export const PAIN_008_VERSION = 'pain.008.001.02';
export const PAIN_008_NAMESPACE = `urn:iso:std:iso:20022:tech:xsd:${PAIN_008_VERSION}`;

/**
 * The identifiant créancier SEPA (ICS) the Banque de France gives a creditor: country, two check
 * digits, a three-character business code (not in the check), the national id. The check digits are
 * ISO 7064 MOD 97-10 over the national id followed by the country and '00' (EPC262-08).
 */
export function isValidCreditorId(raw: string): boolean {
  const id = raw.replace(/\s/g, '').toUpperCase();
  const m = /^([A-Z]{2})(\d{2})([A-Z0-9]{3})([A-Z0-9]{1,28})$/.exec(id);
  if (!m) return false;
  const [, country, check, , national] = m;
  const digits = `${national}${country}00`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  return 98 - rest === Number(check);
}

/** BIC (ISO 9362): 8 or 11 characters. */
export const isValidBic = (raw: string) =>
  /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(raw.trim().toUpperCase());

/** Why a creditor's settings cannot make a remise; empty when they can. */
export function creditorErrors(c: { name: string; ics: string; iban: string; bic: string | null }): string[] {
  const errors: string[] = [];
  if (!c.name.trim()) errors.push('Le nom du créancier est obligatoire.');
  if (!isValidCreditorId(c.ics)) errors.push("L'identifiant créancier SEPA (ICS) est invalide.");
  if (!isValidIban(c.iban)) errors.push("L'IBAN du compte du syndicat est invalide.");
  if (c.bic && !isValidBic(c.bic)) errors.push('Le BIC est invalide.');
  return errors;
}

/**
 * The characters a SEPA remise may carry (EPC Implementation Guidelines, « Latin character set »):
 * letters without accents, digits and / - ? : ( ) . , ' + space. Accents are taken off, anything
 * else becomes a space, and the text is cut at `max` characters.
 */
export function sepaText(raw: string, max: number): string {
  const plain = raw
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[ŒœÆæ]/g, (c) => ({ Œ: 'OE', œ: 'oe', Æ: 'AE', æ: 'ae' })[c] ?? c)
    .replace(/[^A-Za-z0-9/\-?:().,'+ ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.slice(0, max).trim() || '-';
}

/** An amount in cents as the remise writes it: '1242.56'. */
export const sepaAmount = (cents: number) =>
  `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** An end-to-end id of at most 35 characters, unique to a collection's item, from its uuid. */
export const endToEndId = (itemId: string) => `TANT-${itemId.replace(/-/g, '').slice(0, 30)}`;

/** Where a collection's item is: in the file, money taken, refused before, or sent back after. */
export type CollectionItemStatus = 'submitted' | 'settled' | 'rejected' | 'returned';

/**
 * What an answer of the bank does to an item, exactly once (the state machine the server follows).
 * - a rejection (pain.002 RJCT) of a debit not settled: the request fails, its lines are payable
 *   again; nothing was credited, so nothing is reversed;
 * - a return (camt.054, or a rejection arriving after the item was settled) of a settled debit:
 *   the credit écriture is reversed and the lines it settled reopen by what they received;
 * - anything else (a replay, an answer about an item already rejected or returned): nothing.
 */
export function answerEffect(status: CollectionItemStatus): {
  next: CollectionItemStatus;
  effect: 'fail' | 'reverse' | 'none';
} {
  if (status === 'submitted') return { next: 'rejected', effect: 'fail' };
  if (status === 'settled') return { next: 'returned', effect: 'reverse' };
  return { next: status, effect: 'none' };
}

/** The reasons of R-transactions a French bank sends most (ISO 20022 ExternalStatusReason1Code). */
export const RETURN_REASONS: Record<string, string> = {
  AC01: 'Numéro de compte incorrect',
  AC04: 'Compte clôturé',
  AC06: 'Compte bloqué',
  AG01: 'Prélèvement interdit sur ce compte',
  AM04: 'Provision insuffisante',
  MD01: 'Pas de mandat',
  MD06: 'Remboursement demandé par le débiteur',
  MD07: 'Débiteur décédé',
  MS02: 'Refus du débiteur',
  MS03: 'Raison non communiquée',
  SL01: 'Service spécifique de la banque du débiteur',
};

export const returnReasonLabel = (code: string | null | undefined) =>
  (code && RETURN_REASONS[code]) ?? (code ? `Motif ${code}` : 'Motif non communiqué');

/** The IBAN a remise writes (spaces off, upper case). */
export const remiseIban = normaliseIban;
