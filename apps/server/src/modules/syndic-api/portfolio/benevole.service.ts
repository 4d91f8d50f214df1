import type { SyndicBenevoleState } from '@tantieme/contract';
import { and, eq } from 'drizzle-orm';
import type { Db, Executor } from '../../../db/client.js';
import { coproprietaires, coproprietes } from '../../../db/schema/index.js';
import { AppError } from '../../../http/errors.js';
import { adoptExternalIds, requireExternalId, type SyndicApiContext, writeAudit } from '../kit/index.js';

async function ownerOfUser(tx: Executor, coproId: string, userId: string | null) {
  if (!userId) return null;
  const [o] = await tx
    .select({ id: coproprietaires.id, name: coproprietaires.display_name })
    .from(coproprietaires)
    .where(and(eq(coproprietaires.copropriete_id, coproId), eq(coproprietaires.user_id, userId)))
    .limit(1);
  return o ?? null;
}

async function stateOf(tx: Executor, api: SyndicApiContext, coproId: string, userId: string | null) {
  const owner = await ownerOfUser(tx, coproId, userId);
  const copro = (await adoptExternalIds(tx, api.syndicId, 'copropriete', [coproId])).get(coproId)!;
  const ext = owner
    ? (await adoptExternalIds(tx, api.syndicId, 'coproprietaire', [owner.id])).get(owner.id)!
    : null;
  return { copropriete: copro, coproprietaire: ext, display_name: owner?.name ?? null };
}

/**
 * Names a co-owner of the building its volunteer syndic (loi 1965 art. 17-2), or ends the mandate
 * (`ownerId` null): the console guard reads `syndic_benevole_user_id` on every request, so the
 * console opens or closes at once. One audit line on the building; nothing when unchanged.
 */
export async function setBenevole(
  db: Db,
  api: SyndicApiContext,
  coproId: string,
  ownerId: string | null,
): Promise<SyndicBenevoleState> {
  return db.transaction(async (tx) => {
    const [copro] = await tx
      .select({ id: coproprietes.id, user: coproprietes.syndic_benevole_user_id })
      .from(coproprietes)
      .where(and(eq(coproprietes.id, coproId), eq(coproprietes.syndic_id, api.syndicId)))
      .limit(1)
      .for('update');
    if (!copro) throw new AppError('NOT_FOUND');
    let userId: string | null = null;
    if (ownerId) {
      const [o] = await tx
        .select()
        .from(coproprietaires)
        .where(and(eq(coproprietaires.id, ownerId), eq(coproprietaires.copropriete_id, coproId)))
        .limit(1);
      if (!o) throw new AppError('NOT_FOUND');
      if (o.removed_at || o.anonymised_at)
        throw new AppError(
          'CONFLICT',
          'Ce copropriétaire a été retiré de la copropriété\u202f: il ne peut pas en être le syndic.',
        );
      if (!o.user_id)
        throw new AppError(
          'CONFLICT',
          "Ce copropriétaire n'a pas encore de compte\u202f: invitez-le, puis nommez-le une fois l'invitation acceptée.",
        );
      userId = o.user_id;
    }
    const before = await stateOf(tx, api, coproId, copro.user);
    if (copro.user === userId) return before;
    await tx
      .update(coproprietes)
      .set({ syndic_benevole_user_id: userId })
      .where(eq(coproprietes.id, coproId));
    const after = await stateOf(tx, api, coproId, userId);
    await writeAudit(tx, api, [
      {
        action: 'updated',
        resource: 'copropriete',
        resourceId: coproId,
        externalId: after.copropriete,
        changes: { syndic_benevole: { before: before.coproprietaire, after: after.coproprietaire } },
      },
    ]);
    return after;
  });
}

/** The API's entrance: the building and the co-owner by the syndic's external ids (unknown: 404). */
export async function setBenevoleByExternalIds(
  db: Db,
  api: SyndicApiContext,
  coproExt: string,
  ownerExt: string | null,
) {
  const coproId = await requireExternalId(db, api.syndicId, 'copropriete', coproExt);
  const ownerId = ownerExt ? await requireExternalId(db, api.syndicId, 'coproprietaire', ownerExt) : null;
  return setBenevole(db, api, coproId, ownerId);
}
