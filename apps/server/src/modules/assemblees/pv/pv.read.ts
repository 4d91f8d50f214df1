import { createHash } from 'node:crypto';
import {
  contestDeadline,
  type PvState,
  pvNotificationDeadline,
  pvNotificationLate,
  pvSignatureDeadline,
} from '@tantieme/contract';
import type { Db } from '../../../db/client.js';
import type { LreAdapter } from '../../../platform/lre/index.js';
import type { StorageAdapter } from '../../../platform/storage.js';
import * as agRepo from '../assemblees.repo.js';
import { assembleeOfCopro } from '../desk/desk.repo.js';
import { loadMinutesFacts } from '../minutes.service.js';
import { bureauOf, bureauSignatures, missingOf } from './bureau.js';
import { refreshPvPresentations } from './pv-deposit.js';
import { recipientsOf } from './pv-notify.service.js';
import * as pvRepo from './pv.repo.js';

const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;

/**
 * The PV after the meeting as the console shows it: the bureau with each member's signature, the
 * seal, and each opposant's and défaillant's notification with the last day to contest (the
 * provider asked first for the presentations it has not reported yet).
 */
export async function pvStateOf(
  db: Db,
  deps: { lre: LreAdapter; storage: StorageAdapter },
  coproId: string,
  assembleeId: string,
  now = new Date(),
): Promise<PvState> {
  await refreshPvPresentations(db, deps.lre, assembleeId).catch(() => undefined);
  const ag = await assembleeOfCopro(db, assembleeId, coproId);
  const records = await agRepo.listRecords(db, assembleeId);
  const [file] = ag!.pv_file_id ? await agRepo.findFiles(db, [ag!.pv_file_id]) : [];
  const sha = file
    ? createHash('sha256')
        .update(await deps.storage.get(file.storage_key))
        .digest('hex')
    : null;
  const bureau = bureauOf(records);
  const signed = bureau && sha ? bureauSignatures(records, bureau, sha) : new Map();
  const held = ag!.date_effectue ?? ag!.date;
  const closed = ag!.status_session === 2;
  const copro = await pvRepo.coproprieteOf(db, ag!.copropriete_id);
  const recipients =
    closed && ag!.general_repartition_id ? recipientsOf(await loadMinutesFacts(db, ag!, copro.name)) : [];
  const sent = new Map(
    (await pvRepo.notificationsOf(db, assembleeId)).map((r) => [r.n.coproprietaire_id, r]),
  );
  const last = records.at(-1);
  return {
    assemblee: {
      id: ag!.id,
      name: ag!.name,
      date: ag!.date.toISOString(),
      status_session: ag!.status_session,
    },
    pv: {
      made: !!file,
      sealed: !!ag!.pv_sealed_file_id,
      sha256: sha,
      head: last ? { seq: last.seq, digest: last.digest } : null,
    },
    signature_until: pvSignatureDeadline(held),
    notification_until: pvNotificationDeadline(held),
    bureau: (bureau?.members ?? []).map((m) => ({
      key: m.key,
      role: m.role,
      coproprietaire: m.coproprietaire_id,
      name: m.name,
      signed_at: signed.get(m.key)?.signed_at ?? null,
      seq: signed.get(m.key)?.seq ?? null,
    })),
    bureau_source: bureau ? 'desk' : 'none',
    missing: bureau ? (sha ? missingOf(records, bureau, sha) : bureau.members.map((m) => m.key)) : [],
    notifications: recipients.map((r) => {
      const n = sent.get(r.id)?.n;
      const first = n?.first_presented_at ?? null;
      return {
        coproprietaire: { id: r.id, name: r.name },
        opposant: r.opposant,
        defaillant: r.defaillant,
        channel: n?.channel ?? null,
        sent_at: iso(n?.sent_at),
        first_presented_at: iso(first),
        first_presentation_source: n?.first_presentation_source ?? null,
        contest_until: first ? contestDeadline(first) : null,
        late: pvNotificationLate(held, n?.sent_at ?? null, now),
        error: n?.error ?? null,
      };
    }),
  };
}
