import { describe, expect, it } from 'vitest';
import {
  answerEffect,
  type CollectionItemStatus,
  creditorErrors,
  endToEndId,
  isValidBic,
  isValidCreditorId,
  returnReasonLabel,
  sepaAmount,
  sepaText,
} from './sepaCollection.js';

describe('identifiant créancier SEPA (ICS, MOD 97-10 over the national id)', () => {
  it.each([
    { ics: 'DE98ZZZ09999999999', ok: true, why: "the Bundesbank's published test creditor id" },
    { ics: 'FR72ZZZ123456', ok: true, why: 'a French ICS' },
    { ics: 'fr72 zzz 123456', ok: true, why: 'spaced, lower case' },
    { ics: 'FR72ABC123456', ok: true, why: 'the business code is not in the check' },
    { ics: 'FR73ZZZ123456', ok: false, why: 'wrong check digits' },
    { ics: 'FR72ZZZ123457', ok: false, why: 'one digit of the national id changed' },
    { ics: 'FR72ZZ', ok: false, why: 'too short' },
  ])('$why: $ics', ({ ics, ok }) => expect(isValidCreditorId(ics)).toBe(ok));
});

describe('BIC', () => {
  it.each([
    { bic: 'BNPAFRPP', ok: true },
    { bic: 'BNPAFRPPXXX', ok: true },
    { bic: 'BNPAFRP', ok: false },
    { bic: 'BNPA12PP', ok: false },
  ])('$bic', ({ bic, ok }) => expect(isValidBic(bic)).toBe(ok));
});

describe("a creditor's settings", () => {
  it('accepts a complete one and names every fault of a wrong one', () => {
    expect(
      creditorErrors({
        name: 'SDC Les Tilleuls',
        ics: 'FR72ZZZ123456',
        iban: 'FR76 3000 6000 0112 3456 7890 189',
        bic: 'BNPAFRPP',
      }),
    ).toEqual([]);
    expect(creditorErrors({ name: ' ', ics: 'FR00ZZZ1', iban: 'FR76', bic: 'X' })).toHaveLength(4);
  });
});

describe('text and amounts in a remise', () => {
  it.each([
    { raw: 'Hélène Lefèvre-Dubœuf', max: 70, out: 'Helene Lefevre-Duboeuf' },
    { raw: 'Appel de fonds — T1 2026 « budget »', max: 140, out: 'Appel de fonds T1 2026 budget' },
    { raw: 'Résidence du Parc', max: 8, out: 'Residenc' },
    { raw: '€€€', max: 10, out: '-' },
  ])('$raw → $out', ({ raw, max, out }) => expect(sepaText(raw, max)).toBe(out));
  it.each([
    { cents: 124256, out: '1242.56' },
    { cents: 5, out: '0.05' },
    { cents: 100, out: '1.00' },
  ])('$cents cents → $out', ({ cents, out }) => expect(sepaAmount(cents)).toBe(out));
  it('an end-to-end id fits 35 characters', () => {
    const id = endToEndId('0f8fad5b-d9cb-469f-a165-70867728950e');
    expect(id).toBe('TANT-0f8fad5bd9cb469fa16570867728950e'.slice(0, 35));
    expect(id.length).toBeLessThanOrEqual(35);
  });
});

describe("what the bank's answer does to an item (exactly once)", () => {
  it.each<{ from: CollectionItemStatus; next: CollectionItemStatus; effect: string }>([
    { from: 'submitted', next: 'rejected', effect: 'fail' },
    { from: 'settled', next: 'returned', effect: 'reverse' },
    { from: 'rejected', next: 'rejected', effect: 'none' },
    { from: 'returned', next: 'returned', effect: 'none' },
  ])('$from → $next ($effect)', ({ from, next, effect }) => {
    expect(answerEffect(from)).toEqual({ next, effect });
  });
  it('a second answer about the same item changes nothing', () => {
    for (const start of ['submitted', 'settled'] as const) {
      const first = answerEffect(start);
      expect(answerEffect(first.next).effect).toBe('none');
    }
  });
  it('names the reason in French', () => {
    expect(returnReasonLabel('AM04')).toBe('Provision insuffisante');
    expect(returnReasonLabel('ZZ99')).toBe('Motif ZZ99');
    expect(returnReasonLabel(null)).toBe('Motif non communiqué');
  });
});
