import type { Db } from '../../../db/client.js';
import { type LreAdapter, LreUnavailableError } from '../../../platform/lre/index.js';
import type { StorageAdapter } from '../../../platform/storage.js';
import * as agRepo from '../assemblees.repo.js';
import * as pvRepo from './pv.repo.js';

type DepositDeps = { db: Db; lre: LreAdapter; storage: StorageAdapter };

/**
 * Deposits with the LRE provider each electronic notification of the PV not deposited yet, the
 * sealed PV attached: run by the outbox's `lre-deposit` kind beside the convocations' (no network
 * call inside a transaction), retried with its back-off. A letter deposited is never sent again; a
 * failure is kept on its row. Returns how many failed.
 */
export async function depositPvLetters(deps: DepositDeps, assembleeId: string) {
  const pending = await pvRepo.undepositedPvLre(deps.db, assembleeId);
  if (!pending.length) return 0;
  let failed = 0;
  let unavailable = false;
  const bytes = new Map<string, Buffer>();
  for (const { n, owner } of pending) {
    if (!n.recipient) continue;
    if (unavailable) {
      failed += 1;
      continue;
    }
    try {
      const [file] = n.pv_file_id ? await agRepo.findFiles(deps.db, [n.pv_file_id]) : [];
      if (file && !bytes.has(file.id)) bytes.set(file.id, await deps.storage.get(file.storage_key));
      const letter = await pvRepo.letterOf(deps.db, n.communication_id);
      const dep = await deps.lre.send({
        reference: `${assembleeId}/pv/${owner.id}`,
        to: {
          email: n.recipient,
          first_name: owner.first_name,
          last_name: owner.last_name ?? owner.display_name,
          company: owner.company,
        },
        subject: letter?.subject ?? 'Notification du procès-verbal',
        content: letter?.content ?? '',
        attachment: file
          ? { name: file.name, content_type: file.content_type, data: bytes.get(file.id)! }
          : null,
      });
      await pvRepo.updateNotification(deps.db, assembleeId, owner.id, {
        provider: dep.provider,
        sending_id: dep.sending_id,
        sent_at: dep.sent_at,
        proof: { ...(n.proof ?? {}), deposit: dep.proof },
        error: null,
      });
    } catch (e) {
      failed += 1;
      unavailable = e instanceof LreUnavailableError;
      await pvRepo.updateNotification(deps.db, assembleeId, owner.id, {
        error: e instanceof Error ? e.message.slice(0, 500) : String(e),
      });
    }
  }
  return failed;
}

/**
 * Asks the provider for the first presentation of each PV letter deposited and not presented
 * yet, and keeps its answer as proof: the two months to contest run from it. One that does not
 * answer leaves the row as it was.
 */
export async function refreshPvPresentations(db: Db, lre: LreAdapter, assembleeId: string) {
  const rows = await pvRepo.notificationsOf(db, assembleeId);
  for (const { n } of rows) {
    if (n.channel !== 'lre' || !n.sending_id || n.first_presented_at || n.provider !== lre.kind) continue;
    const state = await lre.state(n.sending_id).catch(() => null);
    if (!state?.first_presented_at) continue;
    await pvRepo.updateNotification(db, assembleeId, n.coproprietaire_id, {
      first_presented_at: state.first_presented_at,
      first_presentation_source: 'provider',
      proof: { ...(n.proof ?? {}), presentation: state.proof },
    });
  }
}
