import {
  CONVOCATION_DAYS,
  type ConsoleMe,
  consoleActionsOf,
  type consoleEndpoints,
  type DataOf,
} from '@tantieme/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import type { ConsoleActor } from '../access/console.guard.js';
import { missingDocumentCounts } from '../documents/checklist.service.js';
import { shown } from '../syndic-api/kit/index.js';
import * as repo from './console.repo.js';
import { buildingCounts } from './portfolio.repo.js';

type AddressLike = { full_address?: string | null; city?: string | null } | null;
const fullAddress = (a: AddressLike) => a?.full_address ?? '';

/** The buildings within the actor's reach, by name. */
export function reachOf(db: Db, actor: ConsoleActor) {
  return actor.kind === 'benevole'
    ? repo.benevoleBuildingsIn(db, actor.buildingIds ?? [])
    : repo.buildingsIn(db, actor.syndic.id, actor.buildingIds);
}

const within = (actor: ConsoleActor) =>
  repo.reachCondition(actor.kind === 'benevole' ? null : actor.syndic.id, actor.buildingIds);

export async function me(db: Db, actor: ConsoleActor, user: { email: string | null }): Promise<ConsoleMe> {
  const buildings = await reachOf(db, actor);
  return {
    user: { id: actor.userId, email: user.email, display_name: actor.displayName },
    kind: actor.kind,
    role: actor.role,
    staff: actor.staffId ? { id: actor.staffId, display_name: actor.displayName } : null,
    syndic: { id: actor.syndic.id, name: actor.syndic.name },
    buildings: buildings.map((b) => ({ id: b.id, name: b.name })),
    actions: consoleActionsOf(actor.role),
    has_coproprietaire_space: await repo.holdsRecord(db, actor.userId),
  };
}

/** An assembly not yet convened whose date is within the 21 days plus the post's margin (days). */
const CONVENE_MARGIN_DAYS = 10;
const DAY = 86_400_000;

type Portfolio = DataOf<typeof consoleEndpoints.portfolio>;

const actionsOf = (a: Portfolio['buildings'][number]['actions']) =>
  a.new_signalements +
  a.unanswered_conversations +
  a.pending_invitations +
  a.missing_documents +
  a.balances_over_threshold +
  a.assemblies_to_convene;

/**
 * The portfolio home: each building within reach with what needs action there. One statement for
 * the buildings and their counts; the décret 2019-502 items missing from memory while what each
 * building's checklist reads is unchanged, one more statement for the others.
 */
export async function portfolio(
  db: Db,
  actor: ConsoleActor,
  q: { balance_threshold_cents: number; sort?: 'name' | 'actions'; limit?: number },
): Promise<Portfolio> {
  const now = new Date();
  const counts = await buildingCounts(db, within(actor), {
    thresholdCents: q.balance_threshold_cents,
    now,
    conveneBefore: new Date(now.getTime() + (CONVOCATION_DAYS + CONVENE_MARGIN_DAYS) * DAY),
  });
  const missing = await missingDocumentCounts(db, counts, now);
  const rows = counts.map((c) => ({
    id: c.id,
    name: c.name,
    city: c.address?.city ?? null,
    full_address: fullAddress(c.address),
    lots: c.lots,
    coproprietaires: c.owners,
    actions: {
      new_signalements: c.new_signalements,
      unanswered_conversations: c.unanswered,
      pending_invitations: c.pending_invitations,
      missing_documents: missing.get(c.id) ?? 0,
      balances_over_threshold: c.over_threshold,
      assemblies_to_convene: c.to_convene,
    },
  }));
  // Most to do first, then by name (the sort is stable: `counts` come by name).
  if (q.sort === 'actions') rows.sort((a, b) => actionsOf(b.actions) - actionsOf(a.actions));
  return {
    buildings: q.limit ? rows.slice(0, q.limit) : rows,
    total: rows.length,
    balance_threshold_cents: q.balance_threshold_cents,
  };
}

export async function search(db: Db, actor: ConsoleActor, q: string) {
  const r = await repo.search(db, within(actor), q);
  return {
    buildings: r.buildings.map((b) => ({
      id: b.id,
      name: b.name,
      full_address: fullAddress(b.address as AddressLike),
    })),
    coproprietaires: r.owners.map((o) => ({ id: o.id, name: o.name, copropriete: o.copro })),
    lots: r.lots.map((l) => ({ id: l.id, number: l.number, name: l.name, copropriete: l.copro })),
  };
}

export async function building(db: Db, coproId: string): Promise<DataOf<typeof consoleEndpoints.building>> {
  const row = await repo.building(db, coproId);
  if (!row) throw new AppError('NOT_FOUND');
  const a = row.c.address ?? {};
  const ext = await repo.externalIdOf(db, row.c.syndic_id, coproId);
  return {
    id: row.c.id,
    name: row.c.name,
    address: {
      full_address: a.full_address ?? '',
      number: a.number ?? null,
      street: a.street ?? null,
      city: a.city ?? null,
      zip_code: a.zip_code ?? null,
      latitude: a.latitude ?? null,
      longitude: a.longitude ?? null,
    },
    email: row.c.email,
    phone: row.c.phone,
    lots: row.lots,
    coproprietaires: row.owners,
    external_id: ext && !ext.startsWith('gestion-') ? ext : null,
    benevole: row.c.syndic_benevole_user_id
      ? {
          user_id: row.c.syndic_benevole_user_id,
          name: `${row.benevole_first ?? ''} ${row.benevole_last ?? ''}`.trim(),
        }
      : null,
  };
}

export async function history(db: Db, syndicId: string, coproId: string, cursor?: string) {
  const page = await repo.history(db, syndicId, coproId, cursor);
  return {
    lines: page.items.map(({ r }) => ({
      id: r.id,
      at: r.at.toISOString(),
      actor: {
        kind: r.actor_user_id ? ('console' as const) : r.api_key_id ? ('api' as const) : ('import' as const),
        name: r.actor,
      },
      action: r.action,
      resource: r.resource,
      resource_id: r.resource_id,
      changes: shown(r.action, r.changes),
    })),
    next_cursor: page.next_cursor,
  };
}
