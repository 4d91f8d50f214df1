import { revokePending } from '../../invitations/invitations.repo.js';
import { lotRemoval, repartitionRemoval } from '../accounts/removals.js';
import { assertNotRemoved, removedConflict, removedExternalIds } from '../rgpd/rgpd.service.js';
import {
  type AdministratorBody,
  administratorItem,
  type CoproprietaireBody,
  type CoproprieteBody,
  coproprietaireItem,
  coproprieteItem,
  type LotBody,
  lotItem,
  type RepartitionBody,
  repartitionItem,
  tantiemesTotalError,
} from '@tantieme/contract';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import {
  type BulkItem,
  externalResource,
  addFieldError,
  type ItemErrors,
  requireExternalId,
  type SyndicApiContext,
  type Tx,
  writeAudit,
} from '../kit/index.js';
import * as copros from './coproprietes.repo.js';
import * as repo from './portfolio.repo.js';
import { R } from './portfolio.repo.js';

type Errors = ItemErrors;
const addError = addFieldError;

/** References to another resource of the syndic by external_id; unknown ones are item errors. */
async function checkRefs<T>(
  tx: Tx,
  api: SyndicApiContext,
  items: BulkItem<T>[],
  errors: Errors,
  resource: string,
  refs: (d: T) => { field: string; ext: string }[],
  label: string,
) {
  const all = items.flatMap((i) => refs(i.data).map((r) => r.ext));
  const found = await repo.resolve(tx, api.syndicId, resource, all);
  for (const i of items)
    for (const r of refs(i.data))
      if (!found.has(r.ext)) addError(errors, i.index, r.field, `${label} inconnu(e) : ${r.ext}`);
  return found;
}

/** A resource's building may not change: its lots, charges and history belong to that building. */
async function checkSameCopro<T extends { copropriete: string }>(
  tx: Tx,
  api: SyndicApiContext,
  resource: string,
  items: BulkItem<T>[],
  errors: Errors,
  load: (ids: string[]) => Promise<Map<string, { copropriete: string }>>,
) {
  const existing = await repo.resolve(
    tx,
    api.syndicId,
    resource,
    items.map((i) => i.externalId),
  );
  if (existing.size === 0) return;
  const current = await load([...existing.values()]);
  for (const i of items) {
    const id = existing.get(i.externalId);
    const before = id ? current.get(id) : undefined;
    if (before && before.copropriete !== i.data.copropriete)
      addError(errors, i.index, 'copropriete', "La copropriété d'une ressource existante ne change pas.");
  }
}

// ── copropriétés ───────────────────────────────────────────────────────────────

export const coproprietes = externalResource({
  item: coproprieteItem,
  spec: (api) => ({
    resource: R.copropriete,
    load: async (tx, ids) => {
      const bodies = await copros.loadMany(tx, api.syndicId, ids);
      const admins = await repo.coproAdministratorExts(tx, api.syndicId, ids);
      for (const [id, b] of bodies) b.administrators = admins.get(id) ?? [];
      return bodies;
    },
    insert: async (tx, rows) => {
      await copros.insertMany(tx, api.syndicId, rows);
      for (const r of rows) await repo.setCoproAdministrators(tx, api.syndicId, r.id, r.data.administrators);
    },
    update: async (tx, id, data, before) => {
      await copros.update(tx, api.syndicId, id, data);
      if (data.administrators.join() !== before.administrators.join())
        await repo.setCoproAdministrators(tx, api.syndicId, id, data.administrators);
    },
  }),
  check: async (tx, api, items: BulkItem<CoproprieteBody>[]) => {
    const errors: Errors = new Map();
    await checkRefs(
      tx,
      api,
      items,
      errors,
      R.administrator,
      (d) => d.administrators.map((ext, k) => ({ field: `administrators.${k}`, ext })),
      'Gestionnaire',
    );
    // Stored as a set, so the order sent does not matter (after the checks: errors name the index sent).
    for (const i of items) i.data.administrators = [...new Set(i.data.administrators)].sort();
    return errors;
  },
});

