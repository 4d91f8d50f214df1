import { describe, expect, it } from 'vitest';
import { type LettrageInput, lettrageConflict, shownRemaining } from './lettrage.js';

const l = (
  amount: number,
  officeRemaining: number,
  unacknowledged: number,
  allocated: number,
): LettrageInput => ({
  amount,
  officeRemaining,
  unacknowledged,
  allocated,
});

describe('lettrage: what remains of a back-office line after product payments (C. civ. art. 1342)', () => {
  it.each([
    // [case, input, shown, conflict]
    ['no product payment: the back office decides', l(41_250, 21_250, 0, 0), 21_250, false],
    [
      'paid in full by card, not yet booked: a stale copy stays settled',
      l(41_250, 41_250, 41_250, 41_250),
      0,
      false,
    ],
    ['paid in part by card, not yet booked', l(41_250, 41_250, 10_000, 10_000), 31_250, false],
    ['card payment booked: the back office says 0', l(41_250, 0, 0, 41_250), 0, false],
    [
      'a cheque booked by the back office, the card not yet: never below 0',
      l(10_000, 4_000, 10_000, 10_000),
      0,
      false,
    ],
    [
      'booked, then a stale copy says open again: conflict, stays settled',
      l(41_250, 41_250, 0, 41_250),
      0,
      true,
    ],
    [
      'booked card of 40 €, a bounced cheque reopens the rest: allowed',
      l(10_000, 6_000, 0, 4_000),
      6_000,
      false,
    ],
    [
      'booked card of 40 €, the copy claims 80 €: conflict, capped at 60 €',
      l(10_000, 8_000, 0, 4_000),
      6_000,
      true,
    ],
    ['a credit used by a card payment, not yet booked', l(5_000, 5_000, 5_000, 5_000), 0, false],
    [
      'amount lowered below what was paid: 0, and a conflict while it says open',
      l(3_000, 1_000, 0, 4_000),
      0,
      true,
    ],
    [
      'the back office books a card payment of 398,75 € as its own credit, not lettered: no second credit',
      { ...l(39_875, 39_875, 0, 0), booked: 39_875 },
      0,
      false,
    ],
    [
      'a booking credit of 500 € for a card payment of 398,75 €: the other 101,25 € stay available',
      { ...l(50_000, 50_000, 0, 0), booked: 39_875 },
      10_125,
      false,
    ],
    [
      'a card payment refunded in part (100 € back): the booking keeps what the refund took away',
      { ...l(39_875, 39_875, 0, 0), booked: 29_875 },
      10_000,
      false,
    ],
  ] as const)('%s', (_case, input, shown, conflict) => {
    expect(shownRemaining(input)).toBe(shown);
    expect(lettrageConflict(input)).toBe(conflict);
  });

  it('is never negative nor above the back office figure minus the unbooked payments', () => {
    for (const amount of [0, 1, 999, 10_000])
      for (const office of [0, 1, amount])
        for (const unack of [0, 1, amount])
          for (const alloc of [unack, amount]) {
            const s = shownRemaining(l(amount, office, unack, alloc));
            expect(s).toBeGreaterThanOrEqual(0);
            expect(s).toBeLessThanOrEqual(Math.max(0, office - unack));
          }
  });
});
