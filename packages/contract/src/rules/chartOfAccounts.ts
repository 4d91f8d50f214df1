/**
 * The chart of accounts of a syndicat de copropriétaires (décret n° 2005-240 du 14 mars 2005
 * relatif aux comptes du syndicat des copropriétaires, art. 11; arrêté du 14 mars 2005, annexe
 * « nomenclature des comptes » and art. 10 as amended by the arrêté of 2016 that added account
 * 105): classes 1 to 7, the accounts the product books on. A co-owner's account is 450 (or one
 * of its sub-accounts 450-1 … 450-5 of art. 7 of the arrêté) together with the co-owner: each
 * journal line names both.
 */

export type AccountClass = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export interface Account {
  code: string;
  label: string;
}

/** The accounts the product books on, with their label in the arrêté's nomenclature. */
export const CHART_OF_ACCOUNTS = [
  { code: '102', label: 'Provisions pour travaux décidés' },
  { code: '103', label: 'Avances' },
  { code: '105', label: 'Fonds de travaux' },
  { code: '120', label: 'Solde en attente sur travaux et opérations exceptionnelles (excédent)' },
  { code: '129', label: 'Solde en attente sur travaux et opérations exceptionnelles (insuffisance)' },
  { code: '401', label: 'Fournisseurs' },
  { code: '408', label: 'Fournisseurs – factures non parvenues' },
  { code: '450', label: 'Copropriétaire individualisé' },
  { code: '4501', label: 'Copropriétaire – budget prévisionnel' },
  { code: '4502', label: "Copropriétaire – travaux de l'article 14-2 et opérations exceptionnelles" },
  { code: '4503', label: 'Copropriétaire – avances' },
  { code: '4504', label: 'Copropriétaire – emprunts' },
  { code: '4505', label: 'Copropriétaire – fonds de travaux' },
  { code: '471', label: "Compte d'attente" },
  { code: '512', label: 'Banques' },
  { code: '601', label: 'Eau' },
  { code: '602', label: 'Électricité' },
  { code: '604', label: 'Achats de produits' },
  { code: '614', label: "Contrats d'entretien" },
  { code: '615', label: "Travaux d'entretien et de maintenance" },
  { code: '616', label: "Primes d'assurances" },
  { code: '621', label: 'Rémunération du syndic' },
  { code: '627', label: 'Services bancaires' },
  { code: '671', label: "Travaux décidés par l'assemblée générale" },
  { code: '701', label: 'Provisions sur opérations courantes' },
  { code: '702', label: "Provisions sur travaux de l'article 14-2 et opérations exceptionnelles" },
  { code: '705', label: 'Affectation du fonds de travaux' },
  { code: '713', label: "Indemnités d'assurances" },
  { code: '716', label: 'Produits divers' },
] as const satisfies readonly Account[];

export type AccountCode = (typeof CHART_OF_ACCOUNTS)[number]['code'];

const BY_CODE = new Map<string, Account>(CHART_OF_ACCOUNTS.map((a) => [a.code, a]));

/** The accounts a journal line may name: the list above. */
export const isKnownAccount = (code: string): code is AccountCode => BY_CODE.has(code);

export const accountLabel = (code: string) => BY_CODE.get(code)?.label ?? null;

/** The class of an account is its first digit (classes 1 to 7 of the nomenclature). */
export function accountClass(code: string): AccountClass | null {
  const c = Number(code[0]);
  return /^\d+$/.test(code) && c >= 1 && c <= 7 ? (c as AccountClass) : null;
}

/** 450 and its sub-accounts: a line on them names the co-owner it is the account of. */
export const isCoOwnerAccount = (code: string) => code === '450' || /^450[1-5]$/.test(code);

/** What an appel calls, and so the co-owner sub-account it is debited to and the account credited. */
export type AppelKind = 'budget' | 'travaux' | 'fonds_travaux';

/**
 * Arrêté du 14 mars 2005, art. 10: provisions of the budget debit 450-1 and credit 701; appels
 * for works of art. 14-2 I debit 450-2 and credit 102 (provisions pour travaux décidés, moved to
 * 702 as the works are done); the fonds de travaux of art. 14-2 II debits 450-5 and credits 105.
 */
export const APPEL_ACCOUNTS: Record<AppelKind, { coOwner: AccountCode; counterpart: AccountCode }> = {
  budget: { coOwner: '4501', counterpart: '701' },
  travaux: { coOwner: '4502', counterpart: '102' },
  fonds_travaux: { coOwner: '4505', counterpart: '105' },
};

/** The ledger's bill_type (the co-owner statement's columns) of each kind of appel. */
export const APPEL_BILL_TYPE: Record<AppelKind, 'fonctionnement' | 'travaux' | 'fond_travaux'> = {
  budget: 'fonctionnement',
  travaux: 'travaux',
  fonds_travaux: 'fond_travaux',
};
