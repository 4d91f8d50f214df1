import {
  SIGNALEMENT_PLACE_LABELS,
  type SignalementDetail,
  type SignalementEvent,
  type SignalementPlace,
  type SignalementStatus,
  type SignalementSummary,
  type SignalementVisibility,
} from '@tantieme/contract';
import { sizeKey } from '../../platform/image-keys.js';
import type { StorageAdapter } from '../../platform/storage.js';
import type { EventRow, SignalementRow } from './signalements.repo.js';

export type ListRow = { s: SignalementRow; lot_number: string | null; lot_name: string | null };

/** 'Ascenseur', or the lot as the co-owner knows it: 'Lot 12 · Appartement T3'. */
export function placeLabel(r: ListRow) {
  if (r.s.place === 'LOT')
    return r.lot_number ? `Lot ${r.lot_number} · ${r.lot_name ?? ''}`.trim() : 'Lot privatif';
  return SIGNALEMENT_PLACE_LABELS[r.s.place as SignalementPlace] ?? r.s.place;
}

/** Signed URLs of a photo's sizes (an hour, like every other file link). */
export async function photoUrls(storage: StorageAdapter, key: string) {
  const [small, medium] = await Promise.all(
    (['small', 'medium'] as const).map((size) => storage.signedGetUrl(sizeKey(key, size) ?? key)),
  );
  return { small, medium };
}

export async function presentSummary(
  storage: StorageAdapter,
  r: ListRow & { mine?: boolean },
  recordId: string,
): Promise<SignalementSummary> {
  const { s } = r;
  return {
    id: s.id,
    title: s.title,
    place: s.place as SignalementPlace,
    place_label: placeLabel(r),
    visibility: s.visibility as SignalementVisibility,
    status: s.status as SignalementStatus,
    planned_on: s.planned_on,
    supporters: s.supporters,
    is_mine: s.author_id === recordId,
    supported_by_me: !!r.mine,
    photo: s.photos[0] ? await photoUrls(storage, s.photos[0]) : null,
    created_at: s.created_at.toISOString(),
    updated_at: s.updated_at.toISOString(),
  };
}

/** The timeline: the report's filing, then every answer and move, oldest first. */
export function presentEvents(s: SignalementRow, author: string, events: EventRow[]): SignalementEvent[] {
  return [
    {
      id: s.id,
      kind: 'CREATED',
      status: 'NOUVEAU',
      planned_on: null,
      text: null,
      author,
      by: 'coproprietaire',
      at: s.created_at.toISOString(),
    },
    ...events.map(
      (e): SignalementEvent => ({
        id: e.id,
        kind: e.kind as 'COMMENT' | 'STATUS',
        status: (e.status as SignalementStatus | null) ?? null,
        planned_on: e.planned_on,
        text: e.text,
        author: e.author_name,
        by: e.by as 'syndic' | 'coproprietaire',
        at: e.created_at.toISOString(),
      }),
    ),
  ];
}

export async function presentDetail(
  storage: StorageAdapter,
  r: ListRow,
  v: {
    recordId: string;
    council: boolean;
    author: string;
    supporters: { id: string; name: string }[];
    events: EventRow[];
  },
): Promise<SignalementDetail> {
  const { s } = r;
  const supported = v.supporters.some((x) => x.id === v.recordId);
  const summary = await presentSummary(storage, { ...r, mine: supported }, v.recordId);
  return {
    ...summary,
    description: s.description,
    author: v.author,
    photos: await Promise.all(s.photos.map((k) => photoUrls(storage, k))),
    supporter_names: v.supporters.map((x) => x.name),
    carnet_travaux:
      s.carnet_travaux_ref && s.carnet_travaux_label
        ? { ref: s.carnet_travaux_ref, label: s.carnet_travaux_label }
        : null,
    can_comment: s.author_id === v.recordId || supported || v.council,
    events: presentEvents(s, v.author, v.events),
  };
}
