import type { Db } from '../../../db/client.js';
import type { NotifyDeps } from '../../notifications/notify.js';
import { progress, submit, type VerificationDeps } from '../../verification/verification.service.js';
import { requireExternalId, type SyndicApiContext, writeAudit } from '../kit/index.js';

/** The council's verification of a copropriété's accounts, read by the syndic. */
export async function verificationState(db: Db, api: SyndicApiContext, externalId: string) {
  const coproId = await requireExternalId(db, api.syndicId, 'copropriete', externalId);
  return progress(db, coproId);
}

/** Submits the year's accounts to the council (notified once; audited). */
export async function submitVerification(
  deps: VerificationDeps & { notify: NotifyDeps },
  api: SyndicApiContext,
  externalId: string,
) {
  const coproId = await requireExternalId(deps.db, api.syndicId, 'copropriete', externalId);
  const out = await submit(deps, coproId, (tx, before) =>
    writeAudit(tx, api, [
      {
        action: 'updated',
        resource: 'verification',
        resourceId: coproId,
        externalId,
        changes: {
          syndic_submit: { before: before.syndic_submit, after: 1 },
          ...(before.syndicat_finish
            ? { syndicat_finish: { before: before.syndicat_finish, after: 0 } }
            : {}),
        },
      },
    ]),
  );
  return { result: out.result, notified: out.notified, state: await progress(deps.db, coproId) };
}
