import type { z } from 'zod';
import type { syndicSignalementResource, SignalementStatus, SignalementVisibility } from '@tantieme/contract';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import { sizeKey } from '../../../platform/image-keys.js';
import type { StorageAdapter } from '../../../platform/storage.js';
import type { SignalementsDeps } from '../../signalements/deps.js';
import { placeLabel, presentEvents } from '../../signalements/signalements.presenter.js';
import * as moves from '../../signalements/syndic.service.js';
import { decodeCursor, externalIdsOf, pageOf, type SyndicApiContext, writeAudit } from '../kit/index.js';
import * as repo from './signalements.repo.js';

type Resource = z.output<typeof syndicSignalementResource>;
type Row = NonNullable<Awaited<ReturnType<typeof repo.oneSignalement>>>;

/** The reports as the syndic API answers them, co-owners, buildings and lots named by their external_ids. */
async function present(db: Db, storage: StorageAdapter, syndicId: string, rows: Row[]): Promise<Resource[]> {
  const ids = rows.map((r) => r.s.id);
  const [events, copros, owners, lots] = await Promise.all([
    repo.eventsOfMany(db, ids),
    externalIdsOf(
      db,
      syndicId,
      'copropriete',
      rows.map((r) => r.s.copropriete_id),
    ),
    externalIdsOf(
      db,
      syndicId,
      'coproprietaire',
      rows.map((r) => r.s.author_id),
    ),
    externalIdsOf(
      db,
      syndicId,
      'lot',
      rows.flatMap((r) => (r.s.lot_id ? [r.s.lot_id] : [])),
    ),
  ]);
  return Promise.all(
    rows.map(async (r) => {
      const { s } = r;
      return {
        id: s.id,
        copropriete: { id: s.copropriete_id, external_id: copros.get(s.copropriete_id) ?? null },
        coproprietaire: { id: s.author_id, external_id: owners.get(s.author_id) ?? null },
        title: s.title,
        place: s.place as Resource['place'],
        place_label: placeLabel(r),
        lot: s.lot_id ? { id: s.lot_id, external_id: lots.get(s.lot_id) ?? null } : null,
        description: s.description,
        visibility: s.visibility as SignalementVisibility,
        status: s.status as SignalementStatus,
        planned_on: s.planned_on,
        supporters: s.supporters,
        photos: await Promise.all(s.photos.map((k) => storage.signedGetUrl(sizeKey(k, 'large') ?? k))),
        carnet_travaux:
          s.carnet_travaux_ref && s.carnet_travaux_label
            ? { ref: s.carnet_travaux_ref, label: s.carnet_travaux_label }
            : null,
        events: presentEvents(
          s,
          r.author,
          events.filter((e) => e.signalement_id === s.id),
        ),
        created_at: s.created_at.toISOString(),
        updated_at: s.updated_at.toISOString(),
      };
    }),
  );
}

export async function list(
  deps: SignalementsDeps,
  api: SyndicApiContext,
  q: { limit: number; cursor?: string; updated_since?: string; status?: string },
) {
  const after = decodeCursor(q.cursor, 2);
  const rows = await repo.pageOfSignalements(deps.db, api.syndicId, {
    limit: q.limit,
    after,
    since: q.updated_since,
    status: q.status,
  });
  const page = pageOf(rows, q.limit, (r) => [r.at, r.s.id]);
  return {
    items: await present(deps.db, deps.storage, api.syndicId, page.items),
    // A report is never deleted (closed or anonymised, it is changed): no tombstone.
    deleted: [],
    next_cursor: page.next_cursor,
  };
}

export async function get(deps: SignalementsDeps, api: SyndicApiContext, id: string) {
  const row = await repo.oneSignalement(deps.db, api.syndicId, id);
  if (!row) throw new AppError('NOT_FOUND');
  const [out] = await present(deps.db, deps.storage, api.syndicId, [row]);
  return out;
}

const auditOf =
  (api: SyndicApiContext, id: string): moves.AuditHook =>
  (tx, changes) =>
    writeAudit(tx, api, [{ action: 'updated', resource: 'signalement', resourceId: id, changes }]);

async function syndicOf(deps: SignalementsDeps, api: SyndicApiContext) {
  return { id: api.syndicId, name: (await repo.syndicName(deps.db, api.syndicId)) || api.syndicAlias };
}

export async function comment(
  deps: SignalementsDeps,
  api: SyndicApiContext,
  id: string,
  body: { text: string; author_name: string },
) {
  await moves.answer(deps, await syndicOf(deps, api), id, body, auditOf(api, id));
  return get(deps, api, id);
}

export async function move(deps: SignalementsDeps, api: SyndicApiContext, id: string, body: moves.MoveBody) {
  const result = await moves.move(deps, await syndicOf(deps, api), id, body, auditOf(api, id));
  return { result, resource: await get(deps, api, id) };
}
