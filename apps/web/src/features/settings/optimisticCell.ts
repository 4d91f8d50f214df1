import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * One cell of a cached read (a switch, a checkbox) changed by its own call: shown at once, rolled
 * back if the server refuses (SPEC §8: the failure only logged). Only that cell is rolled back or
 * taken from the answer: cells changed one after another have their calls in flight together,
 * and an earlier answer or refusal must not undo a later change.
 */
export function optimisticCell<T, V>(
  qc: QueryClient,
  key: QueryKey,
  cell: {
    /** `data` with v's cell set to v's value. */
    set: (data: T, v: V) => T;
    /** `data` with v's cell as it is in `from`. */
    copy: (data: T, from: T, v: V) => T;
  },
  what: string,
) {
  return {
    onMutate: async (v: V) => {
      await qc.cancelQueries({ queryKey: key });
      const previous = qc.getQueryData<T>(key);
      if (previous) qc.setQueryData<T>(key, cell.set(previous, v));
      return { previous };
    },
    onError: (err: unknown, v: V, ctx: { previous?: T } | undefined) => {
      console.error(`${what} update failed`, err);
      const previous = ctx?.previous;
      if (previous) qc.setQueryData<T>(key, (cur) => (cur ? cell.copy(cur, previous, v) : previous));
    },
    /** The answer's value of v's cell, the others as they are on screen. */
    answered: (data: T, v: V) => qc.setQueryData<T>(key, (cur) => (cur ? cell.copy(cur, data, v) : data)),
  };
}
