import type { OwnedRecord } from '../access/access.service.js';
import type { Db } from '../../db/client.js';
import { presentSummary } from './coproprietaire.presenter.js';
import * as repo from './coproprietaire.repo.js';

export async function listUserCoproprietaires(db: Db, userId: string) {
  const rows = await repo.listForUser(db, userId);
  const ags = await repo.availableAssemblies(
    db,
    rows.map((r) => r.coproprietaire.id),
  );
  const counts = await repo.unreadNotificationCounts(db, userId);
  return rows.map((r) =>
    presentSummary(r, {
      ags: ags.filter((a) => a.coproprietaire_id === r.coproprietaire.id),
      unread: counts.find((c) => c.coproprietaire_id === r.coproprietaire.id)?.n ?? 0,
    }),
  );
}

/** One record already cleared by the access guard (e.g. the syndic preview's record). */
export async function getCoproprietaireSummary(db: Db, row: OwnedRecord) {
  const ags = await repo.availableAssemblies(db, [row.coproprietaire.id]);
  return presentSummary(row, { ags, unread: 0 });
}
