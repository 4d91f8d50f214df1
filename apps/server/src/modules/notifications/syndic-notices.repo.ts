import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { coproprietaires, coproprietes, syndics } from '../../db/schema/index.js';

/** Every record of a copropriété (or of all the syndic's), with the inputs of the §6 scope rules. */
export function recordsWithScope(
  db: Executor,
  where: { coproprieteId: string } | { syndicId: string } | { coproprietaireId: string },
) {
  return db
    .select({
      id: coproprietaires.id,
      is_member_syndicat: coproprietaires.is_member_syndicat,
      is_president: coproprietaires.is_president,
      permissions: coproprietaires.permissions,
      copro_settings: coproprietes.settings,
    })
    .from(coproprietaires)
    .innerJoin(coproprietes, eq(coproprietes.id, coproprietaires.copropriete_id))
    .where(
      'coproprietaireId' in where
        ? eq(coproprietaires.id, where.coproprietaireId)
        : 'coproprieteId' in where
          ? eq(coproprietaires.copropriete_id, where.coproprieteId)
          : eq(coproprietes.syndic_id, where.syndicId),
    );
}

export async function syndicName(db: Executor, syndicId: string) {
  const [row] = await db.select({ name: syndics.name }).from(syndics).where(eq(syndics.id, syndicId));
  return row?.name ?? null;
}
