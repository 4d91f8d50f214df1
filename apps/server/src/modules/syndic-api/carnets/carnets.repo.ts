import type { CarnetEntretienStored } from '@tantieme/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { carnetsEntretien } from '../../../db/schema/index.js';
import { type Executor, externalIdsOf, type Tx } from '../kit/index.js';

export const COPRO = 'copropriete';
export const CARNET = 'carnet_entretien';

type Stored = Omit<CarnetEntretienStored, 'copropriete'>;
const columns = (d: CarnetEntretienStored): Stored => ({
  construction_year: d.construction_year,
  insurance_contracts: d.insurance_contracts,
  maintenance_contracts: d.maintenance_contracts,
  major_works: d.major_works,
  works_plan: d.works_plan,
  dtg_works: d.dtg_works,
});

/** The syndic's carnets by our id, as the API shows them (copropriété by its external_id). */
export async function loadCarnets(db: Executor, syndicId: string, ids: string[]) {
  const rows = await db
    .select()
    .from(carnetsEntretien)
    .where(and(eq(carnetsEntretien.syndic_id, syndicId), inArray(carnetsEntretien.id, ids)));
  const copros = await externalIdsOf(
    db,
    syndicId,
    COPRO,
    rows.map((r) => r.copropriete_id),
  );
  return new Map(
    // Contracts stored before their end date was required may lack it: shown back as stored.
    rows.map((r): [string, CarnetEntretienStored] => [
      r.id,
      {
        copropriete: copros.get(r.copropriete_id) ?? '',
        construction_year: r.construction_year,
        insurance_contracts: r.insurance_contracts,
        maintenance_contracts: r.maintenance_contracts,
        major_works: r.major_works,
        works_plan: r.works_plan ?? null,
        dtg_works: r.dtg_works as CarnetEntretienStored['dtg_works'],
      },
    ]),
  );
}

export async function insertCarnets(
  tx: Tx,
  syndicId: string,
  rows: { id: string; coproprieteId: string; data: CarnetEntretienStored }[],
) {
  await tx.insert(carnetsEntretien).values(
    rows.map((r) => ({
      id: r.id,
      syndic_id: syndicId,
      copropriete_id: r.coproprieteId,
      ...columns(r.data),
    })),
  );
}

export async function updateCarnet(tx: Tx, syndicId: string, id: string, data: CarnetEntretienStored) {
  await tx
    .update(carnetsEntretien)
    .set({ ...columns(data), updated_at: new Date() })
    .where(and(eq(carnetsEntretien.id, id), eq(carnetsEntretien.syndic_id, syndicId)));
}

/** copropriété id → the id of its carnet, for those that have one. */
export async function carnetsOfCopros(db: Executor, coproIds: string[]) {
  if (coproIds.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: carnetsEntretien.id, copropriete_id: carnetsEntretien.copropriete_id })
    .from(carnetsEntretien)
    .where(inArray(carnetsEntretien.copropriete_id, coproIds));
  return new Map(rows.map((r) => [r.copropriete_id, r.id]));
}
