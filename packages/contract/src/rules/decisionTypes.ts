/**
 * A catalogue of the decisions an assembly is asked to take, each with the majority and the key
 * the loi n° 65-557 du 10 juillet 1965 gives it. The syndic may still choose another article or key
 * (a clause, a special case the catalogue cannot see), with a reason that is recorded.
 */
import type { ResolutionArticle } from './tally.js';

/** 'generales': the charges générales key; 'concernee': the key of the parts or equipment concerned (art. 10, 24 IV). */
export type ProposedKey = 'generales' | 'concernee';

export interface DecisionType {
  label: string;
  article: ResolutionArticle;
  key: ProposedKey;
  /** The text that sets the majority. */
  source: string;
}

export const DECISION_TYPES = {
  // The bureau, designated at the start of the meeting (rules/meetingBureau.ts).
  bureau_president: {
    label: 'Élection du président de séance',
    article: 'ART-24',
    key: 'generales',
    source: 'décret du 17 mars 1967, art. 15\u202f; loi du 10 juillet 1965, art. 24',
  },
  bureau_scrutateur: {
    label: 'Élection du ou des scrutateurs',
    article: 'ART-24',
    key: 'generales',
    source: 'décret du 17 mars 1967, art. 15\u202f; loi du 10 juillet 1965, art. 24',
  },
  bureau_secretaire: {
    label: 'Désignation du secrétaire de séance',
    article: 'ART-24',
    key: 'generales',
    source: 'décret du 17 mars 1967, art. 15\u202f; loi du 10 juillet 1965, art. 24',
  },
  budget_previsionnel: {
    label: 'Vote du budget prévisionnel',
    article: 'ART-24',
    key: 'generales',
    source: 'loi du 10 juillet 1965, art. 14-1 et 24',
  },
  approbation_comptes: {
    label: 'Approbation des comptes',
    article: 'ART-24',
    key: 'generales',
    source: 'loi du 10 juillet 1965, art. 18 et 24',
  },
  designation_syndic: {
    label: 'Désignation du syndic',
    article: 'ART-25',
    key: 'generales',
    source: 'loi du 10 juillet 1965, art. 25 c',
  },
  conseil_syndical: {
    label: 'Désignation des membres du conseil syndical',
    article: 'ART-25',
    key: 'generales',
    source: 'loi du 10 juillet 1965, art. 25 c',
  },
  travaux_entretien: {
    label: "Travaux d'entretien et de conservation",
    article: 'ART-24',
    key: 'concernee',
    source: 'loi du 10 juillet 1965, art. 24 II a',
  },
  travaux_economie_energie: {
    label: "Travaux d'économie d'énergie ou de réduction des émissions de gaz à effet de serre",
    article: 'ART-25',
    key: 'generales',
    source: 'loi du 10 juillet 1965, art. 25 f et 25-1',
  },
  autorisation_travaux_coproprietaire: {
    label: "Autorisation de travaux d'un copropriétaire affectant les parties communes",
    article: 'ART-25',
    key: 'generales',
    source: 'loi du 10 juillet 1965, art. 25 b',
  },
  modification_reglement: {
    label: 'Modification du règlement de copropriété',
    article: 'ART-26',
    key: 'generales',
    source: 'loi du 10 juillet 1965, art. 26 b',
  },
  repartition_charges: {
    label: 'Modification de la répartition des charges',
    article: 'UNANIMITE',
    key: 'generales',
    source: "loi du 10 juillet 1965, art. 11 al. 1 (sauf les cas de l'art. 11 al. 2 et 3)",
  },
  alienation_parties_communes: {
    label: 'Aliénation de parties communes',
    article: 'ART-26',
    key: 'generales',
    source:
      'loi du 10 juillet 1965, art. 26 a (unanimité si leur conservation est nécessaire à la destination, art. 26 al. 3)',
  },
  meubles_tourisme: {
    label: 'Interdiction de la location en meublé de tourisme',
    article: 'ART-26',
    key: 'generales',
    source: 'loi du 10 juillet 1965, art. 26 d',
  },
} as const satisfies Record<string, DecisionType>;

export type DecisionTypeCode = keyof typeof DECISION_TYPES;
export const DECISION_TYPE_CODES = Object.keys(DECISION_TYPES) as [DecisionTypeCode, ...DecisionTypeCode[]];

/** Energy-saving works (art. 25 f), the one nature the second paragraph of art. 25-1 applies to. */
export const ENERGY_WORKS: DecisionTypeCode = 'travaux_economie_energie';

/**
 * What departs from the catalogue's proposal, in French, or null. A departure is allowed only with a
 * recorded reason; a resolution of a new assembly under art. 25-1 al. 2 is the law's own departure.
 */
export function catalogueDeparture(
  nature: DecisionTypeCode,
  chosen: { article: string; onGeneralKey: boolean; secondAssemblee: boolean },
): string | null {
  const t: DecisionType = DECISION_TYPES[nature];
  if (chosen.article !== t.article && !(chosen.secondAssemblee && chosen.article === 'ART-24'))
    return `« ${t.label} » relève de ${articleWords(t.article)} (${t.source})\u202f: indiquez la raison d'un autre choix (article_reason).`;
  if (t.key === 'generales' && !chosen.onGeneralKey)
    return `« ${t.label} » se vote sur la clé des charges générales (${t.source})\u202f: indiquez la raison d'un autre choix (article_reason).`;
  return null;
}

function articleWords(article: ResolutionArticle) {
  return article === 'UNANIMITE' ? "l'unanimité" : `l'article ${article.slice(4)}`;
}
