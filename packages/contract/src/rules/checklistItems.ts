/**
 * Décret n° 2019-502 du 23 mai 2019: the minimal list of documents a professional syndic puts
 * online (loi du 10 juillet 1965, art. 18). Art. 1: for every co-owner; art. 2: in each
 * co-owner's own space; art. 3: for the council (conseil syndical). The list lives here once,
 * how a stored document matches an item in ./checklist.ts: the server computes the checklist with
 * them, the council's page and the syndic API show it (decision 55).
 */

export type ChecklistAudience = 'all' | 'own' | 'council';
export type ChecklistStatus = 'present' | 'missing' | 'stale';

/**
 * Where a document may be found: a group of the copropriété, of the syndic, the bank statements,
 * the AG years, a co-owner's own space, or the application itself (the built-in carnet).
 */
export type ChecklistSource = 'copro' | 'syndic' | 'bank' | 'ag' | 'own' | 'builtin';

export interface ChecklistItemDef {
  code: string;
  audience: ChecklistAudience;
  label: string;
  /** The décret's article and item. */
  reference: string;
  sources: ChecklistSource[];
  /** Normalised text (group name + document name, lower case, no accents) must match one of these… */
  include: RegExp[];
  /** …and none of these. */
  exclude?: RegExp[];
  /** Own documents: the document type codes that count (any name). */
  types?: string[];
  /**
   * Kept up to date yearly (décret art. 4: at least once a year, in the three months before the
   * annual general meeting): stale when older than a year, or older than three months before the
   * last annual general meeting.
   */
  annual?: boolean;
}

