/** Lots in the order of their numbers (2 before 10), as the règlement lists them. */
export const byNumber = <L extends { number: string }>(lots: readonly L[]) =>
  [...lots].sort((a, b) => a.number.localeCompare(b.number, 'fr', { numeric: true }));
