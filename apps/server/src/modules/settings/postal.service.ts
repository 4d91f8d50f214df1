import type { PostalRequestState } from '@tantieme/contract';
import type { Executor } from '../../db/client.js';
import type { PostalRequestAct } from '../../db/schema/index.js';
import * as repo from './postal.repo.js';

/**
 * Loi 1965 art. 42-1 as rewritten by loi 2024-322: notifications are electronic unless the co-owner
 * asks for the post, at any time and by any means giving a date certaine (décret 1967 art. 64-1).
 * A request is a dated row, withdrawn by dating it, never deleted: each convocation keeps the one
 * it went by post under.
 */

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function postalRequestState(
  db: Executor,
  coproprietaireId: string,
): Promise<PostalRequestState> {
  const rows = await repo.requestsOf(db, [coproprietaireId]);
  const history = rows.map((r) => ({
    received_at: r.received_at.toISOString(),
    made_by: r.made_by,
    withdrawn_at: iso(r.withdrawn_at),
    withdrawn_by: r.withdrawn_by ?? null,
  }));
  return { active: history.find((h) => h.withdrawn_at === null) ?? null, history };
}

/** Records a request received at `receivedAt` (now, from the settings); one in force is kept as is. */
export async function requestPost(
  db: Executor,
  coproprietaireId: string,
  act: PostalRequestAct,
  userId: string | null,
  receivedAt = new Date(),
) {
  if (!(await repo.findActive(db, coproprietaireId)))
    await repo.insertRequest(db, {
      coproprietaire_id: coproprietaireId,
      received_at: receivedAt,
      made_by: act,
      user_id: userId,
    });
  return postalRequestState(db, coproprietaireId);
}

/** Withdraws the request in force, from now: notifications are electronic again. */
export async function withdrawPost(
  db: Executor,
  coproprietaireId: string,
  act: PostalRequestAct,
  userId: string | null,
) {
  const active = await repo.findActive(db, coproprietaireId);
  if (active) await repo.withdraw(db, active.id, act, userId);
  return postalRequestState(db, coproprietaireId);
}

/** Every request of these records (in force or not), by record id: what the channel at a date needs. */
export async function postalRequestsOf(db: Executor, coproprietaireIds: string[]) {
  const rows = await repo.requestsOf(db, [...new Set(coproprietaireIds)]);
  const out = new Map<string, typeof rows>();
  for (const r of rows) out.set(r.coproprietaire_id, [...(out.get(r.coproprietaire_id) ?? []), r]);
  return out;
}

/** When each of these requests was received, by request id (kept after a withdrawal, as proof). */
export async function postalRequestsReceivedAt(db: Executor, ids: string[]) {
  const rows = await repo.findByIds(db, [...new Set(ids)]);
  return new Map(rows.map((r) => [r.id, r.received_at]));
}

/** Records a request for the post in the caller's transaction (the syndic API's and the console's entrances). */
export { recordIn as recordPostalRequestIn } from './postal.repo.js';
