import type { LotBody } from '@tantieme/contract';
import { and, eq } from 'drizzle-orm';
import { insertRows, updateRows } from '../../../db/bulk.js';
import { coproprietes, lots } from '../../../db/schema/index.js';
import { anyOf, type Executor, externalIdsOf } from '../kit/index.js';
import { need, R, resolve } from './portfolio.repo.js';

export async function loadLots(db: Executor, syndicId: string, ids: string[]) {
  const rows = await db
    .select({ lot: lots })
    .from(lots)
    .innerJoin(coproprietes, eq(coproprietes.id, lots.copropriete_id))
    .where(and(eq(coproprietes.syndic_id, syndicId), anyOf(lots.id, ids)));
  const copros = await externalIdsOf(
    db,
    syndicId,
    R.copropriete,
    rows.map((r) => r.lot.copropriete_id),
  );
  return new Map(
    rows.map(({ lot }): [string, LotBody] => [
      lot.id,
      {
        copropriete: copros.get(lot.copropriete_id) ?? '',
        number: lot.lot_id,
        name: lot.name,
        type_name: lot.type_name,
        floor: lot.floor,
      },
    ]),
  );
}

export async function insertLots(db: Executor, syndicId: string, rows: { id: string; data: LotBody }[]) {
  const copros = await resolve(
    db,
    syndicId,
    R.copropriete,
    rows.map((r) => r.data.copropriete),
  );
  await insertRows(
    db,
    lots,
    rows.map(({ id, data }) => ({
      id,
      copropriete_id: need(copros, data.copropriete),
      lot_id: data.number,
      name: data.name,
      type_name: data.type_name,
      floor: data.floor,
    })),
  );
}

/** Changed lots in one statement (a lot keeps its building: checked before). */
export async function updateLots(db: Executor, rows: { id: string; data: LotBody }[]) {
  await updateRows(
    db,
    lots,
    rows.map(({ id, data: d }) => ({
      id,
      lot_id: d.number,
      name: d.name,
      type_name: d.type_name,
      floor: d.floor,
    })),
  );
}

/** Lots of these copropriétés whose number is taken by another lot: (copro id, number) → lot id. */
export async function lotNumbersTaken(db: Executor, pairs: { coproId: string; number: string }[]) {
  if (pairs.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: lots.id, copropriete_id: lots.copropriete_id, lot_id: lots.lot_id })
    .from(lots)
    .where(
      and(
        anyOf(lots.copropriete_id, [...new Set(pairs.map((p) => p.coproId))]),
        anyOf(lots.lot_id, [...new Set(pairs.map((p) => p.number))], 'text'),
      ),
    );
  return new Map(rows.map((r) => [`${r.copropriete_id}|${r.lot_id}`, r.id]));
}

/** The copropriété of each lot id. */
export async function lotCopros(db: Executor, lotIds: string[]) {
  if (lotIds.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: lots.id, copropriete_id: lots.copropriete_id })
    .from(lots)
    .where(anyOf(lots.id, [...new Set(lotIds)]));
  return new Map(rows.map((r) => [r.id, r.copropriete_id]));
}
