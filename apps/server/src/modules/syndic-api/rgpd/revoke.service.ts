import { INVITATION_STATUS_REVOKED, INVITATION_STATUS_USED } from '@tantieme/contract';
import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { coproprietaires, coproprietes, invitations } from '../../../db/schema/index.js';
import { AppError } from '../../../http/errors.js';
import { presentInvitation } from '../access/access.service.js';
import { externalIdsOf, type SyndicApiContext, writeAudit } from '../kit/index.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Revokes one invitation, named by its id or the syndic's external_id: its code stops working at
 * once. A used invitation cannot be revoked (remove the co-owner instead); revoking twice
 * changes nothing. An external_id the syndic gave to invitations of two co-owners is a 409.
 */
export async function revokeInvitation(db: Db, api: SyndicApiContext, key: string) {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ i: invitations })
      .from(invitations)
      .innerJoin(coproprietaires, eq(coproprietaires.id, invitations.coproprietaire_id))
      .innerJoin(coproprietes, eq(coproprietes.id, coproprietaires.copropriete_id))
      .where(
        and(
          eq(coproprietes.syndic_id, api.syndicId),
          UUID.test(key)
            ? or(eq(invitations.id, key), eq(invitations.external_id, key))
            : eq(invitations.external_id, key),
        ),
      )
      .limit(2)
      .for('update', { of: invitations });
    if (rows.length === 0) throw new AppError('NOT_FOUND');
    if (rows.length > 1)
      throw new AppError(
        'CONFLICT',
        'Plusieurs invitations portent cet external_id : révoquez-la par son id (GET /syndic/v1/coproprietaires/{external_id}/invitations).',
      );
    const inv = rows[0].i;
    if (inv.status === INVITATION_STATUS_REVOKED) return presentInvitation(inv);
    if (inv.status === INVITATION_STATUS_USED)
      throw new AppError(
        'CONFLICT',
        'Cette invitation a déjà servi : retirez le copropriétaire pour lui retirer son accès.',
      );
    const [done] = await tx
      .update(invitations)
      .set({ status: INVITATION_STATUS_REVOKED })
      .where(and(eq(invitations.id, inv.id), sql`${invitations.status} <> ${INVITATION_STATUS_USED}`))
      .returning();
    const owner = (await externalIdsOf(tx, api.syndicId, 'coproprietaire', [inv.coproprietaire_id])).get(
      inv.coproprietaire_id,
    );
    await writeAudit(tx, api, [
      {
        action: 'revoked',
        resource: 'invitation',
        resourceId: inv.id,
        externalId: owner ?? null,
        changes: { status: { before: 'pending', after: 'revoked' } },
      },
    ]);
    return presentInvitation(done);
  });
}
