import { describe, expect, it } from 'vitest';
import { pdfText } from '../../test/pdf-text.js';
import { buildFeuille, renderFeuille } from './feuille.js';
import type { MinutesFacts } from './minutes-facts.js';
import { buildPv } from './pv.js';
import { renderPv } from './pv.pdf.js';

/**
 * A worked example, 1 000 voix in the charges générales key:
 * - Mme Alice Martin (300) sent a form ('Pour' on 1), then came: her form is void, she votes 'Contre'
 *   on 1 in session;
 * - M. Bruno Petit (250) is represented by Mme Martin, who abstains for him on 1;
 * - Mme Chloé Roux (200) voted 'Pour' on 1 by correspondence;
 * - M. David Noël (250) is absent: défaillant.
 * Resolution 1 (art. 24): 200 pour, 300 contre, 250 abstentions, 250 défaillants → rejected.
 * Resolution 2 (art. 25): the three take part and vote 'Pour' → 750 > 500: adopted.
 * Resolution 3 (art. 25): Mme Martin and Mme Roux's form 'Pour' on both votes, M. Petit 'Contre'
 * through his mandataire. 500 is not more than half of 1 000 but at least a third: the second vote
 * (art. 25-1, art. 24 majority) adopts it at 500 against 250, M. Petit named in both rounds.
 */
const CG = 'cg';
const facts: MinutesFacts = {
  assemblee: {
    id: 'ag',
    name: 'Assemblée générale 2026',
    type: 'ORDINAIRE',
    date: new Date('2026-04-14T16:30:00Z'),
    ended_at: new Date('2026-04-14T18:45:00Z'),
  },
  coprName: 'Résidence Les Tilleuls',
  generalRepartition: { id: CG, name: 'Charges générales' },
  resolutions: [
    {
      id: 'r1',
      number: 1,
      title: 'Ravalement',
      article: 'ART-24',
      no_vote: false,
      repartition: { id: CG, name: 'Charges générales' },
      amended: false,
    },
    {
      id: 'r2',
      number: 2,
      title: 'Digicode',
      article: 'ART-25',
      no_vote: false,
      repartition: { id: CG, name: 'Charges générales' },
      amended: false,
    },
    {
      id: 'r3',
      number: 3,
      title: 'Fenêtres des parties communes',
      article: 'ART-25',
      no_vote: false,
      repartition: { id: CG, name: 'Charges générales' },
      amended: false,
    },
  ],
  owners: [
    { id: 'a', name: 'Mme Alice Martin', address: '3 rue des Lilas, Lyon', tantiemes: { [CG]: 300 } },
    { id: 'b', name: 'M. Bruno Petit', address: null, tantiemes: { [CG]: 250 } },
    { id: 'c', name: 'Mme Chloé Roux', address: null, tantiemes: { [CG]: 200 } },
    { id: 'd', name: 'M. David Noël', address: null, tantiemes: { [CG]: 250 } },
  ],
  records: [
    {
      seq: 1,
      kind: 'ballot',
      coproprietaire_id: 'a',
      payload: {
        choices: [
          { resolution_id: 'r1', vote_1: 'agree' },
          { resolution_id: 'r2', vote_1: 'agree', vote_2: 'agree' },
        ],
      },
    },
    {
      seq: 2,
      kind: 'ballot',
      coproprietaire_id: 'c',
      payload: {
        choices: [
          { resolution_id: 'r1', vote_1: 'agree' },
          { resolution_id: 'r2', vote_1: 'agree', vote_2: 'agree' },
          { resolution_id: 'r3', vote_1: 'agree', vote_2: 'agree' },
        ],
      },
    },
    { seq: 3, kind: 'attendance', coproprietaire_id: 'a', payload: { attendance: 'present' } },
    {
      seq: 4,
      kind: 'attendance',
      coproprietaire_id: 'b',
      payload: { attendance: 'represented', mandataire: { name: 'Alice Martin', coproprietaire_id: 'a' } },
    },
    {
      seq: 5,
      kind: 'session_vote',
      coproprietaire_id: 'a',
      payload: { resolution_id: 'r1', vote_1: 'disagree' },
    },
    {
      seq: 6,
      kind: 'session_vote',
      coproprietaire_id: 'b',
      payload: { resolution_id: 'r1', vote_1: 'abstain' },
    },
    {
      seq: 7,
      kind: 'session_vote',
      coproprietaire_id: 'a',
      payload: { resolution_id: 'r2', vote_1: 'agree' },
    },
    {
      seq: 8,
      kind: 'session_vote',
      coproprietaire_id: 'b',
      payload: { resolution_id: 'r2', vote_1: 'agree' },
    },
    {
      seq: 9,
      kind: 'session_vote',
      coproprietaire_id: 'a',
      payload: { resolution_id: 'r3', vote_1: 'agree', vote_2: 'agree' },
    },
    {
      seq: 10,
      kind: 'session_vote',
      coproprietaire_id: 'b',
      payload: { resolution_id: 'r3', vote_1: 'disagree', vote_2: 'disagree' },
    },
  ],
};

