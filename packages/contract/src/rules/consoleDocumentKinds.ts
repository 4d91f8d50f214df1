/**
 * The kinds of a building's documents the console publishes, each on the shelf (document group)
 * the décret n° 2019-502 checklist reads it from (./checklistItems.ts): a kind's shelf name
 * matches its item, so a document published as « Règlement de copropriété » makes the item
 * present. Art. 1 items are read by every co-owner, art. 3 items by the conseil syndical; the
 * syndic's own documents (art. 3, 4°: carte professionnelle, assurance, garantie) are the
 * syndic's, not a building's, and are published through the syndic API.
 */

export type ConsoleDocumentPlace = 'group' | 'ag' | 'bank_statement';

export interface ConsoleDocumentKindDef {
  code: string;
  label: string;
  /** Where the syndic API files it: a group named `shelf`, an assembly's year, a bank statement's month. */
  place: ConsoleDocumentPlace;
  shelf: string;
  /** The audience the console proposes for it. */
  audience: 'copropriete' | 'conseil';
  /** The décret 2019-502 item it fills, if any. */
  checklist: string | null;
}

export const CONSOLE_DOCUMENT_KINDS = [
  {
    code: 'reglement',
    label: 'Règlement de copropriété',
    place: 'group',
    shelf: 'Règlement de copropriété et état descriptif de division',
    audience: 'copropriete',
    checklist: 'reglement',
  },
  {
    code: 'fiche_synthetique',
    label: 'Fiche synthétique',
    place: 'group',
    shelf: 'Fiche synthétique',
    audience: 'copropriete',
    checklist: 'fiche_synthetique',
  },
  {
    code: 'carnet_entretien',
    label: "Carnet d'entretien",
    place: 'group',
    shelf: "Carnet d'entretien",
    audience: 'copropriete',
    checklist: 'carnet_entretien',
  },
  {
    code: 'diagnostics',
    label: 'Diagnostic technique',
    place: 'group',
    shelf: 'Diagnostics techniques',
    audience: 'copropriete',
    checklist: 'diagnostics',
  },
  {
    code: 'assurance',
    label: "Contrat d'assurance de l'immeuble",
    place: 'group',
    shelf: "Contrats d'assurance",
    audience: 'copropriete',
    checklist: 'assurance',
  },
  {
    code: 'contrats_marches',
    label: 'Contrat ou marché signé pour le syndicat',
    place: 'group',
    shelf: 'Contrats et marchés en cours',
    audience: 'copropriete',
    checklist: 'contrats_marches',
  },
  {
    code: 'contrats_entretien',
    label: "Contrat d'entretien ou de maintenance",
    place: 'group',
    shelf: "Contrats d'entretien et de maintenance",
    audience: 'copropriete',
    checklist: 'contrats_entretien',
  },
  {
    code: 'pv_ag',
    label: "Procès-verbal d'assemblée générale",
    place: 'ag',
    shelf: 'Assemblées générales',
    audience: 'copropriete',
    checklist: 'pv_ag',
  },
  {
    code: 'contrat_syndic',
    label: 'Contrat de syndic',
    place: 'group',
    shelf: 'Contrat de syndic',
    audience: 'copropriete',
    checklist: 'contrat_syndic',
  },
  {
    code: 'comptes_syndicat',
    label: 'Comptes du syndicat (balance, annexes comptables)',
    place: 'group',
    shelf: 'Comptes du syndicat',
    audience: 'conseil',
    checklist: 'comptes_syndicat',
  },
  {
    code: 'releves_bancaires',
    label: 'Relevé bancaire du syndicat',
    place: 'bank_statement',
    shelf: 'Relevés bancaires',
    audience: 'conseil',
    checklist: 'releves_bancaires',
  },
  {
    code: 'liste_coproprietaires',
    label: 'Liste des copropriétaires',
    place: 'group',
    shelf: 'Liste des copropriétaires',
    audience: 'conseil',
    checklist: 'liste_coproprietaires',
  },
  {
    code: 'autre',
    label: 'Autre document',
    place: 'group',
    shelf: 'Autres documents',
    audience: 'copropriete',
    checklist: null,
  },
] as const satisfies readonly ConsoleDocumentKindDef[];

export type ConsoleDocumentKind = (typeof CONSOLE_DOCUMENT_KINDS)[number]['code'];

/** The kind that fills a décret 2019-502 item (the « Ajouter » of a missing item), if any. */
export const kindOfChecklistItem = (code: string): ConsoleDocumentKindDef | undefined =>
  CONSOLE_DOCUMENT_KINDS.find((k) => k.checklist === code);

export const consoleDocumentKind = (code: string): ConsoleDocumentKindDef | undefined =>
  CONSOLE_DOCUMENT_KINDS.find((k) => k.code === code);
