import { externalIdParams, type SyndicDocumentGroupBody } from '@tantieme/contract';
import type { Db, Executor, Tx } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import {
  addFieldError,
  type BulkItem,
  checkedId,
  externalIdsOf,
  externalResource,
  type ItemErrors,
  RES,
  refsOf,
  removeExternal,
  storedIdsOf,
  type SyndicApiContext,
  type UpsertSpec,
} from '../../syndic-api/kit/index.js';
import * as repo from '../documents.repo.js';

/** Document groups in the syndic API: the shelves documents are put on (SPEC §3). */
type GroupData = SyndicDocumentGroupBody;

export async function loadGroups(db: Executor, api: SyndicApiContext, ids: string[]) {
  const rows = await repo.groupsByIds(db, api.syndicId, ids);
  const copros = await externalIdsOf(
    db,
    api.syndicId,
    RES.copropriete,
    rows.flatMap((r) => (r.copropriete_id ? [r.copropriete_id] : [])),
  );
  return new Map(
    rows.map((r) => [
      r.id,
      {
        scope: r.scope as GroupData['scope'],
        copropriete: r.copropriete_id ? (copros.get(r.copropriete_id) ?? null) : null,
        name: r.name,
        number: r.number,
        approve_date: r.approve_date,
        sort: r.sort,
        audience: r.audience === 'council' ? 'council' : 'all',
      } satisfies GroupData,
    ]),
  );
}

async function groupRow(tx: Tx, api: SyndicApiContext, d: GroupData) {
  return {
    scope: d.scope,
    copropriete_id: d.copropriete ? await checkedId(tx, api, RES.copropriete, d.copropriete) : null,
    syndic_id: api.syndicId,
    name: d.name,
    kind: 'default',
    number: d.number,
    approve_date: d.approve_date,
    sort: d.sort,
    audience: d.audience,
  };
}

export const documentGroupsResource = externalResource({
  item: externalIdParams, // no bulk: the item schema only names the id
  spec: (api): UpsertSpec<GroupData> => ({
    resource: RES.group,
    load: (db, ids) => loadGroups(db, api, ids),
    insert: async (tx, rows) => {
      for (const r of rows) await repo.insertGroup(tx, { id: r.id, ...(await groupRow(tx, api, r.data)) });
    },
    update: async (tx, id, data) => repo.updateGroup(tx, id, await groupRow(tx, api, data)),
  }),
  check: async (tx, api, items: BulkItem<GroupData>[]) => {
    const errors: ItemErrors = new Map();
    const copros = await refsOf(
      tx,
      api,
      RES.copropriete,
      items.flatMap((i) => (i.data.copropriete ? [i.data.copropriete] : [])),
    );
    const existing = await storedIdsOf(tx, api, RES.group, items);
    const before = await loadGroups(tx, api, [...existing.values()]);
    for (const { index, externalId, data } of items) {
      if (data.copropriete && !copros.has(data.copropriete))
        addFieldError(errors, index, 'copropriete', `Copropriété inconnue : ${data.copropriete}`);
      const prev = before.get(existing.get(externalId) ?? '');
      if (prev && (prev.scope !== data.scope || prev.copropriete !== data.copropriete))
        addFieldError(errors, index, 'copropriete', "La copropriété d'un groupe existant ne change pas.");
    }
    return errors;
  },
});

export const deleteGroup = (db: Db, api: SyndicApiContext, ext: string) =>
  removeExternal(
    db,
    api,
    RES.group,
    ext,
    (tx, ids) => loadGroups(tx, api, ids),
    async (tx, id) => {
      if (await repo.groupHasDocuments(tx, id))
        throw new AppError('CONFLICT', "Ce groupe contient encore des documents : supprimez-les d'abord.");
      await repo.deleteGroup(tx, id);
    },
  );