// ── gestionnaires ──────────────────────────────────────────────────────────────

export const administrators = externalResource({
  item: administratorItem,
  spec: (api) => ({
    resource: R.administrator,
    load: (tx, ids) => repo.loadAdministrators(tx, api.syndicId, ids),
    insert: (tx, rows) => repo.insertAdministrators(tx, api.syndicId, rows),
    update: (tx, id, data) => repo.updateAdministrator(tx, api.syndicId, id, data),
  }),
  check: async (_tx, _api, items: BulkItem<AdministratorBody>[]) => {
    // The name shown in chat and on 'Gestionnaire copropriété' defaults to first + last name.
    for (const i of items)
      i.data.display_name ??= [i.data.first_name, i.data.last_name].filter(Boolean).join(' ');
    return new Map();
  },
});

// ── lots ───────────────────────────────────────────────────────────────────────

export const lots = externalResource({
  remove: lotRemoval,
  item: lotItem,
  spec: (api) => ({
    resource: R.lot,
    load: (tx, ids) => repo.loadLots(tx, api.syndicId, ids),
    insert: (tx, rows) => repo.insertLots(tx, api.syndicId, rows),
    update: (tx, id, data) => repo.updateLot(tx, id, data),
  }),
  check: async (tx, api, items: BulkItem<LotBody>[]) => {
    const errors: Errors = new Map();
    const coproIds = await checkRefs(
      tx,
      api,
      items,
      errors,
      R.copropriete,
      (d) => [{ field: 'copropriete', ext: d.copropriete }],
      'Copropriété',
    );
    await checkSameCopro(tx, api, R.lot, items, errors, (ids) => repo.loadLots(tx, api.syndicId, ids));
    // A lot number is unique in its building: in this call and against the lots stored.
    const mine = await repo.resolve(
      tx,
      api.syndicId,
      R.lot,
      items.map((i) => i.externalId),
    );
    const seen = new Map<string, number>();
    const pairs = items.flatMap((i) => {
      const coproId = coproIds.get(i.data.copropriete);
      return coproId ? [{ i, coproId, number: i.data.number }] : [];
    });
    const taken = await repo.lotNumbersTaken(tx, pairs);
    for (const p of pairs) {
      const key = `${p.coproId}|${p.number}`;
      const holder = taken.get(key);
      if (seen.has(key) || (holder && holder !== mine.get(p.i.externalId)))
        addError(errors, p.i.index, 'number', `Le lot n° ${p.number} existe déjà dans cette copropriété.`);
      seen.set(key, p.i.index);
    }
    return errors;
  },
});

// ── répartitions et tantièmes ──────────────────────────────────────────────────

export const repartitions = externalResource({
  remove: repartitionRemoval,
  item: repartitionItem,
  spec: (api) => ({
    resource: R.repartition,
    load: (tx, ids) => repo.loadRepartitions(tx, api.syndicId, ids),
    insert: (tx, rows) => repo.insertRepartitions(tx, api.syndicId, rows),
    update: (tx, id, data, before) => repo.updateRepartition(tx, api.syndicId, id, data, before),
  }),
  check: async (tx, api, items: BulkItem<RepartitionBody>[]) => {
    const errors: Errors = new Map();
    const coproIds = await checkRefs(
      tx,
      api,
      items,
      errors,
      R.copropriete,
      (d) => [{ field: 'copropriete', ext: d.copropriete }],
      'Copropriété',
    );
    const lotIds = await checkRefs(
      tx,
      api,
      items,
      errors,
      R.lot,
      (d) => d.tantiemes.map((t, k) => ({ field: `tantiemes.${k}.lot`, ext: t.lot })),
      'Lot',
    );
    await checkSameCopro(tx, api, R.repartition, items, errors, (ids) =>
      repo.loadRepartitions(tx, api.syndicId, ids),
    );
    const lotCopro = await repo.lotCopros(tx, [...lotIds.values()]);
    for (const i of items) {
      const coproId = coproIds.get(i.data.copropriete);
      const seen = new Set<string>();
      i.data.tantiemes.forEach((t, k) => {
        const lotId = lotIds.get(t.lot);
        if (seen.has(t.lot))
          addError(errors, i.index, `tantiemes.${k}.lot`, `Le lot ${t.lot} est en double.`);
        else if (lotId && coproId && lotCopro.get(lotId) !== coproId)
          addError(
            errors,
            i.index,
            `tantiemes.${k}.lot`,
            `Le lot ${t.lot} n'est pas dans cette copropriété.`,
          );
        seen.add(t.lot);
      });
      const mismatch = tantiemesTotalError(
        i.data.tantiemes.map((t) => t.tantieme),
        i.data.total_tantieme,
      );
      if (mismatch) addError(errors, i.index, 'tantiemes', mismatch);
    }
    for (const i of items) i.data.tantiemes.sort((a, b) => a.lot.localeCompare(b.lot));
    return errors;
  },
});

