import type * as s from '../../src/db/schema/index.js';
import { type Given, type LinkOf, newRowId, type RowOf } from './kit.js';

/** A building's structure around its lots: who owns which, the shares, the maintenance book. */

export type RepartitionRow = RowOf<typeof s.repartitions>;
export type LotTantiemeRow = LinkOf<typeof s.lotTantiemes>;
export type CoproprietaireLotRow = LinkOf<typeof s.coproprietaireLots>;
export type CarnetEntretienRow = RowOf<typeof s.carnetsEntretien>;

/** The general charges' key (10 000 tantièmes) unless told. */
export const repartitionRow = (v: Given<RepartitionRow, 'copropriete_id'>): RepartitionRow => ({
  id: newRowId(),
  code: 'CG',
  name: 'Charges générales',
  total_tantieme: 10_000,
  ...v,
});

export const lotTantiemeRow = (v: LotTantiemeRow): LotTantiemeRow => ({ ...v });

export const coproprietaireLotRow = (v: CoproprietaireLotRow): CoproprietaireLotRow => ({ ...v });

export const carnetEntretienRow = (
  v: Given<CarnetEntretienRow, 'syndic_id' | 'copropriete_id'>,
): CarnetEntretienRow => ({ id: newRowId(), ...v });
