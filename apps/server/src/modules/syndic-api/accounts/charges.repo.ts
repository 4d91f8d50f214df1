import type { ChargeBody } from '@tantieme/contract';
import { and, eq } from 'drizzle-orm';
import { insertRows, updateRows } from '../../../db/bulk.js';
import { charges, coproprietes } from '../../../db/schema/index.js';
import { anyOf, type Executor } from '../kit/index.js';
import { A, exts, ids, need } from './accounts.repo.js';

export async function loadCharges(db: Executor, syndicId: string, chargeIds: string[]) {
  const rows = await db
    .select({ c: charges })
    .from(charges)
    .innerJoin(coproprietes, eq(coproprietes.id, charges.copropriete_id))
    .where(and(eq(coproprietes.syndic_id, syndicId), anyOf(charges.id, chargeIds)));
  const copros = await exts(
    db,
    syndicId,
    A.copropriete,
    rows.map((r) => r.c.copropriete_id),
  );
  const reps = await exts(
    db,
    syndicId,
    A.repartition,
    rows.map((r) => r.c.repartition_id),
  );
  return new Map(
    rows.map(({ c }): [string, ChargeBody] => [
      c.id,
      {
        copropriete: copros.get(c.copropriete_id) ?? '',
        repartition: reps.get(c.repartition_id) ?? '',
        code: c.code,
        name: c.name,
        charge_type: c.charge_type as 1 | 2 | 3,
      },
    ]),
  );
}

export async function insertCharges(
  db: Executor,
  syndicId: string,
  rows: { id: string; data: ChargeBody }[],
) {
  const copros = await ids(
    db,
    syndicId,
    A.copropriete,
    rows.map((r) => r.data.copropriete),
  );
  const reps = await ids(
    db,
    syndicId,
    A.repartition,
    rows.map((r) => r.data.repartition),
  );
  await insertRows(
    db,
    charges,
    rows.map(({ id, data }) => ({
      id,
      copropriete_id: need(copros, data.copropriete),
      repartition_id: need(reps, data.repartition),
      code: data.code,
      name: data.name,
      charge_type: data.charge_type,
    })),
  );
}

/** Changed charges in one statement (a charge keeps its building: checked before). */
export async function updateCharges(
  db: Executor,
  syndicId: string,
  rows: { id: string; data: ChargeBody }[],
) {
  const reps = await ids(
    db,
    syndicId,
    A.repartition,
    rows.map((r) => r.data.repartition),
  );
  await updateRows(
    db,
    charges,
    rows.map(({ id, data: d }) => ({
      id,
      repartition_id: need(reps, d.repartition),
      code: d.code,
      name: d.name,
      charge_type: d.charge_type,
    })),
  );
}
