/**
 * The annexes of the arrêté du 14 mars 2005 relatif aux comptes du syndicat des copropriétaires
 * that the syndic joins to the convocation of the assembly approving the accounts (décret
 * n° 67-223, art. 11; décret n° 2005-240, art. 14), computed from the journal's balances:
 * - annexe 1, état financier: the syndicat's situation at the close of the exercice — the
 *   trésorerie (class 5), the syndicat's funds (provisions pour travaux 102, avances 103, fonds
 *   de travaux 105, soldes en attente 12x: class 1), then its créances and dettes (class 4);
 * - annexe 2, compte de gestion général: charges and produits of the exercice, opérations
 *   courantes apart from travaux de l'article 14-2 et opérations exceptionnelles, against the
 *   budget voted and the previous exercice, and the solde (excédent or insuffisance);
 * - annexe 3, compte de gestion pour opérations courantes: the same, account by account.
 * Every figure is a sum of journal balances, so the annexes reconcile with the journal to the
 * cent (a balanced journal makes annexe 1's two sides equal). Integer cents.
 */

export interface AccountBalance {
  account: string;
  /** Set on 450 and its sub-accounts: the co-owner whose account it is. */
  coproprietaireId?: string | null;
  debit: number;
  credit: number;
}

export interface AnnexLine {
  /** The account or the group of accounts the line sums (e.g. `512`, `450`, `6`). */
  account: string;
  label: string;
  cents: number;
}

/** Nomenclature of the arrêté: 67x are charges for travaux and opérations exceptionnelles. */
export const isTravauxCharge = (account: string) => account.startsWith('67');
/** 702 to 705 (provisions and fonds for travaux), 711 and 712 (subventions, emprunts). */
export const isTravauxProduit = (account: string) => /^70[2-5]|^71[12]/.test(account);

const net = (b: AccountBalance) => b.debit - b.credit;
const sumOf = (bs: readonly AccountBalance[], pick: (b: AccountBalance) => boolean) =>
  bs.filter(pick).reduce((s, b) => s + net(b), 0);

export interface EtatFinancier {
  tresorerie: AnnexLine[];
  fonds: AnnexLine[];
  creances: AnnexLine[];
  dettes: AnnexLine[];
  /** Produits less charges of the exercice not yet allotted to the co-owners (7 − 6). */
  soldeExercice: number;
  /** Trésorerie + créances. */
  totalActif: number;
  /** Fonds + dettes + solde de l'exercice: equals totalActif when the journal balances. */
  totalPassif: number;
}

const FONDS: [string, string][] = [
  ['102', 'Provisions pour travaux décidés'],
  ['103', 'Avances'],
  ['105', 'Fonds de travaux'],
  ['12', 'Soldes en attente sur travaux et opérations exceptionnelles'],
];

/**
 * Annexe 1: balances at the close (every écriture dated up to its last day). A co-owner is a
 * créance when their 450 accounts together owe the syndicat, a dette when they paid ahead; a
 * supplier's account the other way round.
 */
export function etatFinancier(balances: readonly AccountBalance[]): EtatFinancier {
  const byOwner = new Map<string, number>();
  for (const b of balances)
    if (b.account.startsWith('450'))
      byOwner.set(b.coproprietaireId ?? '', (byOwner.get(b.coproprietaireId ?? '') ?? 0) + net(b));
  const owners = [...byOwner.values()];
  const ownersOwe = owners.filter((v) => v > 0).reduce((s, v) => s + v, 0);
  const ownersAhead = -owners.filter((v) => v < 0).reduce((s, v) => s + v, 0);
  const side = (prefix: string) => sumOf(balances, (b) => b.account.startsWith(prefix));
  const suppliers = side('40');
  const waiting = side('47');
  const otherTiers = side('4') - side('450') - suppliers - waiting;

  const tresorerie: AnnexLine[] = [{ account: '5', label: 'Trésorerie (banques)', cents: side('5') }];
  const fonds = FONDS.map(([account, label]) => ({ account, label, cents: -side(account) || 0 }));
  const creances: AnnexLine[] = [
    { account: '450', label: 'Copropriétaires débiteurs', cents: ownersOwe },
    { account: '40', label: 'Fournisseurs débiteurs', cents: Math.max(suppliers, 0) },
    { account: '47', label: "Compte d'attente débiteur", cents: Math.max(waiting, 0) },
    { account: '4', label: 'Autres créances', cents: Math.max(otherTiers, 0) },
  ];
  const dettes: AnnexLine[] = [
    { account: '40', label: 'Fournisseurs', cents: Math.max(-suppliers, 0) },
    { account: '450', label: 'Copropriétaires créditeurs (avances, trop-perçus)', cents: ownersAhead },
    { account: '47', label: "Compte d'attente créditeur", cents: Math.max(-waiting, 0) },
    { account: '4', label: 'Autres dettes', cents: Math.max(-otherTiers, 0) },
  ];
  const soldeExercice = -(side('6') + side('7')) || 0;
  const total = (ls: AnnexLine[]) => ls.reduce((s, l) => s + l.cents, 0);
  return {
    tresorerie,
    fonds,
    creances,
    dettes,
    soldeExercice,
    totalActif: total(tresorerie) + total(creances),
    totalPassif: total(fonds) + total(dettes) + soldeExercice,
  };
}

