/**
 * Supplier invoices captured by the syndic: where each stands, when the conseil syndical must be
 * consulted, and the two écritures of the arrêté du 14 mars 2005 (the charge, 6xx to 401; its
 * payment, 401 to 512).
 *
 * Loi n° 65-557 du 10 juillet 1965, art. 21, al. 2 (version en vigueur depuis le 1er juin 2020,
 * ordonnance n° 2019-1101): « L'assemblée générale des copropriétaires, statuant à la majorité de
 * l'article 25, arrête un montant des marchés et des contrats à partir duquel la consultation du
 * conseil syndical est rendue obligatoire. » « À partir duquel »: an amount equal to the
 * threshold is consulted. The threshold is the building's (one resolution sets it); where no
 * assembly set one, the law makes no consultation compulsory, and the syndic may still ask.
 */
import { accountClass, accountLabel, isKnownAccount } from './chartOfAccounts.js';
import type { JournalEcriture } from './journal.js';

/** The council's answer on an invoice: sent and waiting, approved, refused; null: never asked. */
export type CouncilState = 'envoyee' | 'approuvee' | 'refusee' | null;

/** Where an invoice stands in the console's list. */
export type InvoiceStage = 'a_valider' | 'au_conseil' | 'validee' | 'refusee' | 'payee';

export const INVOICE_STAGE_LABELS: Record<InvoiceStage, string> = {
  a_valider: 'À valider',
  au_conseil: 'Envoyée au conseil',
  validee: 'Validée par le conseil',
  refusee: 'Refusée par le conseil',
  payee: 'Payée',
};

/** The status the co-owners' pages read as paid (SPEC: 5, 6 or 7); a captured invoice starts at 1. */
export const INVOICE_STATUS_CAPTURED = 1;
export const INVOICE_STATUS_PAID = 5;

/** Art. 21, al. 2: consultation is compulsory from the threshold on; none set, none compulsory. */
export function councilConsultationRequired(amountCents: number, thresholdCents: number | null): boolean {
  if (thresholdCents == null) return false;
  return amountCents >= thresholdCents;
}

export function invoiceStage(i: { paid: boolean; council: CouncilState }): InvoiceStage {
  if (i.paid) return 'payee';
  if (i.council === 'approuvee') return 'validee';
  if (i.council === 'refusee') return 'refusee';
  if (i.council === 'envoyee') return 'au_conseil';
  return 'a_valider';
}

/** Why the invoice cannot be paid yet, in French; null when it can. */
export function paymentRefusal(i: {
  amountCents: number;
  thresholdCents: number | null;
  council: CouncilState;
  paid: boolean;
}): string | null {
  if (i.paid) return 'Cette facture est déjà payée.';
  if (i.council === 'refusee') return 'Le conseil syndical a refusé cette facture.';
  if (councilConsultationRequired(i.amountCents, i.thresholdCents) && i.council !== 'approuvee')
    return "Au-delà du seuil fixé par l'assemblée, le conseil syndical doit d'abord être consulté.";
  return null;
}

/** Whether « Envoyer au conseil » may be offered: not paid, not already answered or waiting. */
export const maySendToCouncil = (i: { paid: boolean; council: CouncilState }) => !i.paid && i.council == null;

/** A charge account of the chart (class 6) an invoice may be booked to. */
export const isChargeAccount = (code: string) => isKnownAccount(code) && accountClass(code) === 6;

/** The invoice's charge: its 6xx debited, the supplier's 401 credited, at the invoice's date. */
export function invoiceEcriture(i: {
  date: string;
  account: string;
  amountCents: number;
  fournisseur: string;
  number?: string | null;
}): JournalEcriture {
  return {
    date: i.date,
    libelle: `Facture ${i.fournisseur}\u202f: ${accountLabel(i.account) ?? i.account}`,
    piece: i.number ?? null,
    source: 'facture',
    lines: [
      { account: i.account, debit: i.amountCents, credit: 0 },
      { account: '401', debit: 0, credit: i.amountCents },
    ],
  };
}

/** Its payment: the supplier's 401 debited, the bank's 512 credited, on the day it left. */
export function invoicePaymentEcriture(i: {
  date: string;
  amountCents: number;
  fournisseur: string;
  number?: string | null;
}): JournalEcriture {
  return {
    date: i.date,
    libelle: `Règlement ${i.fournisseur}`,
    piece: i.number ?? null,
    source: 'facture',
    lines: [
      { account: '401', debit: i.amountCents, credit: 0 },
      { account: '512', debit: 0, credit: i.amountCents },
    ],
  };
}