// ── copropriétaires ────────────────────────────────────────────────────────────

const CIVILITY: Record<string, string> = {
  mr: 'M.',
  mrs: 'Mme',
  mr_and_mrs: 'M. et Mme',
  mr_or_mrs: 'M. ou Mme',
};

/** The name the product shows: the company, else civility + first name + last name. */
export function displayName(
  d: Pick<CoproprietaireBody, 'civility' | 'first_name' | 'last_name' | 'company'>,
) {
  if (d.company) return d.company;
  return [d.civility ? CIVILITY[d.civility] : null, d.first_name, d.last_name].filter(Boolean).join(' ');
}

function coproprietaireValues(d: CoproprietaireBody) {
  return {
    civility: d.civility,
    first_name: d.first_name,
    last_name: d.last_name,
    company: d.company,
    name: d.company ?? ([d.last_name, d.first_name].filter(Boolean).join(' ') || 'Copropriétaire'),
    display_name: displayName(d) || 'Copropriétaire',
    address: d.address,
    contacts: d.contacts.map((c, k) => ({ id: `c${k + 1}`, ...c })),
    members: d.members,
    is_member_syndicat: d.is_member_syndicat,
    is_president: d.is_president,
  };
}

async function loadCoproprietaires(tx: Tx | Db, syndicId: string, ids: string[]) {
  const rows = await repo.loadCoproprietaireRows(tx, syndicId, ids);
  return new Map(
    rows.map(({ row: c, copropriete, lots }) => [
      c.id,
      {
        copropriete,
        civility: (c.civility ?? null) as CoproprietaireBody['civility'],
        first_name: c.first_name ?? null,
        last_name: c.last_name ?? null,
        company: c.company ?? null,
        address: c.address
          ? {
              full_address: c.address.full_address ?? '',
              street: c.address.street ?? null,
              zip_code: c.address.zip_code ?? null,
              city: c.address.city ?? null,
              country: c.address.country ?? null,
              latitude: c.address.latitude ?? null,
              longitude: c.address.longitude ?? null,
            }
          : null,
        contacts: (c.contacts ?? []).map(({ id: _id, ...k }) => k) as CoproprietaireBody['contacts'],
        members: c.members as CoproprietaireBody['members'],
        is_member_syndicat: c.is_member_syndicat,
        is_president: c.is_president,
        lots,
        attached: c.user_id !== null,
        removed_at: c.removed_at?.toISOString() ?? null,
      },
    ]),
  );
}