export const CHECKLIST_ITEMS: ChecklistItemDef[] = [
  // Art. 1: every co-owner.
  {
    code: 'reglement',
    audience: 'all',
    label: 'Règlement de copropriété, état descriptif de division et actes modificatifs publiés',
    reference: 'art. 1, 1°',
    sources: ['copro'],
    include: [/reglement de copropriete/, /etat descriptif de division/],
  },
  {
    code: 'fiche_synthetique',
    audience: 'all',
    label: 'Dernière fiche synthétique de la copropriété',
    reference: 'art. 1, 2°',
    sources: ['copro'],
    include: [/fiche synthetique/],
    annual: true,
  },
  {
    code: 'carnet_entretien',
    audience: 'all',
    label: "Carnet d'entretien de l'immeuble",
    reference: 'art. 1, 3°',
    sources: ['copro', 'builtin'],
    include: [/carnet d.?entretien/],
    annual: true,
  },
  {
    code: 'diagnostics',
    audience: 'all',
    label: 'Diagnostics techniques des parties communes',
    reference: 'art. 1, 4°',
    sources: ['copro'],
    include: [/diagnostic/, /\bdtg\b/, /\bdpe\b/, /amiante/, /\bplomb\b/, /termites?/],
  },
  {
    code: 'assurance',
    audience: 'all',
    label: "Contrats d'assurance de l'immeuble en cours de validité",
    reference: 'art. 1, 5°',
    sources: ['copro'],
    include: [/assurance/],
  },
  {
    code: 'contrats_marches',
    audience: 'all',
    label: 'Contrats et marchés en cours signés par le syndic au nom du syndicat',
    reference: 'art. 1, 6°',
    sources: ['copro'],
    include: [/\bmarches?\b/, /\bcontrats?\b/],
    exclude: [/assurance/, /entretien/, /maintenance/, /exploitation/, /contrat de syndic/, /mandat/],
  },
  {
    code: 'contrats_entretien',
    audience: 'all',
    label: "Contrats d'entretien et de maintenance des équipements communs en cours",
    reference: 'art. 1, 7°',
    sources: ['copro'],
    include: [/contrats? d.?(entretien|exploitation)/, /maintenance/],
    exclude: [/carnet d.?entretien/, /assurance/],
  },
  {
    code: 'pv_ag',
    audience: 'all',
    label: 'Procès-verbaux des trois dernières assemblées générales et devis de travaux approuvés',
    reference: 'art. 1, 8°',
    sources: ['ag', 'copro'],
    include: [/proces.?verba/, /\bpv\b/],
    annual: true,
  },
  {
    code: 'contrat_syndic',
    audience: 'all',
    label: 'Contrat de syndic en cours',
    reference: 'art. 1, 9°',
    sources: ['copro', 'syndic'],
    include: [/contrat de syndic/, /mandat de syndic/],
  },
  // Art. 2: each co-owner's own space.
  {
    code: 'compte_individuel',
    audience: 'own',
    label: 'Compte individuel du copropriétaire (relevé de compte)',
    reference: 'art. 2, 1°',
    sources: ['own'],
    include: [],
    types: ['RELEVE_COMPTE'],
    annual: true,
  },
  {
    code: 'charges_payees',
    audience: 'own',
    label: 'Charges courantes payées sur les deux derniers exercices (décompte de charges)',
    reference: 'art. 2, 2°',
    sources: ['own'],
    include: [],
    types: ['DECOMPTE_CHARGES'],
    annual: true,
  },
  {
    code: 'fonds_travaux',
    audience: 'own',
    label: 'Montant de la part du fonds de travaux du copropriétaire',
    reference: 'art. 2, 3°',
    sources: ['own'],
    include: [/fonds? (de )?travaux/, /\btravaux\b/],
    types: ['APPEL_FONDS', 'RELEVE_COMPTE', 'DECOMPTE_CHARGES'],
    annual: true,
  },
  {
    code: 'appels_fonds',
    audience: 'own',
    label: "Avis d'appels de fonds",
    reference: 'art. 2, 4°',
    sources: ['own'],
    include: [],
    types: ['APPEL_FONDS'],
    annual: true,
  },
  // Art. 3: the council.
  {
    code: 'comptes_syndicat',
    audience: 'council',
    label: 'Comptes du syndicat : balance, relevé général des dépenses et annexes comptables',
    reference: 'art. 3, 1°',
    sources: ['copro'],
    include: [/\bbalance\b/, /comptes? (annuels?|du syndicat)/, /annexes? comptables?/, /releve general/],
    annual: true,
  },
  {
    code: 'releves_bancaires',
    audience: 'council',
    label: 'Relevés des comptes bancaires du syndicat',
    reference: 'art. 3, 2°',
    sources: ['bank'],
    include: [/./],
    annual: true,
  },
  {
    code: 'liste_coproprietaires',
    audience: 'council',
    label: 'Liste des copropriétaires',
    reference: 'art. 3, 3°',
    sources: ['copro'],
    include: [/liste des coproprietaires/],
    annual: true,
  },
  {
    code: 'carte_professionnelle',
    audience: 'council',
    label: 'Carte professionnelle du syndic',
    reference: 'art. 3, 4°',
    sources: ['syndic'],
    include: [/carte professionnelle/, /carte t\b/],
  },
  {
    code: 'assurance_rcp',
    audience: 'council',
    label: "Attestation d'assurance de responsabilité civile professionnelle du syndic",
    reference: 'art. 3, 4°',
    sources: ['syndic'],
    include: [/responsabilite civile/, /\brc ?pro/],
  },
  {
    code: 'garantie_financiere',
    audience: 'council',
    label: 'Attestation de garantie financière du syndic',
    reference: 'art. 3, 4°',
    sources: ['syndic'],
    include: [/garantie financiere/],
  },
];

export const CHECKLIST_AUDIENCE_LABELS: Record<ChecklistAudience, string> = {
  all: 'Accessibles à tous les copropriétaires',
  own: "Dans l'espace de chaque copropriétaire",
  council: 'Réservés au conseil syndical',
};

export const CHECKLIST_STATUS_LABELS: Record<ChecklistStatus, string> = {
  present: 'Présent',
  missing: 'Manquant',
  stale: 'À mettre à jour',
};
