import { describe, expect, it } from 'vitest';
import { formatCents as e } from './format.js';
import {
  type DueDebit,
  miseEnDemeureDetail,
  miseEnDemeureText,
  natureOf,
  type ProvisionToCome,
} from './miseEnDemeure.js';

const YEAR = '2026-01-01';
const d = (name: string, date: string, cents: number, kind: DueDebit['kind']): DueDebit => ({
  name,
  date,
  remainingCents: cents,
  kind,
});
const p = (
  kind: ProvisionToCome['kind'],
  period: number,
  dueDate: string,
  cents: number,
): ProvisionToCome => ({
  kind,
  period,
  dueDate,
  amountCents: cents,
});

describe('the nature of each sum claimed (Cass. 3e civ., avis, 12 déc. 2024, n° 24-70.007)', () => {
  it.each<{ debit: DueDebit; nature: ReturnType<typeof natureOf>; why: string }>([
    {
      debit: d('Appel T1 2026', '2026-01-01', 41250, 'budget'),
      nature: 'budget',
      why: 'an appel of this exercice',
    },
    {
      debit: d('Travaux toiture', '2026-02-01', 9000, 'travaux'),
      nature: 'travaux',
      why: 'an appel of works (14-2)',
    },
    {
      debit: d('Appel T4 2025', '2025-10-01', 39875, 'budget'),
      nature: 'anterieur',
      why: 'an appel of the previous exercice is a sum of an earlier exercice',
    },
    {
      debit: d('Frais de mise en demeure', '2026-03-01', 4500, 'autre'),
      nature: 'autre',
      why: 'a cost (10-1)',
    },
  ])('$why', ({ debit, nature }) => {
    expect(natureOf(debit, YEAR)).toBe(nature);
  });
});

describe('the detail of a mise en demeure', () => {
  const debits = [
    d('Appel T4 2025', '2025-10-01', 39875, 'budget'),
    d('Appel T1 2026', '2026-01-01', 41250, 'budget'),
    d('Appel T2 2026', '2026-04-01', 41250, 'budget'),
    d('Travaux toiture', '2026-02-01', 9000, 'travaux'),
    d('Régularisé', '2026-02-01', 0, 'autre'),
  ];
  const toCome = [
    p('budget', 3, '2026-07-01', 41250),
    p('budget', 4, '2026-10-01', 41251),
    p('travaux', 2, '2026-08-01', 9000),
  ];
  const detail = miseEnDemeureDetail(debits, toCome, YEAR);

  it('separates the provisions of the exercice, the works and the earlier exercices', () => {
    expect(detail.due.map((g) => [g.nature, g.totalCents])).toEqual([
      ['budget', 82500],
      ['travaux', 9000],
      ['anterieur', 39875],
    ]);
    expect(detail.dueCents).toBe(131375);
  });
  it('names the provisions that would become due, by nature and period', () => {
    expect(detail.toCome).toEqual([
      { nature: 'budget', totalCents: 82501, periods: [3, 4] },
      { nature: 'travaux', totalCents: 9000, periods: [2] },
    ]);
    expect(detail.toComeCents).toBe(91501);
  });
  it('prints every amount and the start of the thirty days', () => {
    const text = miseEnDemeureText(detail);
    expect(text).toContain(`Sommes dues à ce jour, ${e(131375)}`);
    expect(text).toContain(
      `Provisions du budget prévisionnel de l'exercice en cours (art. 14-1)\u202f: ${e(82500)}.`,
    );
    expect(text).toContain(`Sommes restant dues au titre des exercices précédents\u202f: ${e(39875)}.`);
    expect(text).toContain('à compter du lendemain de la première présentation');
    expect(text).toContain(`provisions du budget prévisionnel non encore échues, périodes 3, 4, ${e(82501)}`);
    expect(text).toContain(`provisions pour travaux non encore échues, période 2, ${e(9000)}`);
  });
  it('says when nothing remains to fall due', () => {
    expect(miseEnDemeureText(miseEnDemeureDetail(debits, [], YEAR))).toContain(
      "Aucune provision de l'exercice ne reste à échoir.",
    );
  });
});
