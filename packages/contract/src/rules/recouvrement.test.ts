import { describe, expect, it } from 'vitest';
import {
  acceleratedOn,
  acceleratedProvisions,
  ageBuckets,
  chargeableFee,
  DEFAULT_RECOUVREMENT,
  dueStep,
  type RecouvrementSettings,
  type SentStep,
  settingsErrors,
  settingsFieldErrors,
} from './recouvrement.js';

const S: RecouvrementSettings = {
  reminderDays: [10, 25],
  miseEnDemeureDays: 40,
  miseEnDemeureFeeCents: 4500,
  relanceFeeCents: 1500,
};
const relance = (grade: number, date: string): SentStep => ({ step: 'relance', grade, date });
const med = (date: string): SentStep => ({ step: 'mise_en_demeure', grade: 1, date });

describe('the step due for a debt fallen due on 1 January 2026', () => {
  it.each<{ today: string; sent: SentStep[]; out: ReturnType<typeof dueStep>; why: string }>([
    { today: '2026-01-01', sent: [], out: null, why: 'the due date itself' },
    { today: '2026-01-10', sent: [], out: null, why: 'nine days late: before the first reminder' },
    { today: '2026-01-11', sent: [], out: { step: 'relance', grade: 1 }, why: 'ten days late' },
    { today: '2026-01-12', sent: [relance(1, '2026-01-11')], out: null, why: 'first reminder sent' },
    {
      today: '2026-01-26',
      sent: [relance(1, '2026-01-11')],
      out: { step: 'relance', grade: 2 },
      why: 'twenty-five days late',
    },
    {
      today: '2026-02-10',
      sent: [relance(1, '2026-01-11'), relance(2, '2026-01-26')],
      out: { step: 'mise_en_demeure', grade: 1 },
      why: 'forty days late: the mise en demeure',
    },
    {
      today: '2026-02-10',
      sent: [],
      out: { step: 'mise_en_demeure', grade: 1 },
      why: 'forty days late with no reminder sent: straight to the mise en demeure',
    },
    {
      today: '2026-03-12',
      sent: [med('2026-02-10')],
      out: null,
      why: 'thirty days after the mise en demeure: not yet (« passé un délai de trente jours »)',
    },
    {
      today: '2026-03-13',
      sent: [med('2026-02-10')],
      out: { step: 'exigibilite', grade: 1 },
      why: 'thirty-one days after: art. 19-2',
    },
    {
      today: '2026-03-16',
      sent: [{ ...med('2026-02-10'), presented: '2026-02-14' }],
      out: null,
      why: 'a letter first presented four days after it left: the thirty days run from the next day',
    },
    {
      today: '2026-03-17',
      sent: [{ ...med('2026-02-10'), presented: '2026-02-14' }],
      out: { step: 'exigibilite', grade: 1 },
      why: 'thirty-one days after the first presentation: art. 19-2',
    },
    {
      today: '2026-06-01',
      sent: [{ ...med('2026-02-10'), presented: null }],
      out: null,
      why: 'a letter not yet presented starts no delay',
    },
    {
      today: '2026-06-01',
      sent: [med('2026-02-10'), { step: 'exigibilite', grade: 1, date: '2026-03-13' }],
      out: null,
      why: 'the acceleration happens once',
    },
  ])('$why', ({ today, sent, out }) => {
    expect(dueStep('2026-01-01', today, sent, S)).toEqual(out);
  });
  it('art. 19-2 falls on the 31st day after the mise en demeure', () => {
    expect(acceleratedOn('2026-02-10')).toBe('2026-03-13');
  });
});

describe('art. 10-1 a): costs charged to the debtor alone, from the mise en demeure', () => {
  it.each([
    { step: 'relance', medSent: false, fee: 0, why: 'a reminder before the mise en demeure costs nothing' },
    { step: 'mise_en_demeure', medSent: false, fee: 4500, why: 'the mise en demeure itself' },
    { step: 'relance', medSent: true, fee: 1500, why: 'a reminder after the mise en demeure' },
    { step: 'exigibilite', medSent: true, fee: 0, why: 'the acceleration is no cost' },
  ] as const)('$why', ({ step, medSent, fee }) => {
    expect(chargeableFee(step, medSent, S)).toBe(fee);
  });
});

describe('art. 19-2: the provisions not yet due become due', () => {
  it('takes the periods after today not yet called', () => {
    const periods = [
      { period: 1, dueDate: '2026-01-01', amountCents: 41250, called: true },
      { period: 2, dueDate: '2026-04-01', amountCents: 41250, called: true },
      { period: 3, dueDate: '2026-07-01', amountCents: 41250, called: false },
      { period: 4, dueDate: '2026-10-01', amountCents: 41251, called: false },
    ];
    expect(acceleratedProvisions(periods, '2026-05-15').map((p) => p.period)).toEqual([3, 4]);
    expect(acceleratedProvisions(periods, '2026-07-01').map((p) => p.period)).toEqual([4]);
  });
});

describe("the debtors' list by age of debt", () => {
  it('puts each remaining amount in its bucket', () => {
    const today = '2026-06-30';
    expect(
      ageBuckets(
        [
          { date: '2026-06-30', remainingCents: 100 },
          { date: '2026-05-31', remainingCents: 200 },
          { date: '2026-05-30', remainingCents: 300 },
          { date: '2026-04-01', remainingCents: 400 },
          { date: '2026-01-01', remainingCents: 500 },
          { date: '2026-07-01', remainingCents: 600 },
          { date: '2026-01-01', remainingCents: 0 },
        ],
        today,
      ),
    ).toEqual({ b30: 300, b60: 300, b90: 400, b90plus: 500 });
  });
});

describe('settings', () => {
  it('the defaults are valid', () => expect(settingsErrors(DEFAULT_RECOUVREMENT)).toEqual([]));
  it.each([
    { s: { ...S, reminderDays: [25, 10] }, why: 'reminders out of order' },
    { s: { ...S, miseEnDemeureDays: 20 }, why: 'mise en demeure before the last reminder' },
    { s: { ...S, relanceFeeCents: -1 }, why: 'a negative fee' },
    { s: { ...S, reminderDays: [0] }, why: 'a reminder on the due date' },
  ])('refuses $why', ({ s }) => expect(settingsErrors(s).length).toBeGreaterThan(0));
  it.each([
    { s: { ...S, reminderDays: [25, 10] }, fields: ['reminder_days'] },
    { s: { ...S, miseEnDemeureDays: 20 }, fields: ['mise_en_demeure_days'] },
    {
      s: { ...S, relanceFeeCents: -1, miseEnDemeureFeeCents: 100_001 },
      fields: ['mise_en_demeure_fee_cents', 'relance_fee_cents'],
    },
    {
      s: { ...S, reminderDays: [0], miseEnDemeureDays: 366 },
      fields: ['reminder_days', 'mise_en_demeure_days'],
    },
  ])('names the fields of $fields', ({ s, fields }) =>
    expect(settingsFieldErrors(s).map(([f]) => f)).toEqual(fields));
});
