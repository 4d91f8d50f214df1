import type { CoproprietaireSummary } from '@tantieme/contract';

/** Removal of a record from the app (SPEC §4 Remove co-owner account); built by the co-owner space feature. */
export function useRemoveCoproprietaire() {
  return (_rec: CoproprietaireSummary) => {};
}