const coproprietaireResource = externalResource({
  item: coproprietaireItem,
  spec: (api) => ({
    resource: R.coproprietaire,
    load: (tx, ids) => loadCoproprietaires(tx, api.syndicId, ids),
    insert: (tx, rows) =>
      repo.insertCoproprietaires(
        tx,
        api.syndicId,
        rows.map(({ id, data }) => ({
          id,
          values: coproprietaireValues(data),
          copropriete: data.copropriete,
          lots: data.lots,
        })),
      ),
    update: async (tx, id, data, before) => {
      await repo.updateCoproprietaire(tx, id, coproprietaireValues(data));
      if (data.lots.join() !== before.lots.join())
        await repo.setCoproprietaireLots(tx, api.syndicId, id, data.lots);
    },
  }),
  check: async (tx, api, items: BulkItem<CoproprietaireBody>[]) => {
    const errors: Errors = new Map();
    // A removed co-owner comes back only through …/restore (decision 112).
    const removed = await removedExternalIds(
      tx,
      api.syndicId,
      items.map((i) => i.externalId),
    );
    for (const i of items)
      if (removed.has(i.externalId)) addError(errors, i.index, 'external_id', removedConflict(i.externalId));
    for (const i of items) {
      // The president sits on the council (decision 7).
      if (i.data.is_president) i.data.is_member_syndicat = true;
      if (!i.data.company && !i.data.last_name)
        addError(errors, i.index, 'last_name', 'Le nom ou la société est requis.');
    }
    const coproIds = await checkRefs(
      tx,
      api,
      items,
      errors,
      R.copropriete,
      (d) => [{ field: 'copropriete', ext: d.copropriete }],
      'Copropriété',
    );
    const lotIds = await checkRefs(
      tx,
      api,
      items,
      errors,
      R.lot,
      (d) => d.lots.map((ext, k) => ({ field: `lots.${k}`, ext })),
      'Lot',
    );
    await checkSameCopro(tx, api, R.coproprietaire, items, errors, (ids) =>
      loadCoproprietaires(tx, api.syndicId, ids),
    );
    const lotCopro = await repo.lotCopros(tx, [...lotIds.values()]);
    for (const i of items)
      i.data.lots.forEach((ext, k) => {
        const lotId = lotIds.get(ext);
        if (lotId && lotCopro.get(lotId) !== coproIds.get(i.data.copropriete))
          addError(errors, i.index, `lots.${k}`, `Le lot ${ext} n'est pas dans cette copropriété.`);
      });
    for (const i of items) i.data.lots = [...new Set(i.data.lots)].sort();
    return errors;
  },
});

export const coproprietaires = {
  ...coproprietaireResource,
  /** A PUT of a removed co-owner is a 409 naming the restore call, never a silent restore. */
  async put(
    db: Db,
    api: SyndicApiContext,
    externalId: string,
    data: Parameters<typeof coproprietaireResource.put>[3],
  ) {
    await assertNotRemoved(db, api.syndicId, externalId);
    return coproprietaireResource.put(db, api, externalId, data);
  },
};

/**
 * Removes a co-owner from the building: its lots are detached and the record marked removed,
 * but the record stays with its ledger, documents and votes (the account that holds it keeps
 * reading that history). Only POST …/restore brings it back.
 */
export async function removeCoproprietaire(db: Db, api: SyndicApiContext, externalId: string) {
  return db.transaction(async (tx) => {
    const id = await requireExternalId(tx, api.syndicId, R.coproprietaire, externalId);
    const before = (await loadCoproprietaires(tx, api.syndicId, [id])).get(id);
    if (!before) throw new AppError('NOT_FOUND');
    const removedAt = new Date();
    await repo.setCoproprietaireLots(tx, api.syndicId, id, []);
    await repo.updateCoproprietaire(tx, id, { removed_at: removedAt });
    // No way in through an invitation sent before the removal.
    const revoked = await revokePending(tx, id);
    await writeAudit(tx, api, [
      {
        action: 'deleted',
        resource: R.coproprietaire,
        resourceId: id,
        externalId,
        changes: {
          lots: { before: before.lots, after: [] },
          removed_at: { before: before.removed_at, after: removedAt.toISOString() },
          ...(revoked ? { invitations_revoked: { before: 0, after: revoked } } : {}),
        },
      },
    ]);
    return {
      external_id: externalId,
      id,
      lots_detached: before.lots,
      user_attached: before.attached,
      removed_at: removedAt.toISOString(),
      kept: await repo.historyCounts(tx, id),
    };
  });
}
