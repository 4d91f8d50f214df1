import { type Executor, resolveExternalIds } from '../kit/index.js';

/** Resource names of the portfolio in the refs table and the audit log. */
export const R = {
  administrator: 'administrator',
  copropriete: 'copropriete',
  lot: 'lot',
  repartition: 'repartition',
  coproprietaire: 'coproprietaire',
} as const;

/** external_id → id of the syndic's copropriétés, lots… (absent = unknown to this syndic). */
export const resolve = (db: Executor, syndicId: string, resource: string, ext: string[]) =>
  resolveExternalIds(db, syndicId, resource, ext);

/** A reference the item's check already found: a missing one is a bug, not a 400. */
export const need = (m: Map<string, string>, ext: string) => {
  const id = m.get(ext);
  if (!id) throw new Error(`unresolved external id ${ext}`);
  return id;
};
