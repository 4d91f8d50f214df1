import { describe, expect, it } from 'vitest';
import {
  allocatePayment,
  type BankCredit,
  bestCredits,
  CandidateIndex,
  type MatchCandidate,
  matchCredit,
  scoreCredit,
} from './bankMatching.js';

const martin: MatchCandidate = {
  coproprietaireId: 'martin',
  reference: 'K7P2M9XQA',
  names: ['Martin', 'Jeanne Martin'],
  balance: 82000,
  openDebits: [41250, 40750],
};
const leroy: MatchCandidate = {
  coproprietaireId: 'leroy',
  reference: 'R4T8Z2LWB',
  names: ['Leroy'],
  balance: 41250,
  openDebits: [41250],
};
const sciDuParc: MatchCandidate = {
  coproprietaireId: 'sci',
  reference: 'H3N6V1CDE',
  names: ['SCI du Parc'],
  balance: 0,
  openDebits: [],
};
const all = [martin, leroy, sciDuParc];

describe('a bank credit matched to a co-owner by reference, amount and name', () => {
  it.each<[string, BankCredit, { id: string; confidence: number; reason: string } | null]>([
    [
      'reference, amount and name',
      { amount: 41250, reference: 'VIR SEPA APPEL T1 K7P2M9XQA', name: 'MME JEANNE MARTIN' },
      {
        id: 'martin',
        confidence: 100,
        reason: "référence K7P2M9XQA, montant égal à un appel ouvert, nom du donneur d'ordre",
      },
    ],
    [
      'reference spaced out and lower case, whole balance',
      { amount: 82000, reference: 'charges k7p2 m9xqa', name: 'J. DURAND' },
      { id: 'martin', confidence: 90, reason: 'référence K7P2M9XQA, montant égal au solde dû' },
    ],
    ['reference alone is not enough', { amount: 12345, reference: 'K7P2M9XQA', name: 'X' }, null],
    [
      "wrong reference, but the name and an appel's amount",
      { amount: 40750, reference: 'CHARGES 2T', name: 'M OU MME MARTIN' },
      null,
    ],
    [
      'the same amount owed by two co-owners and no other sign: ambiguous',
      { amount: 41250, reference: 'APPEL', name: 'INCONNU' },
      null,
    ],
    [
      'name with accents and company words',
      { amount: 0, reference: 'H3N6V1CDE', name: 'S.C.I. DU PARC' },
      { id: 'sci', confidence: 85, reason: "référence H3N6V1CDE, nom du donneur d'ordre" },
    ],
  ])('%s', (_name, credit, want) => {
    const got = matchCredit(credit, all);
    expect(got && { id: got.coproprietaireId, confidence: got.confidence, reason: got.reason }).toEqual(want);
  });

  it('ranks every candidate with a sign and its reason, for the unmatched queue', () => {
    const ranked = scoreCredit({ amount: 41250, reference: 'APPEL', name: 'LEROY PAUL' }, all);
    expect(ranked).toEqual([
      {
        coproprietaireId: 'leroy',
        confidence: 55,
        reason: "montant égal au solde dû, nom du donneur d'ordre",
      },
      { coproprietaireId: 'martin', confidence: 30, reason: 'montant égal à un appel ouvert' },
    ]);
  });
});

describe('a payment settles the designated debits, else the oldest first (Code civil art. 1342-10)', () => {
  const debits = [
    { id: 'T2', date: '2026-04-01', remaining: 40750 },
    { id: 'T1', date: '2026-01-01', remaining: 41250 },
    { id: 'FT1', date: '2026-01-01', remaining: 2000 },
  ];
  it.each([
    [
      'oldest first, same day in input order',
      43250,
      [],
      [
        ['T1', 41250],
        ['FT1', 2000],
      ],
      0,
    ],
    ['a part of the oldest', 10000, [], [['T1', 10000]], 0],
    [
      'more than owed: the rest stays a credit',
      90000,
      [],
      [
        ['T1', 41250],
        ['FT1', 2000],
        ['T2', 40750],
      ],
      6000,
    ],
    [
      'designated first, then the oldest',
      50000,
      ['T2'],
      [
        ['T2', 40750],
        ['T1', 9250],
      ],
      0,
    ],
    ['an unknown designation is ignored', 100, ['X', 'T2', 'T2'], [['T2', 100]], 0],
    ['nothing paid', 0, [], [], 0],
  ] as const)('%s', (_n, amount, designated, allocations, unallocated) => {
    expect(allocatePayment(amount, debits, designated)).toEqual({
      allocations: allocations.map(([id, a]) => ({ id, amount: a })),
      unallocated,
    });
  });
});

describe('the candidate index gives the same scores as every co-owner scored', () => {
  /** A small seeded generator (mulberry32): the same cases on every run. */
  const rng = (seed: number) => () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  it.each([1, 2, 3, 4, 5])('seed %i', (seed) => {
    const r = rng(seed);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)];
    const words = ['Martin', 'Leroy', 'Du Parc', 'Lefèvre', 'Éloi', 'M', 'De La Tour', 'Nguyen', 'O'];
    const amounts = [100, 4125, 8200, 12000, 50];
    const candidates: MatchCandidate[] = Array.from({ length: 40 }, (_, i) => {
      const openDebits = Array.from({ length: Math.floor(r() * 3) }, () => pick(amounts));
      return {
        coproprietaireId: `c${String(i).padStart(2, '0')}`,
        reference: r() < 0.1 ? 'AB1' : `R${Math.floor(r() * 30)}X${i % 7}`,
        names: Array.from(
          { length: Math.floor(r() * 3) },
          () => `${pick(words)} ${r() < 0.5 ? pick(words) : ''}`,
        ),
        balance: openDebits.reduce((a, b) => a + b, 0),
        openDebits,
      };
    });
    const index = new CandidateIndex(candidates);
    for (let k = 0; k < 300; k++) {
      const c = pick(candidates);
      const credit: BankCredit = {
        amount: r() < 0.2 ? -pick(amounts) : pick([...amounts, c.balance]),
        reference: `VIR ${r() < 0.5 ? c.reference : 'SANS'} ${r() < 0.3 ? pick(candidates).reference : ''}`,
        name: `${pick(words)} ${pick(words)}`,
      };
      expect(scoreCredit(credit, index.candidatesFor(credit))).toEqual(scoreCredit(credit, candidates));
      expect(matchCredit(credit, index.candidatesFor(credit))).toEqual(matchCredit(credit, candidates));
      expect(matchCredit(credit, index.candidatesFor(credit, { forMatch: true }))).toEqual(
        matchCredit(credit, candidates),
      );
      expect(bestCredits(credit, candidates, 3)).toEqual(scoreCredit(credit, candidates).slice(0, 3));
      // A credit settles some: the index follows the candidate's new debts.
      if (r() < 0.3) {
        c.openDebits = c.openDebits.slice(1);
        c.balance = c.openDebits.reduce((a, b) => a + b, 0);
        index.update(c);
      }
    }
  });
});
