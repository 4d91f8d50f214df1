import { and, asc, eq, isNull } from 'drizzle-orm';
import { assembleeConvocations, coproprietaires } from '../../../db/schema/index.js';
import type { Executor } from '../../syndic-api/kit/index.js';

type Insert = typeof assembleeConvocations.$inferInsert;

export async function insertConvocation(tx: Executor, v: Insert) {
  await tx.insert(assembleeConvocations).values(v).onConflictDoNothing();
}

export async function updateConvocation(
  tx: Executor,
  agId: string,
  ownerId: string,
  v: Partial<Omit<Insert, 'assemblee_id' | 'coproprietaire_id'>>,
) {
  await tx
    .update(assembleeConvocations)
    .set(v)
    .where(
      and(eq(assembleeConvocations.assemblee_id, agId), eq(assembleeConvocations.coproprietaire_id, ownerId)),
    );
}

/** Every convocation of the assembly with the co-owner's name (its consent_id: the one relied on). */
export function listConvocations(db: Executor, agId: string) {
  return db
    .select({
      c: assembleeConvocations,
      name: coproprietaires.display_name,
    })
    .from(assembleeConvocations)
    .innerJoin(coproprietaires, eq(coproprietaires.id, assembleeConvocations.coproprietaire_id))
    .where(eq(assembleeConvocations.assemblee_id, agId))
    .orderBy(asc(coproprietaires.display_name), asc(coproprietaires.id));
}

/** The electronic letters of the assembly not deposited with the provider yet. */
export function undepositedLre(db: Executor, agId: string) {
  return db
    .select()
    .from(assembleeConvocations)
    .where(
      and(
        eq(assembleeConvocations.assemblee_id, agId),
        eq(assembleeConvocations.channel, 'lre'),
        isNull(assembleeConvocations.sending_id),
      ),
    );
}
