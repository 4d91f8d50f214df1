import { type CoproprietaireBody, coproprietaireItem } from '@tantieme/contract';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import { revokePending } from '../../invitations/invitations.service.js';
import {
  addFieldError,
  type BulkItem,
  externalResource,
  type ItemErrors,
  requireExternalId,
  type SyndicApiContext,
  type Tx,
  writeAudit,
} from '../kit/index.js';
import { assertNotRemoved, removedConflict, removedExternalIds } from '../rgpd/rgpd.service.js';
import { checkCopro, checkRefs, checkSameCopro } from './checks.js';
import * as repo from './coproprietaires.repo.js';
import { lotCopros } from './lots.repo.js';
import { R } from './portfolio.repo.js';

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
    updateMany: async (tx, rows) => {
      await repo.updateCoproprietaires(
        tx,
        rows.map((r) => ({ id: r.id, ...coproprietaireValues(r.data) })),
      );
      await repo.setLotsOf(
        tx,
        api.syndicId,
        rows
          .filter((r) => r.data.lots.join() !== r.before.lots.join())
          .map((r) => ({ id: r.id, lots: r.data.lots })),
      );
    },
  }),
  check: async (tx, api, items: BulkItem<CoproprietaireBody>[]) => {
    const errors: ItemErrors = new Map();
    // A removed co-owner comes back only through …/restore (decision 112).
    const removed = await removedExternalIds(
      tx,
      api.syndicId,
      items.map((i) => i.externalId),
    );
    for (const i of items)
      if (removed.has(i.externalId))
        addFieldError(errors, i.index, 'external_id', removedConflict(i.externalId));
    for (const i of items) {
      // The president sits on the council (decision 7).
      if (i.data.is_president) i.data.is_member_syndicat = true;
      if (!i.data.company && !i.data.last_name)
        addFieldError(errors, i.index, 'last_name', 'Le nom ou la société est requis.');
    }
    const coproIds = await checkCopro(tx, api, items, errors);
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
    const lotCopro = await lotCopros(tx, [...lotIds.values()]);
    for (const i of items)
      i.data.lots.forEach((ext, k) => {
        const lotId = lotIds.get(ext);
        if (lotId && lotCopro.get(lotId) !== coproIds.get(i.data.copropriete))
          addFieldError(errors, i.index, `lots.${k}`, `Le lot ${ext} n'est pas dans cette copropriété.`);
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
    await repo.setLotsOf(tx, api.syndicId, [{ id, lots: [] }]);
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
