import { describe, expect, it } from 'vitest';
import { acceptedChars, emptySlots, fillFrom, isComplete, typeInto } from './otp';

const nine = () => emptySlots(9);

describe('one-time-code slots (SPEC §2.5)', () => {
  it('upper-cases letters and drops what is not a letter or digit', () => {
    expect(acceptedChars('ab-c 12é3', false)).toEqual(['A', 'B', 'C', '1', '2', '3']);
  });
  it('accepts only digits in numeric mode', () => {
    expect(acceptedChars('a1b2c3', true)).toEqual(['1', '2', '3']);
    expect(typeInto(nine(), 0, 'a', true).slots).toEqual(nine());
  });
  it('fills a paste from the focused slot and truncates it to the remaining slots', () => {
    const start = fillFrom(nine(), 0, 'ab', false).slots;
    const { slots, focus } = fillFrom(start, 6, 'xyz123456', false);
    expect(slots).toEqual(['A', 'B', '', '', '', '', 'X', 'Y', 'Z']);
    expect(focus).toBe(8);
  });
  it('a full paste completes the code', () => {
    const { slots } = fillFrom(nine(), 0, 'abc123456789', false);
    expect(slots.join('')).toBe('ABC123456');
    expect(isComplete(slots)).toBe(true);
  });
  it('typing moves to the next slot; typing over a slot keeps the new character', () => {
    const a = typeInto(nine(), 0, 'a', false);
    expect(a).toEqual({ slots: ['A', '', '', '', '', '', '', '', ''], focus: 1 });
    const b = typeInto(a.slots, 0, 'Ab', false);
    expect(b.slots[0]).toBe('B');
    expect(b.slots[1]).toBe('');
  });
  it('clearing a slot empties it and stays there', () => {
    const a = fillFrom(nine(), 0, 'abc', false).slots;
    expect(typeInto(a, 1, '', false)).toEqual({ slots: ['A', '', 'C', '', '', '', '', '', ''], focus: 1 });
  });
  it('is complete only when all 9 slots are filled', () => {
    expect(isComplete(fillFrom(nine(), 0, 'abc12345', false).slots)).toBe(false);
    expect(isComplete(fillFrom(nine(), 0, 'abc123456', false).slots)).toBe(true);
  });
});
