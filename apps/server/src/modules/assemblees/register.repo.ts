import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  assembleeHeads,
  assemblees,
  coproprietaires,
  coproprietes,
  repartitions,
} from '../../db/schema/index.js';
import type { Tx } from './assemblees.repo.js';

type Q = Db | Tx;
export type HeadRow = typeof assembleeHeads.$inferSelect;

/** The assembly with its building's name, when it belongs to that building (else undefined: a 404). */
export async function findInCopropriete(db: Q, assembleeId: string, coproprieteId: string) {
  const [row] = await db
    .select({ assemblee: assemblees, copr_name: coproprietes.name })
    .from(assemblees)
    .innerJoin(coproprietes, eq(coproprietes.id, assemblees.copropriete_id))
    .where(and(eq(assemblees.id, assembleeId), eq(assemblees.copropriete_id, coproprieteId)))
    .limit(1);
  return row;
}

export async function findRepartition(db: Q, id: string | null) {
  if (!id) return undefined;
  const [row] = await db.select().from(repartitions).where(eq(repartitions.id, id)).limit(1);
  return row;
}

export async function insertHead(tx: Q, v: typeof assembleeHeads.$inferInsert) {
  const [row] = await tx.insert(assembleeHeads).values(v).returning();
  return row;
}

export function listHeads(db: Q, assembleeId: string) {
  return db
    .select()
    .from(assembleeHeads)
    .where(eq(assembleeHeads.assemblee_id, assembleeId))
    .orderBy(asc(assembleeHeads.signed_at), asc(assembleeHeads.count));
}

/** Every co-owner record of the building (the syndicat's members, convened or not). */
export function listCoproprietaires(db: Q, coproprieteId: string) {
  return db
    .select({ id: coproprietaires.id, name: coproprietaires.display_name })
    .from(coproprietaires)
    .where(eq(coproprietaires.copropriete_id, coproprieteId))
    .orderBy(asc(coproprietaires.display_name));
}
