import { describe, expect, it } from 'vitest';
import { formatCents } from './format.js';
import { formatInt, frTypo, NNBSP, spokenCountdown } from './typo.js';

const n = NNBSP;

describe('frTypo: narrow no-break space before high punctuation, € and %', () => {
  it.each([
    ['Adresse postale : Non renseignée', `Adresse postale${n}: Non renseignée`],
    ['Adresse postale\u00a0: X', `Adresse postale${n}: X`],
    ['Vraiment ?', `Vraiment${n}?`],
    ['Attention !', `Attention${n}!`],
    ['un ; deux', `un${n}; deux`],
    ['Prochaine assemblée: AGO', `Prochaine assemblée${n}: AGO`],
    ['Fin?', `Fin${n}?`],
    ['12,50 €', `12,50${n}€`],
    ['12,50\u00a0€', `12,50${n}€`],
    ['12,50€', `12,50${n}€`],
    ['77 % du budget consommé', `77${n}% du budget consommé`],
    ['77%', `77${n}%`],
  ])('%j → %j', (input, out) => {
    expect(frTypo(input)).toBe(out);
  });

  it('leaves times, URLs and text without those signs alone, and is idempotent', () => {
    expect(frTypo('le 15/12/2026 à 18:30')).toBe('le 15/12/2026 à 18:30');
    expect(frTypo('https://exemple.fr/a?b=1')).toBe('https://exemple.fr/a?b=1');
    expect(frTypo('Mes lots')).toBe('Mes lots');
    const once = frTypo('Total : 1 234,56 € ; soit 12 % !');
    expect(once).toBe(`Total${n}: 1 234,56${n}€${n}; soit 12${n}%${n}!`);
    expect(frTypo(once)).toBe(once);
  });

  it('formatCents puts it before the euro sign, a no-break space between thousands', () => {
    expect(formatCents(123456)).toBe(`1\u00a0234,56${n}€`);
    expect(formatCents(-500)).toBe(`-5,00${n}€`);
  });
});

describe('formatInt', () => {
  it('groups thousands with a no-break space', () => {
    expect(formatInt(10000)).toBe('10\u00a0000');
    expect(formatInt(785)).toBe('785');
    expect(formatInt(1234567)).toBe('1\u00a0234\u00a0567');
  });
});

describe('spokenCountdown', () => {
  it('says minutes and seconds in words, singular and plural', () => {
    expect(spokenCountdown(1, 59)).toBe('Expiration dans 1 minute et 59 secondes');
    expect(spokenCountdown(2, 1)).toBe('Expiration dans 2 minutes et 1 seconde');
    expect(spokenCountdown(3, 0)).toBe('Expiration dans 3 minutes');
    expect(spokenCountdown(0, 5)).toBe('Expiration dans 5 secondes');
  });
});