describe('the procès-verbal from the register (décret 1967 art. 17)', () => {
  const pv = buildPv(facts);

  it('a form then presence: the form is void, the opposant and the abstentionniste are named with their voix', () => {
    const { defaillants, ...first } = pv.resolutions[0];
    // Décret art. 17: the défaillant named with their voix.
    expect(defaillants).toEqual([{ name: expect.any(String), voix: 250, assimilated: false }]);
    expect(first).toEqual({
      number: 1,
      title: 'Ravalement',
      article: 'ART-24',
      repartition: 'Charges générales',
      decision: 'rejected',
      rule: 'ART-24',
      rounds: [
        {
          second: false,
          pour: 200,
          contre: 300,
          abstentions: 250,
          sans_vote: 0,
          defaillants: 250,
          total: 1000,
          opposants: [{ name: 'Mme Alice Martin', voix: 300 }],
          abstentionnistes: [{ name: 'M. Bruno Petit', voix: 250 }],
        },
      ],
      amended_defaulting: 0,
      reduced: [],
      amendments: [],
      elected: [],
    });
  });

  it('art. 25 adopted at the first vote: no second round, nobody opposed', () => {
    expect(pv.resolutions[1]).toMatchObject({
      decision: 'adopted',
      rule: 'ART-25',
      rounds: [
        { pour: 750, contre: 0, abstentions: 0, defaillants: 250, opposants: [], abstentionnistes: [] },
      ],
    });
  });

  it('a passerelle: both rounds with their opposants, the second vote decides (art. 25-1)', () => {
    const opp = [{ name: 'M. Bruno Petit', voix: 250 }];
    expect(pv.resolutions[2]).toMatchObject({
      decision: 'adopted',
      rule: 'ART-25-1',
      rounds: [
        { second: false, pour: 500, contre: 250, abstentions: 0, defaillants: 250, opposants: opp },
        { second: true, pour: 500, contre: 250, abstentions: 0, defaillants: 250, opposants: opp },
      ],
    });
  });

  it('the PDF states the decision, the counts and the names, the same bytes each time', async () => {
    const pdf = await renderPv(facts, pv);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await renderPv(facts, pv)).equals(pdf)).toBe(true);
    const text = pdfText(pdf);
    expect(text).toContain('Résolution n° 1 – Ravalement');
    expect(text).toContain("Rejetée (majorité de l'article 24 non atteinte)");
    expect(text).toContain('Se sont opposés : Mme Alice Martin (300 voix).');
    expect(text).toContain('Se sont abstenus : M. Bruno Petit (250 voix).');
    expect(text).toMatch(/Défaillants : [^(]+ \(250 voix\)\./);
    expect(text).toContain('Adoptée à la majorité des voix de tous les copropriétaires (article 25)');
    expect(text).toContain('1 000');
    expect(text).toContain("Adoptée au second vote, à la majorité de l'article 24 (article 25-1)");
    expect(text).toContain('Au second vote, se sont opposés : M. Bruno Petit (250 voix).');
  });
});

describe('the attendance sheet from the register (décret 1967 art. 14)', () => {
  const sheet = buildFeuille(facts);

  it('present, represented and by whom, by correspondence, absent, with their voix and totals', () => {
    expect(sheet.lines.map((l) => [l.name, l.status, l.mandataire, l.voix])).toEqual([
      ['M. Bruno Petit', 'represented', 'Mme Alice Martin', 250],
      ['M. David Noël', 'absent', null, 250],
      ['Mme Alice Martin', 'present', null, 300],
      ['Mme Chloé Roux', 'correspondence', null, 200],
    ]);
    expect(sheet.totals).toEqual({
      present: { count: 1, voix: 300 },
      represented: { count: 1, voix: 250 },
      correspondence: { count: 1, voix: 200 },
      absent: { count: 1, voix: 250 },
      total: { count: 4, voix: 1000 },
    });
    expect(sheet.mandataires).toEqual([
      { name: 'Mme Alice Martin', mandants: ['M. Bruno Petit'], voix: 250 },
    ]);
  });

  it('the PDF lists every co-owner and the délégations', async () => {
    const text = pdfText(await renderFeuille(facts, sheet));
    expect(text).toContain('Feuille de présence');
    expect(text).toContain('Par correspondance');
    expect(text).toContain('Représenté');
    expect(text).toContain('3 rue des Lilas, Lyon');
    expect(text).toContain('Délégations de vote');
    expect(text).toContain('4 copropriétaires');
  });
});
