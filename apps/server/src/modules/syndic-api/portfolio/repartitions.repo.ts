import type { RepartitionBody } from '@tantieme/contract';
import { and, eq } from 'drizzle-orm';
import { insertRows, updateRows } from '../../../db/bulk.js';
import { coproprietes, lotTantiemes, repartitions } from '../../../db/schema/index.js';
import { anyOf, type Executor, externalIdsOf, type UpdateRows } from '../kit/index.js';
import { need, R, resolve } from './portfolio.repo.js';

export async function loadRepartitions(db: Executor, syndicId: string, ids: string[]) {
  const rows = await db
    .select({ r: repartitions })
    .from(repartitions)
    .innerJoin(coproprietes, eq(coproprietes.id, repartitions.copropriete_id))
    .where(and(eq(coproprietes.syndic_id, syndicId), anyOf(repartitions.id, ids)));
  const tantiemes = rows.length
    ? await db
        .select()
        .from(lotTantiemes)
        .where(
          anyOf(
            lotTantiemes.repartition_id,
            rows.map((x) => x.r.id),
          ),
        )
    : [];
  const lotExt = await externalIdsOf(
    db,
    syndicId,
    R.lot,
    tantiemes.map((t) => t.lot_id),
  );
  const copros = await externalIdsOf(
    db,
    syndicId,
    R.copropriete,
    rows.map((x) => x.r.copropriete_id),
  );
  const byRep = new Map<string, { lot: string; tantieme: number }[]>();
  for (const t of tantiemes) {
    const lot = lotExt.get(t.lot_id);
    if (!lot) continue;
    const list = byRep.get(t.repartition_id);
    if (list) list.push({ lot, tantieme: t.tantieme });
    else byRep.set(t.repartition_id, [{ lot, tantieme: t.tantieme }]);
  }
  return new Map(
    rows.map(({ r }): [string, RepartitionBody] => [
      r.id,
      {
        copropriete: copros.get(r.copropriete_id) ?? '',
        code: r.code,
        name: r.name,
        total_tantieme: r.total_tantieme,
        kind: r.kind,
        tantiemes: (byRep.get(r.id) ?? []).sort((a, b) => a.lot.localeCompare(b.lot)),
      },
    ]),
  );
}

/** The tantièmes of many répartitions at once: three statements whatever their number. */
async function setTantiemes(
  db: Executor,
  syndicId: string,
  rows: { id: string; tantiemes: RepartitionBody['tantiemes'] }[],
) {
  if (rows.length === 0) return;
  await db.delete(lotTantiemes).where(
    anyOf(
      lotTantiemes.repartition_id,
      rows.map((r) => r.id),
    ),
  );
  const lotIds = await resolve(
    db,
    syndicId,
    R.lot,
    rows.flatMap((r) => r.tantiemes.map((t) => t.lot)),
  );
  await insertRows(
    db,
    lotTantiemes,
    rows.flatMap((r) =>
      r.tantiemes.map((t) => ({ repartition_id: r.id, lot_id: need(lotIds, t.lot), tantieme: t.tantieme })),
    ),
  );
}

export async function insertRepartitions(
  db: Executor,
  syndicId: string,
  rows: { id: string; data: RepartitionBody }[],
) {
  const copros = await resolve(
    db,
    syndicId,
    R.copropriete,
    rows.map((r) => r.data.copropriete),
  );
  await insertRows(
    db,
    repartitions,
    rows.map(({ id, data }) => ({
      id,
      copropriete_id: need(copros, data.copropriete),
      code: data.code,
      name: data.name,
      total_tantieme: data.total_tantieme,
      kind: data.kind,
    })),
  );
  await setTantiemes(
    db,
    syndicId,
    rows.map((r) => ({ id: r.id, tantiemes: r.data.tantiemes })),
  );
}

/** Changed répartitions in one statement; the tantièmes rewritten only where they changed. */
export async function updateRepartitions(db: Executor, syndicId: string, rows: UpdateRows<RepartitionBody>) {
  await updateRows(
    db,
    repartitions,
    rows.map(({ id, data: d }) => ({
      id,
      code: d.code,
      name: d.name,
      total_tantieme: d.total_tantieme,
      kind: d.kind,
    })),
  );
  await setTantiemes(
    db,
    syndicId,
    rows
      .filter((r) => JSON.stringify(r.data.tantiemes) !== JSON.stringify(r.before.tantiemes))
      .map((r) => ({ id: r.id, tantiemes: r.data.tantiemes })),
  );
}
