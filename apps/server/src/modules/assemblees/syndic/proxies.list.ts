import type { Db } from '../../../db/client.js';
import * as agRepo from '../assemblees.repo.js';
import { proxiesFromRegister } from '../proxies.register.js';
import { externalIdsOf, type SyndicApiContext } from '../../syndic-api/kit/index.js';
import { REF } from './assemblees.repo.js';
import { assembleeOf, iso } from './common.js';

/**
 * The proxies of an assembly from its register (loi art. 22 I): given online by the co-owner or
 * entered by the syndic at the meeting, active or withdrawn, with an online proxy's instructions.
 */
export async function listProxies(db: Db, api: SyndicApiContext, externalId: string) {
  const ag = await assembleeOf(db, api, externalId);
  const [proxies, resolutions] = await Promise.all([
    proxiesFromRegister(db, ag.id),
    agRepo.listResolutions(db, ag.id),
  ]);
  const ids = proxies.flatMap((p) => [
    p.mandant_id,
    ...(p.mandataire.coproprietaire_id ? [p.mandataire.coproprietaire_id] : []),
  ]);
  const ext = await externalIdsOf(db, api.syndicId, REF.coproprietaire, [...new Set(ids)]);
  const resExt = new Map(resolutions.map(({ resolution: r }) => [r.id, r.external_id ?? null]));
  return proxies.map((p) => ({
    origin: p.origin,
    status: p.status,
    mandant: { id: p.mandant_id, external_id: ext.get(p.mandant_id) ?? null, name: p.mandant_name },
    mandataire: {
      name: p.mandataire.name,
      coproprietaire: p.mandataire.coproprietaire_id
        ? {
            id: p.mandataire.coproprietaire_id,
            external_id: ext.get(p.mandataire.coproprietaire_id) ?? null,
          }
        : null,
    },
    instructions: p.instructions.map((i) => ({
      resolution: resExt.get(i.resolution_id) ?? null,
      number: i.number,
      vote: i.vote,
    })),
    given_at: p.given_at.toISOString(),
    withdrawn_at: iso(p.withdrawn_at),
    record: p.record,
    document_sha256: p.document_sha256,
    accepted_at: iso(p.accepted_at),
  }));
}
