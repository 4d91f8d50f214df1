import { describe, expect, it } from 'vitest';
import { foldAccents, highlightParts, searchTerms, snippetAround } from './document-search.js';

describe('document search words', () => {
  it.each([
    ['Procès-verbal', 'proces-verbal'],
    ['ÉLECTRICITÉ', 'electricite'],
    ['Cœur', 'cour'],
    ['façade', 'facade'],
  ])('folds %s to %s (one character for one)', (s, folded) => {
    expect(foldAccents(s)).toBe(folded);
    expect(foldAccents(s)).toHaveLength(s.length);
  });

  it.each([
    ['procès', ['proces']],
    ["  Procès-verbal d'AG 2025 ", ['proces', 'verbal', 'ag', '2025']],
    ['budget budget BUDGET', ['budget']],
    ["'); drop table documents; --", ['drop', 'table', 'documents']],
    ['&|!:*', []],
    [
      'un deux trois quatre cinq six sept huit neuf',
      ['un', 'deux', 'trois', 'quatre', 'cinq', 'six', 'sept', 'huit'],
    ],
    ['lot 5', ['lot', '5']],
  ])('reads %j as %j', (q, terms) => {
    expect(searchTerms(q)).toEqual(terms);
  });

  it('marks the words starting with a term, accents and case aside', () => {
    expect(highlightParts('Procès-verbal AGO 2025', ['proces', '2025'])).toEqual([
      { text: 'Procès', hit: true },
      { text: '-verbal AGO ', hit: false },
      { text: '2025', hit: true },
    ]);
    // Inside a word is not a match: the search matches words by their beginning.
    expect(highlightParts('Le reproces', ['proces'])).toEqual([{ text: 'Le reproces', hit: false }]);
    expect(highlightParts('Budget', [])).toEqual([{ text: 'Budget', hit: false }]);
  });

  it('cuts a snippet around the first term, on word boundaries', () => {
    const text = `${'mot '.repeat(60)}le ravalement de la façade est voté ${'fin '.repeat(60)}`;
    const s = snippetAround(text, ['facade'], 60);
    expect(s).toMatch(/^….*façade.*…$/);
    expect(s!.length).toBeLessThanOrEqual(62);
    expect(snippetAround('Court texte', ['absent'])).toBeNull();
    expect(snippetAround('Façade nord', ['facade'])).toBe('Façade nord');
  });
});
