import type { CoproprieteBody } from '@tantieme/contract';
import { and, asc, eq, type SQL } from 'drizzle-orm';
import { insertRows, updateRows } from '../../../db/bulk.js';
import type { Db } from '../../../db/client.js';
import { coproprietes, syndicExternalRefs } from '../../../db/schema/index.js';
import { anyOf, cursorWhere, type Executor } from '../kit/index.js';

export const COPROPRIETE = 'copropriete';

type Row = typeof coproprietes.$inferSelect;

/** The row as the API shows it (what a PUT stored reads back the same). */
export function toBody(r: Row): CoproprieteBody {
  const a = r.address ?? {};
  return {
    name: r.name,
    address: {
      full_address: a.full_address ?? '',
      street: a.street ?? null,
      zip_code: a.zip_code ?? null,
      city: a.city ?? null,
      country: a.country ?? null,
      latitude: a.latitude ?? null,
      longitude: a.longitude ?? null,
    },
    email: r.email,
    phone: r.phone,
    settings: (r.settings ?? {}) as CoproprieteBody['settings'],
    alur_cents: r.alur_cents,
    avance_cents: r.avance_cents,
    // Filled by the portfolio service from copropriete_administrators.
    administrators: [],
  };
}

export async function loadMany(db: Executor, syndicId: string, ids: string[]) {
  const rows = await db
    .select()
    .from(coproprietes)
    .where(and(eq(coproprietes.syndic_id, syndicId), anyOf(coproprietes.id, ids)));
  return new Map(rows.map((r) => [r.id, toBody(r)]));
}

/** The row's columns of a body (its gestionnaires are links, written apart). */
const columnsOf = ({ administrators: _links, ...data }: CoproprieteBody) => data;

export async function insertMany(
  db: Executor,
  syndicId: string,
  rows: { id: string; data: CoproprieteBody }[],
) {
  await insertRows(
    db,
    coproprietes,
    rows.map(({ id, data }) => ({ id, syndic_id: syndicId, ...columnsOf(data) })),
  );
}

/** Changed copropriétés in one statement, the syndic's own only. */
export async function updateMany(
  db: Executor,
  syndicId: string,
  rows: { id: string; data: CoproprieteBody }[],
) {
  await updateRows(
    db,
    coproprietes,
    rows.map(({ id, data }) => ({ id, ...columnsOf(data) })),
    { match: { syndic_id: syndicId } },
  );
}

/** The syndic's copropriétés that have an external_id, ordered by it (keyset pages). */
export async function listPage(db: Db, syndicId: string, limit: number, after: string | null) {
  const where: SQL[] = [
    eq(syndicExternalRefs.syndic_id, syndicId),
    eq(syndicExternalRefs.resource, COPROPRIETE),
  ];
  if (after) where.push(cursorWhere('asc', [[syndicExternalRefs.external_id, after, 'text']]));
  return db
    .select({ external_id: syndicExternalRefs.external_id, row: coproprietes })
    .from(syndicExternalRefs)
    .innerJoin(coproprietes, eq(coproprietes.id, syndicExternalRefs.internal_id))
    .where(and(...where))
    .orderBy(asc(syndicExternalRefs.external_id))
    .limit(limit + 1);
}
