/**
 * Pure rules of the one-time-code slots (SPEC §2.5): letters upper-cased, digits only in
 * numeric mode, a paste fills the slots from the focused one and is truncated to those left.
 */
export type Slots = string[];

export const emptySlots = (length: number): Slots => Array.from({ length }, () => '');

/** The characters a slot accepts from some text, upper-cased, in order. */
export function acceptedChars(text: string, numeric: boolean): string[] {
  const re = numeric ? /^[0-9]$/ : /^[A-Z0-9]$/;
  return [...text.toUpperCase()].filter((c) => re.test(c));
}

/**
 * Writes text into the slots from `index`; what does not fit in the remaining slots is
 * dropped. Returns the new slots and the slot to focus next.
 */
export function fillFrom(
  slots: Slots,
  index: number,
  text: string,
  numeric: boolean,
): { slots: Slots; focus: number } {
  const chars = acceptedChars(text, numeric).slice(0, slots.length - index);
  if (chars.length === 0) return { slots, focus: index };
  const next = [...slots];
  chars.forEach((c, i) => {
    next[index + i] = c;
  });
  return { slots: next, focus: Math.min(index + chars.length, slots.length - 1) };
}

/**
 * What the user typed into slot `index`, given the input's raw value: a slot that already
 * held a character keeps only the new one; several new characters (autofill) act as a paste.
 */
export function typeInto(
  slots: Slots,
  index: number,
  raw: string,
  numeric: boolean,
): { slots: Slots; focus: number } {
  if (raw === '') {
    const next = [...slots];
    next[index] = '';
    return { slots: next, focus: index };
  }
  const old = slots[index];
  let typed = raw;
  if (old && raw.length > 1) {
    if (raw.startsWith(old)) typed = raw.slice(old.length);
    else if (raw.endsWith(old)) typed = raw.slice(0, raw.length - old.length);
  }
  return fillFrom(slots, index, typed, numeric);
}

export const isComplete = (slots: Slots) => slots.every((s) => s !== '');
