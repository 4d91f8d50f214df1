import * as agRepo from '../assemblees.repo.js';
import { issueMinutes, type StoredMinute } from '../minutes.service.js';
import { type SyndicApiContext, writeAudit } from '../../syndic-api/kit/index.js';
import { AG } from './assemblees.repo.js';
import { assembleeOf, type Deps } from './common.js';

/**
 * The procès-verbal and the attendance sheet of a closed assembly, made from the register and stored
 * once, under the assembly's row lock (two calls at once make one pair of files). Audited when made.
 */
export async function issueDocuments(deps: Deps, api: SyndicApiContext, externalId: string) {
  const out = await deps.db.transaction(async (tx) => {
    const ag0 = await assembleeOf(tx, api, externalId);
    const ag = (await agRepo.lockAssemblee(tx, ag0.id))!;
    const made = await issueMinutes(tx, deps.storage, ag);
    if (made.result === 'created')
      await writeAudit(tx, api, [
        {
          action: 'updated',
          resource: AG,
          resourceId: ag.id,
          externalId,
          changes: {
            pv_file_id: { before: ag.pv_file_id, after: made.pv.file.id },
            feuille_file_id: { before: ag.feuille_file_id, after: made.feuille.file.id },
          },
        },
      ]);
    return made;
  });
  const act = async (m: StoredMinute) => ({
    file_id: m.file.id,
    name: m.file.name,
    size: m.file.size,
    sha256: m.sha256,
    url: await deps.storage.signedGetUrl(m.storage_key, 600, { download: m.file.name }),
  });
  return {
    result: out.result,
    proces_verbal: { ...(await act(out.pv)), sealed: out.pvSealed ? await act(out.pvSealed) : null },
    feuille_de_presence: {
      ...(await act(out.feuille)),
      sealed: out.feuilleSealed ? await act(out.feuilleSealed) : null,
    },
  };
}