export interface GestionLine extends AnnexLine {
  /** The same account in the previous exercice, null when there is none. */
  previous: number | null;
}

export interface CompteDeGestion {
  courantes: { charges: GestionLine[]; produits: GestionLine[] };
  travaux: { charges: GestionLine[]; produits: GestionLine[] };
  /** The budget prévisionnel voted for the exercice (opérations courantes), cents. */
  budgetVote: number;
  totals: {
    chargesCourantes: number;
    produitsCourantes: number;
    chargesTravaux: number;
    produitsTravaux: number;
    /** Produits less charges of opérations courantes: positive is an excédent. */
    soldeCourantes: number;
    soldeTravaux: number;
    /** Charges of opérations courantes less the budget voted: positive is an overrun. */
    ecartBudget: number;
  };
}

/** Sum per account of one exercice's class 6 (debit − credit) or class 7 (credit − debit). */
function perAccount(balances: readonly AccountBalance[], cls: '6' | '7') {
  const out = new Map<string, number>();
  for (const b of balances)
    if (b.account.startsWith(cls))
      out.set(b.account, (out.get(b.account) ?? 0) + (cls === '6' ? net(b) : -net(b)));
  return out;
}

/**
 * Annexes 2 and 3: the exercice's charges and produits by account, each beside the previous
 * exercice's figure and split between opérations courantes and travaux de l'article 14-2 et
 * opérations exceptionnelles; `label` names an account.
 */
export function compteDeGestion(
  current: readonly AccountBalance[],
  previous: readonly AccountBalance[] | null,
  budgetVote: number,
  label: (account: string) => string,
): CompteDeGestion {
  const lines = (cls: '6' | '7', travaux: boolean) => {
    const now = perAccount(current, cls);
    const before = previous ? perAccount(previous, cls) : new Map<string, number>();
    const isTravaux = cls === '6' ? isTravauxCharge : isTravauxProduit;
    return [...new Set([...now.keys(), ...before.keys()])]
      .filter((a) => isTravaux(a) === travaux)
      .sort()
      .map((account) => ({
        account,
        label: label(account),
        cents: now.get(account) ?? 0,
        previous: previous ? (before.get(account) ?? 0) : null,
      }));
  };
  const courantes = { charges: lines('6', false), produits: lines('7', false) };
  const travaux = { charges: lines('6', true), produits: lines('7', true) };
  const t = (ls: GestionLine[]) => ls.reduce((s, l) => s + l.cents, 0);
  const totals = {
    chargesCourantes: t(courantes.charges),
    produitsCourantes: t(courantes.produits),
    chargesTravaux: t(travaux.charges),
    produitsTravaux: t(travaux.produits),
  };
  return {
    courantes,
    travaux,
    budgetVote,
    totals: {
      ...totals,
      soldeCourantes: totals.produitsCourantes - totals.chargesCourantes,
      soldeTravaux: totals.produitsTravaux - totals.chargesTravaux,
      ecartBudget: totals.chargesCourantes - budgetVote,
    },
  };
}

/** The annexes the product produces, with their title in the arrêté. */
export const ANNEXES = {
  1: 'État financier',
  2: 'Compte de gestion général',
  3: 'Compte de gestion pour opérations courantes',
  4: "Compte de gestion pour travaux de l'article 14-2 et opérations exceptionnelles",
} as const;
export type AnnexNumber = keyof typeof ANNEXES;
