import { describe, expect, it } from 'vitest';
import { catalogueDeparture, DECISION_TYPES, type DecisionTypeCode } from './decisionTypes.js';

describe('the catalogue of decisions proposes the article and the key', () => {
  it.each<[DecisionTypeCode, string]>([
    ['budget_previsionnel', 'ART-24'],
    ['approbation_comptes', 'ART-24'],
    ['designation_syndic', 'ART-25'],
    ['travaux_entretien', 'ART-24'],
    ['travaux_economie_energie', 'ART-25'],
    ['modification_reglement', 'ART-26'],
    ['repartition_charges', 'UNANIMITE'],
    ['alienation_parties_communes', 'ART-26'],
    ['meubles_tourisme', 'ART-26'],
  ])('%s is proposed at %s', (code, article) => {
    expect(DECISION_TYPES[code].article).toBe(article);
  });

  it.each<[string, DecisionTypeCode, string, boolean, boolean, boolean]>([
    ['as proposed', 'designation_syndic', 'ART-25', true, false, false],
    ['another article needs a reason', 'designation_syndic', 'ART-24', true, false, true],
    ['works of maintenance on the elevator key', 'travaux_entretien', 'ART-24', false, false, false],
    ['the budget on a special key needs a reason', 'budget_previsionnel', 'ART-24', false, false, true],
    [
      '25 f at art. 24 in a new assembly under art. 25-1 al. 2',
      'travaux_economie_energie',
      'ART-24',
      true,
      true,
      false,
    ],
    ['25 f at art. 24 otherwise needs a reason', 'travaux_economie_energie', 'ART-24', true, false, true],
  ])('%s', (_, nature, article, onGeneralKey, secondAssemblee, departs) => {
    const d = catalogueDeparture(nature, { article, onGeneralKey, secondAssemblee });
    expect(d !== null).toBe(departs);
    if (d) expect(d).toContain('article_reason');
  });
});
